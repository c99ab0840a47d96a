import ChatPlatform
import Foundation
import Logging
import RoastStore
import Timekeeping

/// Runs batches of events: one chat's events strictly in order, different chats concurrently (their
/// network preparation and answers overlap; their transactions queue on one ``EventApplier``);
/// answers each event that is an interaction (``IncomingEnvelope/interaction``: a button press, every
/// Discord command) right after its transaction commits — with ``InteractionAnswer/deferred`` first
/// when that takes more than half the platform's deadline — and wakes the outbox.
///
/// An event whose transaction fails is tried again, and nothing after it in its chat runs before it:
/// while the failure is a condition of the store (busy, locked, full, I/O — see ``StoreHealth``) it is
/// retried with backoff for as long as it lasts; a failure of the event itself is retried once, and
/// the event is given up (recorded as skipped) only if the failure repeats while the store takes
/// writes. A batch's resume point is stored only once every event in it was applied or skipped.
public struct EventPipeline: Sendable {
    /// The longest wait between two tries of an event while the store refuses writes.
    public static let longestRetryWait = Duration.seconds(2)

    private let processor: UpdateProcessor
    private let applier: EventApplier
    private let database: RoastDatabase
    private let platform: any ChatPlatform
    private let outbox: OutboxDeliverer
    private let clock: any WallClock
    private let logger: Logger
    /// Fetches AI roasts before the transaction; nil when no AI provider is configured.
    private let preparer: RoastPreparer?
    private let adminCheck: AdminCheck?
    private let abuseGate: AbuseGate?
    private let inline: (any InlineAnswering)?
    private let router: EventRouter
    /// Whether the store takes writes, as this pipeline last found it.
    public let health: StoreHealth
    private let metrics: BotMetrics

    public init(
        processor: UpdateProcessor, database: RoastDatabase, platform: any ChatPlatform, outbox: OutboxDeliverer,
        clock: any WallClock, logger: Logger, preparer: RoastPreparer? = nil, adminCheck: AdminCheck? = nil,
        abuseGate: AbuseGate? = nil, inline: (any InlineAnswering)? = nil, health: StoreHealth? = nil, metrics: BotMetrics = .disabled
    ) {
        self.processor = processor
        self.router = processor.router
        self.preparer = preparer
        self.adminCheck = adminCheck
        self.abuseGate = abuseGate
        self.inline = inline
        self.applier = EventApplier(processor: processor, clock: clock, metrics: metrics)
        self.metrics = metrics
        self.database = database
        self.platform = platform
        self.outbox = outbox
        self.clock = clock
        self.logger = logger
        self.health = health ?? StoreHealth(logger: logger)
    }

    /// Applies every envelope, then persists `nextOffset` (when given) as the point `source` resumes
    /// from after a restart. Applied keys of `source` below it are pruned: it never
    /// delivers them again. Cancelled before every event was applied or skipped, it stores nothing:
    /// the source delivers the batch again and what was applied is recognised.
    public func process(_ envelopes: [IncomingEnvelope], from source: EventSource, nextOffset: Int64?) async {
        await run(envelopes, from: source, nextOffset: nextOffset)
    }

    /// Applies the events of a source that confirms each one on its own and keeps no resume point
    /// (Telegram's webhook answers 200 only after this returns true). False when cancelled before
    /// every event was applied or skipped: the source must deliver them again.
    public func settle(_ envelopes: [IncomingEnvelope], from source: EventSource) async -> Bool {
        await run(envelopes, from: source, nextOffset: nil)
    }

    /// Returns whether every event was applied or skipped.
    @discardableResult
    private func run(_ envelopes: [IncomingEnvelope], from source: EventSource, nextOffset: Int64?) async -> Bool {
        var order: [ChatID] = []
        var byChat: [ChatID: [IncomingEnvelope]] = [:]
        for envelope in envelopes {
            metrics.received(envelope.event)
            if byChat[envelope.chat.id] == nil { order.append(envelope.chat.id) }
            byChat[envelope.chat.id, default: []].append(envelope)
        }
        let finished = await withTaskGroup(of: Bool.self) { group in
            for chat in order {
                let events = byChat[chat] ?? []
                group.addTask { await processInOrder(events) }
            }
            return await group.reduce(true) { $0 && $1 }
        }
        guard finished else { return false }
        guard let nextOffset else { return true }
        await untilStored { tx in
            try tx.setResumePoint(nextOffset, of: source)
            try tx.pruneApplied(from: source, below: nextOffset)
        }
        return true
    }

