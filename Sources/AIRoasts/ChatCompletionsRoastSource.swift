import CurlHTTP
import Foundation
import Logging
import RoastCore
import Synchronization

/// Roasts from an OpenAI-compatible chat-completions endpoint over the project's libcurl client.
///
/// One call: at most two HTTP requests (one retry on 429 or 5xx) within the configured timeout; a
/// circuit breaker skips the provider after repeated outages; the answer is tidied (quotes and
/// whitespace) and must pass the ``SafetyFilter``. The key is sent only in the `Authorization` header
/// and appears in no log or error.
public final class ChatCompletionsRoastSource: AIRoastSource {
    private let configuration: AIProviderConfiguration
    private let client: any HTTPClient
    private let safety: SafetyFilter
    private let now: @Sendable () -> Date
    private let logger: Logger
    private let breaker: Mutex<CircuitBreaker>

    /// - Parameter now: the clock the circuit breaker's cool-down is measured on.
    public init(
        configuration: AIProviderConfiguration, client: any HTTPClient, safety: SafetyFilter, logger: Logger,
        now: @escaping @Sendable () -> Date
    ) {
        self.configuration = configuration
        self.client = client
        self.safety = safety
        self.now = now
        self.logger = logger
        breaker = Mutex(CircuitBreaker(threshold: configuration.failureThreshold, cooldown: configuration.cooldown))
    }

    /// The breaker's state, for status output and tests.
    public var breakerState: CircuitBreaker.State { breaker.withLock { $0.state } }

    public func roast(_ prompt: RoastPrompt) async throws(AIRoastError) -> String {
        let start = now()
        guard breaker.withLock({ $0.allowsCall(at: start) }) else { throw .circuitOpen }
        let text: String
        do {
            text = try await complete(prompt)
        } catch {
            if error.countsAsOutage {
                breaker.withLock { $0.recordFailure(at: now()) }
                logger.warning("AI roast failed", metadata: ["error": "\(error)"])
            } else {
                breaker.withLock { $0.recordNeutral() }
            }
            throw error
        }
        // The provider answered: it is healthy, whatever the filter thinks of the answer.
        breaker.withLock { $0.recordSuccess() }
        if case .rejected(let violation) = safety.check(text) {
            logger.notice("AI roast rejected by the safety filter", metadata: ["violation": "\(violation)"])
            throw .unsafe(violation)
        }
        return text
    }

    // MARK: - Helpers

    /// Sends the request, retrying once on 429/5xx while time remains, and extracts the text.
    private func complete(_ prompt: RoastPrompt) async throws(AIRoastError) -> String {
        let body = try encode(prompt)
        let deadline = ContinuousClock.now + .milliseconds(Int(configuration.timeout * 1000))
        var attempt = 0
        while true {
            attempt += 1
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .milliseconds(50) else { throw .timedOut }
            let response = try await send(body, timeout: Self.seconds(remaining))
            switch response.status {
            case 200..<300:
                return try Self.text(of: response)
            case 429 where attempt == 1, 500..<600 where attempt == 1:
                logger.info("AI provider busy; retrying once", metadata: ["status": "\(response.status)"])
                continue
            default:
                throw .status(response.status)
            }
        }
    }

    private func send(_ body: [UInt8], timeout: Double) async throws(AIRoastError) -> HTTPResponse {
        var headers = [(name: "Content-Type", value: "application/json"), (name: "Accept", value: "application/json")]
        if let key = configuration.apiKey, !key.isEmpty { headers.append((name: "Authorization", value: "Bearer \(key)")) }
        let request = HTTPRequest(
            method: .post, url: configuration.endpoint, headers: headers, body: body, timeout: timeout,
            connectTimeout: min(timeout, 5))
        do {
            return try await client.send(request)
        } catch {
            switch error {
            case .timedOut: throw .timedOut
            case .cancelled: throw .cancelled
            case .connectionRefused: throw .unreachable("connection refused")
            case .dnsFailure: throw .unreachable("DNS failure")
            case .tls: throw .unreachable("TLS failure")
            case .connectionLost: throw .unreachable("connection lost")
            case .invalidRequest: throw .unreachable("invalid request")
            case .other(let code, _): throw .unreachable("curl error \(code)")
            case .responseTooLarge: throw .unreachable("response too large")
            }
        }
    }

    private func encode(_ prompt: RoastPrompt) throws(AIRoastError) -> [UInt8] {
        let request = ChatCompletions.Request(
            model: configuration.model,
            messages: prompt.messages.map { ChatCompletions.Request.Message(role: $0.role, content: $0.content) },
            temperature: configuration.temperature, max_tokens: configuration.maxTokens)
        guard let data = try? JSONEncoder().encode(request) else { throw .malformedResponse }
        return Array(data)
    }

    private static func text(of response: HTTPResponse) throws(AIRoastError) -> String {
        guard let decoded = try? JSONDecoder().decode(ChatCompletions.Response.self, from: Data(response.body)),
            let content = decoded.choices.first?.message?.content
        else { throw .malformedResponse }
        let text = tidy(content)
        guard !text.isEmpty else { throw .malformedResponse }
        return text
    }

    /// Trims whitespace and one pair of wrapping quotes, which models like to add.
    static func tidy(_ content: String) -> String {
        var text = content.trimmingCharacters(in: .whitespacesAndNewlines)
        let pairs: [(Character, Character)] = [("\"", "\""), ("“", "”"), ("'", "'"), ("«", "»")]
        if let first = text.first, let last = text.last, text.count >= 2,
            pairs.contains(where: { $0.0 == first && $0.1 == last })
        {
            text = String(text.dropFirst().dropLast()).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return text
    }

    private static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
