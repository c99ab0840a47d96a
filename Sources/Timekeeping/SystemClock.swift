import Foundation

/// The machine's real-time clock, with the continuous (monotonic) clock for ``uptime``.
public struct SystemClock: WallClock {
    /// Where ``uptime`` counts from: the first use in this process.
    private static let origin = ContinuousClock.now

    public init() {}

    public var now: Date { Date() }

    public func sleep(until deadline: Date) async throws {
        let seconds = deadline.timeIntervalSinceNow
        guard seconds > 0 else { return try Task.checkCancellation() }
        try await Task.sleep(for: .seconds(seconds))
    }

    public var uptime: Duration { ContinuousClock.now - Self.origin }

    public func sleep(untilUptime deadline: Duration) async throws {
        try await Task.sleep(until: Self.origin + deadline, clock: .continuous)
    }
}
