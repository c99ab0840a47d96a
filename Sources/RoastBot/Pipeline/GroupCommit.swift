import Foundation
import Synchronization

/// Gathers the events that different chats submit at the same time and applies them with one
/// SQLite commit (``UpdateProcessor/applyAll(_:)``), then wakes each submitter after that commit.
///
/// A commit costs far more than the work of one event, so under load many events share one; when
/// the bot is idle, an event is applied alone and at once. Order within a chat is kept by the
/// caller, which submits a chat's next event only after the previous one returned.
final class GroupCommit: Sendable {
    private struct Waiting {
        let item: UpdateProcessor.Item
        let continuation: CheckedContinuation<UpdateProcessor.Applied?, Never>
    }

    private struct State {
        var waiting: [Waiting] = []
        var committing = false
    }

    private let processor: UpdateProcessor
    private let maximum: Int
    private let state = Mutex(State())

    init(processor: UpdateProcessor, maximum: Int = 256) {
        self.processor = processor
        self.maximum = maximum
    }

    /// Applies `item` in the next commit and returns its result once that commit is durable.
    func apply(_ item: UpdateProcessor.Item) async -> UpdateProcessor.Applied? {
        await withCheckedContinuation { continuation in
            let leads = state.withLock { state in
                state.waiting.append(Waiting(item: item, continuation: continuation))
                guard !state.committing else { return false }
                state.committing = true
                return true
            }
            if leads { commitWhileWaiting() }
        }
    }

    /// Run by the submitter that found no commit in progress: commits everything that is waiting,
    /// again and again, until nothing is.
    private func commitWhileWaiting() {
        while true {
            let group: [Waiting] = state.withLock { state in
                let group = Array(state.waiting.prefix(maximum))
                state.waiting.removeFirst(group.count)
                if group.isEmpty { state.committing = false }
                return group
            }
            guard !group.isEmpty else { return }
            let results = processor.applyAll(group.map(\.item))
            for (waiting, result) in zip(group, results) { waiting.continuation.resume(returning: result) }
        }
    }
}
