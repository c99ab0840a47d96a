import Foundation
import Synchronization

/// A clock that moves only when a test calls ``advance(by:)``, ``set(to:)`` or ``stepWallClock(by:)``.
///
/// Advancing moves the wall clock and ``uptime`` together; ``stepWallClock(by:)`` moves only the wall
/// clock, as when a machine's clock is set, which may go backwards. Sleepers wake, in deadline
/// order, as soon as ``uptime`` reaches their deadline (a sleep until a date waits for the uptime
/// that date was away when the sleep began).
public final class ManualClock: WallClock {
    private struct Sleeper {
        let id: UInt64
        let deadline: Duration
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var origin: Date
        var uptime: Duration = .zero
        /// Seconds the wall clock was stepped by.
        var wallStep: Double = 0
        var nextID: UInt64 = 0
        var sleepers: [Sleeper] = []

        var now: Date { origin.addingTimeInterval(uptime.seconds + wallStep) }
    }

    private let state: Mutex<State>

    public init(now: Date = Date(timeIntervalSince1970: 1_767_225_600)) {
        state = Mutex(State(origin: now))
    }

    public var now: Date { state.withLock { $0.now } }

    public var uptime: Duration { state.withLock { $0.uptime } }

    /// How many tasks are currently sleeping on this clock.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Moves time forward by `seconds` (negative amounts are ignored: time does not go back).
    public func advance(by seconds: Double) {
        guard seconds > 0 else { return }
        wake(
            state.withLock { state in
                state.uptime += .seconds(seconds)
                return Self.due(&state)
            })
    }

    /// Moves time forward to `date` (a date in the past is ignored).
    public func set(to date: Date) {
        advance(by: date.timeIntervalSince(now))
    }

    /// Sets the wall clock `seconds` away (backwards too) without moving ``uptime``.
    public func stepWallClock(by seconds: Double) {
        state.withLock { $0.wallStep += seconds }
    }

    public func sleep(until deadline: Date) async throws {
        let target = state.withLock { $0.uptime + .seconds(deadline.timeIntervalSince($0.now)) }
        try await sleep(untilUptime: target)
    }

    public func sleep(untilUptime deadline: Duration) async throws {
        let id: UInt64 = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow: Bool = state.withLock { state in
                    if deadline <= state.uptime || Task.isCancelled { return true }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                if resumeNow { continuation.resume() }
            }
            try Task.checkCancellation()
        } onCancel: {
            let cancelled: Sleeper? = state.withLock { state in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    private static func due(_ state: inout State) -> [Sleeper] {
        let uptime = state.uptime
        let due = state.sleepers.filter { $0.deadline <= uptime }.sorted { $0.deadline < $1.deadline }
        state.sleepers.removeAll { $0.deadline <= uptime }
        return due
    }

    private func wake(_ sleepers: [Sleeper]) {
        for sleeper in sleepers { sleeper.continuation.resume() }
    }
}
