import Foundation

/// The time source for services that wait: the present instant, a monotonic count for measuring
/// intervals, and ways to sleep.
///
/// Engines never read a clock; services receive one. Tests use ``ManualClock``, demos ``SimulatedClock``.
/// Dates (``now``) are for what people see and what is stored; intervals that must not shift when
/// the machine's clock is set (throttles, cache lifetimes, backoff) are measured on ``uptime``.
public protocol WallClock: Sendable {
    /// The current instant.
    var now: Date { get }
    /// Suspends until `deadline` has been reached on this clock, or throws `CancellationError`.
    func sleep(until deadline: Date) async throws
    /// Time since a fixed origin on a monotonic clock: it never goes back and does not jump when the
    /// wall clock is set.
    var uptime: Duration { get }
    /// Suspends until ``uptime`` reaches `deadline`, or throws `CancellationError`.
    func sleep(untilUptime deadline: Duration) async throws
}

extension WallClock {
    /// Suspends for `seconds` of this clock's time.
    public func sleep(for seconds: Double) async throws {
        try await sleep(untilUptime: uptime + .seconds(seconds))
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    public var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
