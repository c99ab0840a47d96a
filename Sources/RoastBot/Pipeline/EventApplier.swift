import ChatPlatform
import Synchronization
import Timekeeping

/// The single writer of events: every chat's task hands its event here and waits; one drain applies
/// whatever is waiting, several events to a commit.
///
/// SQLite has one writer. Chats' tasks taking the database lock in turn would block the cooperative
/// pool's threads on it and spend the CPU on the kernel's lock hand-offs; here waiting tasks are
/// suspended instead, and a busy moment turns into group commits: the events queued while one commit was being
/// written go into the next transaction together (``UpdateProcessor/attempt(group:clock:budget:)``),
/// at most ``groupBudget`` of work each, which bounds how long an event waits for its commit. When
/// events trickle in, each still gets its own commit at once.
final class EventApplier: Sendable {
    /// Work per shared transaction before it commits.
    static let groupBudget = Duration.milliseconds(2)

    private struct Request: Sendable {
        var envelope: IncomingEnvelope
        var prepared: PreparedEvent
        var continuation: CheckedContinuation<UpdateProcessor.Attempt, Never>
    }

    private struct Queue {
        var pending: [Request] = []
        var draining = false
    }

    private let processor: UpdateProcessor
    private let clock: any WallClock
    private let metrics: BotMetrics
    private let queue = Mutex(Queue())

    init(processor: UpdateProcessor, clock: any WallClock, metrics: BotMetrics = .disabled) {
        self.processor = processor
        self.clock = clock
        self.metrics = metrics
    }

    /// Attempts `envelope` (see ``UpdateProcessor/attempt(_:processedAt:prepared:)``) and returns once
    /// its transaction has committed or rolled back.
    func attempt(_ envelope: IncomingEnvelope, prepared: PreparedEvent) async -> UpdateProcessor.Attempt {
        let handedOver = ContinuousClock.now
        defer { metrics.committed(after: ContinuousClock.now - handedOver) }
        return await withCheckedContinuation { continuation in
            let startsDrain = queue.withLock { queue in
                queue.pending.append(Request(envelope: envelope, prepared: prepared, continuation: continuation))
                guard !queue.draining else { return false }
                queue.draining = true
                return true
            }
            if startsDrain { Task { self.drain() } }
        }
    }

    /// Applies waiting events, oldest first, until none is left.
    private func drain() {
        while true {
            let waiting = queue.withLock { queue in
                let waiting = queue.pending
                queue.pending = []
                if waiting.isEmpty { queue.draining = false }
                return waiting
            }
            guard !waiting.isEmpty else { return }
            var rest = waiting[...]
            while !rest.isEmpty {
                let results = processor.attempt(
                    group: rest.map { (envelope: $0.envelope, prepared: $0.prepared) }[...], clock: clock, budget: Self.groupBudget)
                for (request, result) in zip(rest, results) { request.continuation.resume(returning: result) }
                rest = rest.dropFirst(results.count)
            }
        }
    }
}
