import Foundation
import Synchronization
import Testing
import Timekeeping

struct ManualClockTests {
    @Test func sleepersWakeInDeadlineOrderWhenTheClockReachesThem() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_000))
        let woken = Woken()
        let sleepers = [30, 10, 20].map { offset in
            Task { [woken] in
                try await clock.sleep(until: Date(timeIntervalSince1970: 1_000 + Double(offset)))
                woken.offsets.withLock { $0.append(offset) }
            }
        }
        while clock.sleeperCount < 3 { await Task.yield() }
        clock.advance(by: 15)
        try await sleepers[1].value
        #expect(woken.offsets.withLock { $0 } == [10])
        #expect(clock.sleeperCount == 2)
        clock.advance(by: 100)
        for sleeper in sleepers { try await sleeper.value }
        #expect(woken.offsets.withLock { $0 }.count == 3)
        #expect(woken.offsets.withLock { $0 }.last == 30)
    }

    @Test func theClockNeverMovesBackwards() {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 5_000))
        clock.set(to: Date(timeIntervalSince1970: 4_000))
        #expect(clock.now == Date(timeIntervalSince1970: 5_000))
        clock.advance(by: -10)
        #expect(clock.now == Date(timeIntervalSince1970: 5_000))
    }

    @Test func aDeadlineAlreadyPassedReturnsAtOnce() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 5_000))
        try await clock.sleep(until: Date(timeIntervalSince1970: 4_999))
        #expect(clock.sleeperCount == 0)
    }

    @Test func cancellingASleeperThrowsAndForgetsIt() async throws {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: 60) }
        while clock.sleeperCount < 1 { await Task.yield() }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }
}

/// Offsets of the sleepers that woke, in the order they woke.
private final class Woken: Sendable {
    let offsets = Mutex<[Int]>([])
}

struct SimulatedClockTests {
    @Test func startsAtItsStartAndRunsAtItsRate() async throws {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let clock = SimulatedClock(start: start, rate: 3_600)
        let first = clock.now
        #expect(first >= start)
        try await Task.sleep(for: .milliseconds(20))
        // 20 ms of real time at an hour per second is at least 72 simulated seconds.
        #expect(clock.now.timeIntervalSince(first) >= 72)
    }

    @Test func sleepingUntilASimulatedDeadlineTakesRealTimeDividedByTheRate() async throws {
        let clock = SimulatedClock(start: Date(timeIntervalSince1970: 0), rate: 1_000)
        let before = ContinuousClock.now
        try await clock.sleep(for: 50)  // 50 simulated seconds = 50 ms
        let elapsed = ContinuousClock.now - before
        #expect(elapsed >= .milliseconds(45))
        #expect(clock.now.timeIntervalSince1970 >= 50)
    }
}
