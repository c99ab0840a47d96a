import ChatPlatform
import Foundation
import Logging
import RoastCore
import RoastStore
import Timekeeping

/// Applies platform events to the database exactly once.
///
/// For each event, one SQLite transaction — or one savepoint of a transaction shared by a group of
/// events, see ``attempt(group:clock:budget:)`` — holds: the check that its key
/// (``IncomingEnvelope/key``) was not applied before, every state change the handler makes, the
/// outgoing messages (as outbox rows) and the mark that the key is now applied. A crash at any point
/// therefore either loses the whole event (it is fetched again after restart) or keeps all of it; it
/// is never applied twice. An event without a key is idempotent by itself and applied whenever it comes.
///
/// An attempt that fails keeps nothing; whether to try again (the store was busy, locked or full) or
/// to give the event up (``skip(_:at:because:)``) is the caller's decision (see ``EventPipeline``).
public struct UpdateProcessor: Sendable {
    /// The result of applying one event, for the caller's after-commit work.
    public struct Applied: Sendable, Hashable {
        public var outcome: HandlerOutcome
        /// Number of outbox rows written.
        public var queued: Int
        /// The chat whose outbox queue they went to (the event's), nil when none was written.
        public var queuedIn: ChatID?
    }

    /// What one attempt to apply an event came to.
    public enum Attempt: Sendable {
        /// Committed; nil when the event had been applied before.
        case applied(Applied?)
        /// Rolled back: nothing of the event was kept.
        case failed(any Error)
    }

    private let database: RoastDatabase
    /// What the platform is like (handlers read it in their ``EventContext``).
    public let platform: PlatformProfile
    /// Decodes events and hands them to the features.
    public let router: EventRouter
    private let activity: ActivityRecorder
    private let seed: UInt64
    private let logger: Logger
    private let metrics: BotMetrics

    public init(
        database: RoastDatabase, platform: PlatformProfile, router: EventRouter, activity: ActivityRecorder, seed: UInt64, logger: Logger,
        metrics: BotMetrics = .disabled
    ) {
        self.database = database
        self.platform = platform
        self.router = router
        self.activity = activity
        self.seed = seed
        self.logger = logger
        self.metrics = metrics
    }

    /// Applies `envelope` in a transaction of its own, unless it was applied before. Without
    /// `prepared`, the event is decoded here and nothing is fetched before its transaction.
    public func attempt(_ envelope: IncomingEnvelope, processedAt: Date, prepared: PreparedEvent? = nil) -> Attempt {
        let prepared = prepared ?? PreparedEvent(action: router.decode(envelope))
        do {
            return .applied(
                try database.write { tx in
                    try applyInTransaction(envelope, processedAt: processedAt, prepared: prepared, tx)
                })
        } catch {
            return .failed(error)
        }
    }

    /// Applies `envelope` once, giving it up at the first failure (recorded as skipped). For callers
    /// with nobody to wait for a store to recover: benchmarks and tests. Nil when it had been applied
    /// before or was skipped.
    public func apply(_ envelope: IncomingEnvelope, processedAt: Date, prepared: PreparedEvent? = nil) -> Applied? {
        switch attempt(envelope, processedAt: processedAt, prepared: prepared) {
        case .applied(let applied):
            return applied
        case .failed(let error):
            try? skip(envelope, at: processedAt, because: error)
            return nil
        }
    }

    /// Applies `events` in order in one transaction — one commit, each event inside its own savepoint —
    /// until they run out, one fails, or `budget` has passed since the first began. Returns the
    /// attempts made, a prefix of `events` (never empty when `events` is not), as
    /// ``attempt(_:processedAt:prepared:)`` would have: a failing event is rolled back to its
    /// savepoint, the events before it keep their effects, and the events after it are not tried.
    /// If the shared transaction itself cannot begin or commit, every event tried failed (with the
    /// store condition one of them met, if any).
    public func attempt(
        group events: ArraySlice<(envelope: IncomingEnvelope, prepared: PreparedEvent)>, clock: any WallClock, budget: Duration
    ) -> [Attempt] {
        guard events.count > 1 else {
            return events.map { attempt($0.envelope, processedAt: clock.now, prepared: $0.prepared) }
        }
        var results: [Attempt] = []
        do {
            try database.write { tx in
                let started = ContinuousClock.now
                for event in events {
                    if !results.isEmpty, ContinuousClock.now - started >= budget { break }
                    let processedAt = clock.now
                    do {
                        results.append(
                            .applied(
                                try tx.savepoint { tx in
                                    try applyInTransaction(event.envelope, processedAt: processedAt, prepared: event.prepared, tx)
                                }))
                    } catch {
                        results.append(.failed(error))
                        break
                    }
                }
            }
            return results
        } catch {
            // A store condition inside an event (a full disk) can make SQLite roll the whole transaction
            // back; the commit then fails with "no transaction is active", which says nothing of the
            // events. They all failed because of the store: that is reported, so they are waited out.
            let cause =
                results.lazy.compactMap { attempt -> (any Error)? in
                    guard case .failed(let failure) = attempt, failure.isStoreCondition else { return nil }
                    return failure
                }.first ?? error
            return Array(repeating: .failed(cause), count: max(results.count, 1))
        }
    }

