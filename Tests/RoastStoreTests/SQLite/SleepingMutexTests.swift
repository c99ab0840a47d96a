import Foundation
import Testing

@testable import RoastStore

/// The database connection's lock: one holder at a time, the value seen as the last holder left it.
struct SleepingMutexTests {
    @Test func threadsThatContendForItNeverHoldItTogether() async {
        // Each holder reads, yields the processor mid-update and writes back: without exclusion,
        // updates are lost and two holders are seen inside at once.
        let lock = SleepingMutex((total: 0, inside: 0, overlaps: 0))
        let threads = 8
        let rounds = 2_000
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<threads {
                group.addTask {
                    for _ in 0..<rounds {
                        lock.withLock { state in
                            state.inside += 1
                            if state.inside > 1 { state.overlaps += 1 }
                            let seen = state.total
                            sched_yield()
                            state.total = seen + 1
                            state.inside -= 1
                        }
                    }
                }
            }
        }
        let state = lock.withLock { $0 }
        #expect(state.total == threads * rounds)
        #expect(state.overlaps == 0)
    }

    @Test func whatTheBodyThrowsLeavesTheLockFree() {
        struct Refused: Error {}
        let lock = SleepingMutex(1)
        #expect(throws: Refused.self) { try lock.withLock { (_: inout Int) throws(Refused) in throw Refused() } }
        // Taken again at once: a lock left held would hang here.
        #expect(
            lock.withLock { value in
                value += 1
                return value
            } == 2)
    }
}
