import ChatPlatform
import Foundation
import Logging
import RoastCore
import RoastStore
import Timekeeping

/// Applies platform events to the database exactly once.
///
/// For each event, one SQLite transaction — or one savepoint of a transaction shared by a group of
/// events, see ``apply(group:clock:budget:)`` — holds: the check that its sequence number was not
/// applied before, every state change the handler makes, the outgoing messages (as outbox rows) and
/// the mark that the sequence number is now applied. A crash at any point therefore either loses the
/// whole event (it is fetched again after restart) or keeps all of it; it is never applied twice.
public struct UpdateProcessor: Sendable {
    /// The result of applying one event, for the caller's after-commit work.
    public struct Applied: Sendable, Hashable {
        public var outcome: HandlerOutcome
        /// Number of outbox rows written.
        public var queued: Int
    }

    private let database: RoastDatabase
    /// Decodes events and hands them to the features.
    public let router: EventRouter
    private let activity: ActivityRecorder
    private let seed: UInt64
    private let logger: Logger

    public init(database: RoastDatabase, router: EventRouter, activity: ActivityRecorder, seed: UInt64, logger: Logger) {
        self.database = database
        self.router = router
        self.activity = activity
        self.seed = seed
        self.logger = logger
    }

    /// Applies `envelope` unless it was applied before (then returns nil). Without `prepared`, the
    /// event is decoded here and nothing is fetched before its transaction.
    ///
    /// A handler failure rolls the transaction back; the event is then recorded as applied with no
    /// effects (and logged), so one poisonous event can never wedge the pipeline.
    public func apply(_ envelope: IncomingEnvelope, processedAt: Date, prepared: PreparedEvent? = nil) -> Applied? {
        let prepared = prepared ?? PreparedEvent(action: router.decode(envelope))
        do {
            return try database.write { tx in
                try applyInTransaction(envelope, processedAt: processedAt, prepared: prepared, tx)
            }
        } catch {
            logSkip(envelope, error)
            do {
                try database.write { tx in try markSkipped(envelope, at: processedAt, tx) }
            } catch {
                logger.critical("cannot record a skipped event", metadata: ["update": "\(envelope.sequence)", "error": "\(error)"])
            }
            return nil
        }
    }

    /// Applies `events` in order in one transaction — one commit, each event inside its own savepoint —
    /// until they run out or `budget` has passed since the first began; returns the results of those
    /// applied (a prefix of `events`, never empty when `events` is not), as ``apply(_:processedAt:prepared:)``
    /// would have.
    ///
    /// Each event is still all-or-nothing: a failing one is rolled back to its savepoint and recorded
    /// as skipped, the others keep their effects. The commit is shared, so a crash before it loses the
    /// whole group, all of which is fetched again after restart. If the shared transaction itself
    /// fails, the events are applied one by one instead.
    public func apply(
        group events: ArraySlice<(envelope: IncomingEnvelope, prepared: PreparedEvent)>, clock: any WallClock, budget: Duration
    ) -> [Applied?] {
        guard events.count > 1 else {
            return events.map { apply($0.envelope, processedAt: clock.now, prepared: $0.prepared) }
        }
        var results: [Applied?] = []
        do {
            try database.write { tx in
                let started = ContinuousClock.now
                for event in events {
                    if !results.isEmpty, ContinuousClock.now - started >= budget { break }
                    let processedAt = clock.now
                    do {
                        results.append(
                            try tx.savepoint { tx in
                                try applyInTransaction(event.envelope, processedAt: processedAt, prepared: event.prepared, tx)
                            })
                    } catch {
                        logSkip(event.envelope, error)
                        try markSkipped(event.envelope, at: processedAt, tx)
                        results.append(nil)
                    }
                }
            }
            return results
        } catch {
            logger.warning("a group of events could not be committed; applying them one by one", metadata: ["error": "\(error)"])
            return events.prefix(max(results.count, 1)).map { apply($0.envelope, processedAt: clock.now, prepared: $0.prepared) }
        }
    }

