import ChatPlatform
import Timekeeping

/// Applies events for every chat's task, one at a time.
///
/// SQLite has a single writer, and ``UpdateProcessor/apply(_:processedAt:prepared:)`` holds the
/// database lock for its whole transaction. When each chat's task called it directly, the tasks of a
/// batch blocked the cooperative pool's threads on that lock and about half of the CPU went to the
/// kernel's futex hand-offs (pipeline benchmark, 2 cores). Queued on this actor instead, waiting
/// tasks are suspended, and the preparation and acknowledgements of other chats still overlap.
actor EventApplier {
    private let processor: UpdateProcessor
    private let clock: any WallClock

    init(processor: UpdateProcessor, clock: any WallClock) {
        self.processor = processor
        self.clock = clock
    }

    /// Applies `envelope` (see ``UpdateProcessor/apply(_:processedAt:prepared:)``), stamped with the
    /// time its turn came.
    func apply(_ envelope: IncomingEnvelope, prepared: PreparedEvent) -> UpdateProcessor.Applied? {
        processor.apply(envelope, processedAt: clock.now, prepared: prepared)
    }
}
