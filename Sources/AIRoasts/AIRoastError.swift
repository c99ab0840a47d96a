import RoastCore

/// Why no AI roast came back. Carries neither the key nor the prompt or answer text, so it can be logged.
public enum AIRoastError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Recent calls failed; the breaker skips the provider until its cool-down ends.
    case circuitOpen
    /// No answer within the configured timeout.
    case timedOut
    /// The connection failed (refused, DNS, TLS, dropped).
    case unreachable(String)
    /// The provider answered with an error status (after the one retry for 429/5xx).
    case status(Int)
    /// The answer was not a chat completion with text.
    case malformedResponse
    /// The answer failed the safety filter.
    case unsafe(SafetyViolation)
    /// The calling task was cancelled.
    case cancelled

    public var description: String {
        switch self {
        case .circuitOpen: "circuit open"
        case .timedOut: "timed out"
        case .unreachable(let reason): "unreachable (\(reason))"
        case .status(let code): "HTTP status \(code)"
        case .malformedResponse: "malformed response"
        case .unsafe(let violation): "rejected by the safety filter: \(violation)"
        case .cancelled: "cancelled"
        }
    }

    /// Whether the failure says the provider is unhealthy (counts toward opening the breaker).
    var countsAsOutage: Bool {
        switch self {
        case .timedOut, .unreachable, .status, .malformedResponse: true
        case .circuitOpen, .unsafe, .cancelled: false
        }
    }
}