    /// Records a failed event as applied (with no effects), unless it was applied before.
    private func markSkipped(_ envelope: IncomingEnvelope, at processedAt: Date, _ tx: borrowing StoreTransaction) throws {
        if try !tx.hasApplied(envelope.sequence, from: envelope.source) {
            try tx.markApplied(envelope.sequence, from: envelope.source, at: processedAt)
        }
    }

    private func logSkip(_ envelope: IncomingEnvelope, _ error: any Error) {
        logger.error(
            "event failed; recorded as skipped",
            metadata: ["update": "\(envelope.sequence)", "chat": "\(envelope.chat.id)", "error": "\(error)"])
    }

    private func applyInTransaction(
        _ envelope: IncomingEnvelope, processedAt: Date, prepared: PreparedEvent, _ tx: borrowing StoreTransaction
    )
        throws -> Applied?
    {
        guard try !tx.hasApplied(envelope.sequence, from: envelope.source) else { return nil }
        if prepared.throttle == .ignore {
            // A spammer's command during their cooldown: recorded as applied, with no effect at all.
            try tx.markApplied(envelope.sequence, from: envelope.source, at: processedAt)
            return Applied(outcome: .nothing, queued: 0)
        }
        let defaultLanguage = BotDefaults.language(for: envelope)
        var chat = try tx.ensureChat(envelope.chat, defaultLanguage: defaultLanguage, at: envelope.date)
        let countsAsActivity = try router.countsAsActivity(prepared.action, in: chat.chatID, tx)
        if !chat.isActive, countsAsActivity {
            // Someone talks to the bot there, so it can post there again (e.g. unblocked in private).
            try tx.setChatActive(chat.chatID, true)
            chat.isActive = true
        }
        var profile: Profile?
        if let sender = envelope.sender, !sender.isBot, countsAsActivity {
            profile = try tx.touchProfile(chat: chat.chatID, person: sender, at: envelope.date)
        }
        var context = EventContext(
            envelope: envelope, chat: chat, profile: profile, localDate: LocalDate(envelope.date, in: chat.zone), processedAt: processedAt,
            menu: router.menu, prepared: prepared.roast)
        context.senderIsAdmin = prepared.senderIsAdmin
        var random = SplitMix64(seed: seed ^ UInt64(bitPattern: envelope.sequence) &* 0x2545_F491_4F6C_DD1D)
        var outcome: HandlerOutcome
        if prepared.throttle == .warn {
            outcome = HandlerOutcome(replies: [.send(OutgoingMessage(text: RichText(plain: context.words.slowDown)))])
        } else {
            let mark = tx.measureMark
            let streak = try activity.recordStreak(context, tx)
            outcome = try router.handle(prepared.action, context, tx, &random)
            let announcements = try activity.announcements(
                after: streak, moved: tx.measuresMoved(since: mark), credited: outcome.credited, context, tx)
            outcome.replies = ReplyComposer.compose(outcome.replies, announcements: announcements)
        }
        var queued = 0
        let placement = ReplyPlacement(event: envelope, knownTopic: outcome.topic)
        for reply in outcome.replies {
            switch placement.place(reply) {
            case .send(let message, let anchor):
                _ = try tx.enqueue(.send(message), chat: chat.chatID, anchor: anchor, at: processedAt)
            case .edit(let messageID, let message):
                _ = try tx.enqueue(.edit(messageID, message), chat: chat.chatID, anchor: nil, at: processedAt)
            case .editButtons(let messageID, let buttons):
                _ = try tx.enqueue(.editButtons(messageID, buttons), chat: chat.chatID, anchor: nil, at: processedAt)
            case .document(let document):
                _ = try tx.enqueue(.document(document), chat: chat.chatID, anchor: nil, at: processedAt)
            }
            queued += 1
        }
        try tx.markApplied(envelope.sequence, from: envelope.source, at: processedAt)
        return Applied(outcome: outcome, queued: queued)
    }
}
