import Foundation

/// The time source for services that wait: the present instant, and a way to sleep until a later one.
///
/// Engines never read a clock; services receive one. Tests use ``ManualClock``, demos ``SimulatedClock``.
public protocol WallClock: Sendable {
    /// The current instant.
    var now: Date { get }
    /// Suspends until `deadline` has been reached on this clock, or throws `CancellationError`.
    func sleep(until deadline: Date) async throws
}

extension WallClock {
    /// Suspends for `seconds` of this clock's time.
    public func sleep(for seconds: Double) async throws {
        try await sleep(until: now.addingTimeInterval(seconds))
    }
}
