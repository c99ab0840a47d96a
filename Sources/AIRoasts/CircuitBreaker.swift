import Foundation

/// Stops calling a provider that keeps failing: after `threshold` consecutive outages it opens for
/// `cooldown` seconds; then one trial call is let through (half-open) — success closes it, failure
/// opens it again. A value type driven by the caller's clock, so tests control time.
public struct CircuitBreaker: Sendable, Hashable {
    public enum State: Sendable, Hashable {
        case closed
        case open(until: Date)
        case halfOpen
    }

    public let threshold: Int
    public let cooldown: Double
    public private(set) var state: State = .closed
    public private(set) var consecutiveFailures = 0

    public init(threshold: Int, cooldown: Double) {
        self.threshold = max(1, threshold)
        self.cooldown = cooldown
    }

    /// Whether a call may go out at `now`; moves an expired open breaker to half-open.
    public mutating func allowsCall(at now: Date) -> Bool {
        switch state {
        case .closed: return true
        case .halfOpen: return false
        case .open(let until):
            guard now >= until else { return false }
            state = .halfOpen
            return true
        }
    }

    public mutating func recordSuccess() {
        state = .closed
        consecutiveFailures = 0
    }

    public mutating func recordFailure(at now: Date) {
        consecutiveFailures += 1
        if state == .halfOpen || consecutiveFailures >= threshold {
            state = .open(until: now.addingTimeInterval(cooldown))
        }
    }

    /// A call that ended without saying anything about the provider's health (e.g. cancelled):
    /// a half-open breaker lets the next call try again.
    public mutating func recordNeutral() {
        if state == .halfOpen { state = .open(until: .distantPast) }
    }
}
