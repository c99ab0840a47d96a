import HTTPServing
import Prometheus
import RoastBot
import TelegramAdapter

/// The HTTP endpoints of an operated bot, as routes of an ``HTTPServer``: `GET /metrics`
/// (Prometheus text), `GET /healthz` (200 or 503 with a one-line reason) and the webhook.
enum OperationsEndpoints {
    static let metricsPath = "/metrics"
    static let healthPath = "/healthz"
    static let secretHeader = "X-Telegram-Bot-Api-Secret-Token"

    /// Every metric the registry holds, after `refresh` has read the figures that are states.
    static func metrics(registry: PrometheusCollectorRegistry, refresh: @escaping @Sendable () -> Void) -> HTTPRoute {
        .get { _ in
            refresh()
            return ServedResponse(status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8", body: registry.emitToBuffer())
        }
    }

    static func health(_ check: HealthCheck) -> HTTPRoute {
        .get { _ in
            let report = await check.evaluate()
            return .text(report.isHealthy ? 200 : 503, report.reason)
        }
    }

    /// Telegram's deliveries: only POST; the secret and the declared length are checked on the
    /// listener's thread before any of the body is read, the body is read up to the receiver's limit.
    static func webhook(_ receiver: TelegramWebhookReceiver) -> HTTPRoute {
        HTTPRoute(
            maximumBodyBytes: receiver.maximumBodyBytes,
            screen: { head in
                guard head.method == "POST" else { return .methodNotAllowed("POST") }
                var declared: Int?
                if case .length(let length) = head.framing { declared = length }
                return receiver.screen(secretToken: head.field(secretHeader), declaredLength: declared).map(response)
            },
            bodyTooLarge: { response(receiver.refuseOversizedBody()) },
            handle: { request in response(await receiver.deliver(body: request.body)) })
    }

    private static func response(_ reply: TelegramWebhookReceiver.Reply) -> ServedResponse {
        .text(reply.status, reply.body, refusal: reply.refusal)
    }
}
