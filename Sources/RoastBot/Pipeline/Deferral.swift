import Synchronization

/// An answer given only if the work it stands for is late: ``init(after:_:)`` starts a timer, and
/// ``settle()`` (when the work is done) either stops it before it fires or waits until what it fired
/// has finished — so that whatever the caller does next (the real answer) comes after it.
final class Deferral: Sendable {
    private enum State {
        case waiting
        case firing
        case stopped
    }

    private let state = Mutex(State.waiting)
    private let task = Mutex<Task<Void, Never>?>(nil)

    /// Runs `action` after `delay` of real time, unless settled before.
    init(after delay: Duration, _ action: @escaping @Sendable () async -> Void) {
        let task = Task { [self] in
            do { try await Task.sleep(for: delay) } catch { return }
            let fires = self.state.withLock { state in
                guard state == .waiting else { return false }
                state = .firing
                return true
            }
            if fires { await action() }
        }
        self.task.withLock { $0 = task }
    }

    /// The work is done: the timer stops if it has not fired; if it has, this returns once its action has.
    func settle() async {
        let running = state.withLock { state in
            let fired = state == .firing
            state = fired ? .firing : .stopped
            return fired
        }
        let task = self.task.withLock { $0 }
        if !running { task?.cancel() }
        await task?.value
    }
}