    /// Records `envelope` as applied with no effects, unless it was applied before: an event given up
    /// (its failure repeats while the store takes other writes), so that it never wedges the pipeline.
    public func skip(_ envelope: IncomingEnvelope, at processedAt: Date, because error: any Error) throws {
        if let key = envelope.key {
            try database.write { tx in
                if try !tx.hasApplied(key, from: envelope.source) {
                    try tx.markApplied(key, from: envelope.source, at: processedAt)
                }
            }
        }
        logger.error(
            "event failed; recorded as skipped",
            metadata: [
                "source": "\(envelope.source)", "update": "\(envelope.key.map(String.init) ?? "none")", "chat": "\(envelope.chat.id)",
                "error": "\(error)",
            ])
    }

    private func applyInTransaction(
        _ envelope: IncomingEnvelope, processedAt: Date, prepared: PreparedEvent, _ tx: borrowing StoreTransaction
    )
        throws -> Applied?
    {
        let started = ContinuousClock.now
        defer { metrics.handled(envelope.event, in: ContinuousClock.now - started) }
        if let key = envelope.key {
            guard try !tx.hasApplied(key, from: envelope.source) else { return nil }
        }
        if prepared.throttle == .ignore {
            // A spammer's command during their cooldown: recorded as applied, with no effect at all —
            // but an interaction the platform insists on (every Discord command) gets a word for the
            // spammer alone, rather than an error for them.
            if let key = envelope.key { try tx.markApplied(key, from: envelope.source, at: processedAt) }
            guard envelope.interaction != nil else { return Applied(outcome: .nothing, queued: 0, queuedIn: nil) }
            let language = try tx.chat(envelope.chat.id)?.language ?? BotDefaults.language(for: envelope)
            return Applied(outcome: HandlerOutcome(notice: Phrasebook(language).slowDown), queued: 0, queuedIn: nil)
        }
        let defaultLanguage = BotDefaults.language(for: envelope)
        var chat = try tx.ensureChat(envelope.chat, defaultLanguage: defaultLanguage, at: envelope.date)
        // A press not issued on its message, or someone else's personal button, goes no further.
        let action = try router.screen(prepared.action, envelope, tx)
        let countsAsActivity = try router.countsAsActivity(action, in: chat.chatID, tx)
        if !chat.isActive, countsAsActivity, action.traits.isRequest {
            // Someone sends the bot a message there, so it is back (e.g. unblocked in private). A press
            // on an old message proves nothing: Telegram delivers those from chats that removed the bot.
            try tx.setChatActive(chat.chatID, true, at: envelope.date)
            chat.isActive = true
        }
        if prepared.action.traits.isRequest, chat.lastTopic != envelope.topicOfNewPosts {
            // Where the bot was last asked something: scheduled posts go there in a chat without a
            // main thread (see ``ReplyPlacement/scheduled(in:on:)``) — as new posts, where the
            // platform says they start elsewhere (``IncomingEnvelope/newPostTopic``).
            try tx.setLastTopic(envelope.topicOfNewPosts, of: chat.chatID)
            chat.lastTopic = envelope.topicOfNewPosts
        }
        var profile: Profile?
        if let sender = envelope.actor.person, countsAsActivity {
            profile = try tx.touchProfile(chat: chat.chatID, person: sender, at: envelope.date)
        }
        var context = EventContext(
            envelope: envelope, platform: platform, chat: chat, profile: profile, localDate: LocalDate(envelope.date, in: chat.zone),
            processedAt: processedAt, menu: router.menu, prepared: prepared.roast)
        context.senderIsAdmin = prepared.senderIsAdmin
        var random = SplitMix64(seed: seed ^ UInt64(bitPattern: Self.randomKey(of: envelope)) &* 0x2545_F491_4F6C_DD1D)
        var outcome: HandlerOutcome
        if prepared.throttle == .warn {
            outcome = HandlerOutcome(replies: [.send(OutgoingMessage(text: RichText(plain: context.words.slowDown)))])
        } else {
            let mark = tx.measureMark
            let streak = try activity.recordStreak(context, tx)
            outcome = try router.handle(action, context, tx, &random)
            let announcements = try activity.announcements(
                after: streak, moved: tx.measuresMoved(since: mark), credited: outcome.credited, context, tx)
            outcome.replies =
                ReplyComposer.compose(outcome.replies, announcements: announcements, limit: platform.messageLimit) + outcome.accompanying
        }
        let sender = envelope.sender.map { (user: $0.id, chat: chat.chatID) }
        let placement = ReplyPlacement(event: envelope, knownTopic: outcome.topic)
        for reply in outcome.replies {
            let placed = placement.place(reply)
            // Queued in the event's chat; a private reply is about the person it goes to.
            let destination = Destination(chat: chat.chatID, person: placed.person, interaction: envelope.interaction)
            let about = placed.person.map { (user: $0, chat: chat.chatID) } ?? sender
            try tx.enqueue(placed.action, to: destination, anchor: placed.anchor, at: processedAt, about: about)
        }
        if let key = envelope.key { try tx.markApplied(key, from: envelope.source, at: processedAt) }
        return Applied(outcome: outcome, queued: outcome.replies.count, queuedIn: outcome.replies.isEmpty ? nil : chat.chatID)
    }

    /// What seeds the event's random choices: its key, so that an event replayed after a crash chooses
    /// as it did; an event without one (idempotent by itself) by its date.
    static func randomKey(of envelope: IncomingEnvelope) -> Int64 {
        envelope.key ?? Int64(envelope.date.timeIntervalSince1970 * 1_000)
    }
}