    /// Applies one chat's events in order; false when cancelled before the last was applied or skipped.
    private func processInOrder(_ events: [IncomingEnvelope]) async -> Bool {
        for envelope in events {
            let deferral = envelope.interaction.flatMap { self.deferral(of: $0) }
            // Decoded once; everything that needs the network or in-memory state is decided before the transaction.
            let action = router.decode(envelope)
            let needs = action.traits.needs
            let throttle = abuseGate?.judge(envelope, action.traits) ?? .allow
            let prepared = PreparedEvent(
                action: action, senderIsAdmin: await adminCheck?.prepare(envelope, needs: needs), throttle: throttle,
                roast: throttle == .allow ? await preparer?.prepare(envelope, need: needs.roast) : nil)
            guard let applied = await applyUntilSettled(envelope, prepared) else {
                await deferral?.settle()
                return false
            }
            await deferral?.settle()
            if let answer = applied?.outcome.inlineAnswer { await answerInline(answer) }
            if let interaction = envelope.interaction {
                await answer(interaction, .handled(notice: applied?.outcome.notice, replies: applied?.queued ?? 0))
            }
            if let chat = applied?.queuedIn { outbox.wake(chat: chat) }
        }
        return true
    }

    /// Answers `interaction` with ``InteractionAnswer/deferred`` if its event is not handled by half
    /// the platform's deadline; nil on a platform without one.
    private func deferral(of interaction: Interaction) -> Deferral? {
        guard let deadline = platform.profile.interactions.deadline else { return nil }
        return Deferral(after: deadline / 2) { [platform, logger] in
            do {
                try await platform.answer(interaction, with: .deferred)
            } catch {
                logger.notice("interaction deferral failed", metadata: ["error": "\(error)"])
            }
        }
    }

    /// Tries `envelope` until it is applied (or found applied before: `.some(nil)`) or given up
    /// (`.some(nil)`); nil when cancelled first.
    private func applyUntilSettled(_ envelope: IncomingEnvelope, _ prepared: PreparedEvent) async -> UpdateProcessor.Applied?? {
        var eventFailures = 0
        var wait = Duration.milliseconds(50)
        while !Task.isCancelled {
            let error: any Error
            switch await applier.attempt(envelope, prepared: prepared) {
            case .applied(let applied):
                health.succeeded(at: clock.now)
                switch (applied, prepared.throttle) {
                case (nil, _): metrics.skipped(envelope.event, .duplicate)
                case (_, .ignore): metrics.skipped(envelope.event, .throttled)
                default: metrics.applied(envelope.event)
                }
                return .some(applied)
            case .failed(let failure):
                error = failure
            }
            if error.isStoreCondition {
                health.failed(error, at: clock.now)
            } else {
                eventFailures += 1
                // The event's own failure is tried once more at once; if it repeats while the store
                // takes writes, the event is given up. If the store refuses writes too, wait for it.
                if eventFailures == 1 { continue }
                if storeTakesWrites() {
                    do {
                        try processor.skip(envelope, at: clock.now, because: error)
                        metrics.skipped(envelope.event, .failed)
                        return .some(nil)
                    } catch {
                        health.failed(error, at: clock.now)
                    }
                }
            }
            do { try await Task.sleep(for: wait) } catch { return nil }
            wait = min(wait * 2, Self.longestRetryWait)
        }
        return nil
    }

    /// Whether a write transaction commits now (an empty one: it takes the write lock and commits).
    private func storeTakesWrites() -> Bool {
        do {
            try database.write { _ in }
            return true
        } catch {
            health.failed(error, at: clock.now)
            return false
        }
    }

    /// Runs `body` in a write transaction, waiting out store conditions; returns early only when cancelled.
    private func untilStored(_ body: (borrowing StoreTransaction) throws -> Void) async {
        var wait = Duration.milliseconds(50)
        while !Task.isCancelled {
            do {
                try database.write(body)
                health.succeeded(at: clock.now)
                return
            } catch {
                guard error.isStoreCondition else {
                    logger.error("cannot store the resume point", metadata: ["error": "\(error)"])
                    return
                }
                health.failed(error, at: clock.now)
            }
            do { try await Task.sleep(for: wait) } catch { return }
            wait = min(wait * 2, Self.longestRetryWait)
        }
    }

    private func answerInline(_ answer: InlineAnswer) async {
        guard let inline else { return }
        do {
            try await inline.answerInline(answer.queryID, results: answer.results)
        } catch {
            logger.notice("inline answer failed", metadata: ["error": "\(error)"])
        }
    }

    private func answer(_ interaction: Interaction, _ answer: InteractionAnswer) async {
        do {
            try await platform.answer(interaction, with: answer)
        } catch {
            logger.notice("interaction answer failed", metadata: ["error": "\(error)"])
        }
    }
}
