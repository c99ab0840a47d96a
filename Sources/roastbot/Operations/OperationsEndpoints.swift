import FlyingFox
import Foundation
import Prometheus
import RoastBot
import TelegramAdapter

/// The HTTP endpoints of an operated bot, as handlers for ``HTTPListener``: `GET /metrics`
/// (Prometheus text), `GET /healthz` (200 or 503 with a one-line reason) and the webhook.
enum OperationsEndpoints {
    static let metricsPath = "/metrics"
    static let healthPath = "/healthz"
    static let secretHeader = HTTPHeader("X-Telegram-Bot-Api-Secret-Token")

    /// Every metric the registry holds, after `refresh` has read the figures that are states.
    static func metrics(registry: PrometheusCollectorRegistry, refresh: @escaping @Sendable () -> Void) -> HTTPListener.Handler {
        { request in
            guard request.method == .GET || request.method == .HEAD else { return methodNotAllowed("GET") }
            refresh()
            return HTTPResponse(
                statusCode: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"], body: Data(registry.emitToBuffer()))
        }
    }

    static func health(_ check: HealthCheck) -> HTTPListener.Handler {
        { request in
            guard request.method == .GET || request.method == .HEAD else { return methodNotAllowed("GET") }
            let report = await check.evaluate()
            return text(report.isHealthy ? 200 : 503, report.reason)
        }
    }

    /// Telegram's deliveries: only POST, the body read up to the receiver's limit.
    static func webhook(_ receiver: TelegramWebhookReceiver) -> HTTPListener.Handler {
        { request in
            guard request.method == .POST else { return methodNotAllowed("POST") }
            let reply = await receiver.receive(secretToken: request.headers[secretHeader]) { limit in
                if let declared = request.bodySequence.count, declared > limit { return nil }
                var body = Data()
                for try await chunk in request.bodySequence {
                    body.append(chunk)
                    if body.count > limit { return nil }
                }
                return Array(body)
            }
            return text(reply.status, reply.body)
        }
    }

    private static func methodNotAllowed(_ allowed: String) -> HTTPResponse {
        var response = text(405, "method not allowed")
        response.headers[HTTPHeader("Allow")] = allowed
        return response
    }

    private static func text(_ status: Int, _ body: String) -> HTTPResponse {
        HTTPResponse(
            statusCode: HTTPStatusCode(status, phrase: phrase(status)), headers: [.contentType: "text/plain; charset=utf-8"],
            body: Data((body.isEmpty ? "" : body + "\n").utf8))
    }

    private static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 413: "Content Too Large"
        case 503: "Service Unavailable"
        default: "Error"
        }
    }
}
