import Foundation

/// A clock that starts at a chosen instant and runs `rate` times faster than real time.
///
/// Configured by `ROASTBOT_CLOCK_START` and `ROASTBOT_CLOCK_RATE` so that time-dependent features
/// (daily posts, reminders, seasons) can be demonstrated and tested end to end.
public struct SimulatedClock: WallClock {
    public let start: Date
    public let rate: Double
    private let origin: ContinuousClock.Instant

    public init(start: Date, rate: Double) {
        self.start = start
        self.rate = max(rate, 0.000_001)
        self.origin = ContinuousClock.now
    }

    public var now: Date { start.addingTimeInterval(uptime.seconds) }

    public func sleep(until deadline: Date) async throws {
        let remaining = deadline.timeIntervalSince(now) / rate
        guard remaining > 0 else { return try Task.checkCancellation() }
        try await Task.sleep(for: .seconds(remaining))
    }

    /// Simulated time since the start: real elapsed time times the rate.
    public var uptime: Duration { (ContinuousClock.now - origin) * rate }

    public func sleep(untilUptime deadline: Duration) async throws {
        let remaining = (deadline - uptime).seconds / rate
        guard remaining > 0 else { return try Task.checkCancellation() }
        try await Task.sleep(for: .seconds(remaining))
    }
}
