import Synchronization

/// Wakes one waiting task, or the next one to wait when none is waiting yet (a wake is never lost).
final class FakeSignal: Sendable {
    private struct State {
        var pending = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    func signal() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state.pending = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Returns at the next signal (at once if one came since the last wait) or after `timeout`.
    func wait(timeout: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                try? await Task.sleep(for: timeout)
                self.signal()
            }
            group.addTask {
                await withCheckedContinuation { continuation in
                    let now = self.state.withLock { state -> Bool in
                        guard !state.pending else {
                            state.pending = false
                            return true
                        }
                        state.waiter = continuation
                        return false
                    }
                    if now { continuation.resume() }
                }
            }
            await group.next()
            group.cancelAll()
        }
    }
}
