import Synchronization

/// Wakes tasks waiting for "some request completed". A waiter names the completion count it saw; if the count moved
/// on before it could wait, it returns at once, so a completion is never missed between deciding and waiting.
final class CompletionSignal: Sendable {
    private struct State {
        var count: UInt64 = 0
        var nextID: UInt64 = 0
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Mutex(State())

    /// Records a completion (the new count) and wakes every waiter.
    func signal(count: UInt64) {
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.count = max(state.count, count)
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Returns once the completion count is past `seen`, or when the task is cancelled.
    func wait(after seen: UInt64) async {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.count != seen || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }
}
