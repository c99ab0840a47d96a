import ChatPlatform
import Foundation
import Logging
import RoastStore
import Timekeeping

/// Runs batches of events: one chat's events strictly in order, different chats concurrently (their
/// network preparation and acknowledgements overlap; their transactions queue on one
/// ``EventApplier``); answers button presses right after their transaction commits and wakes the outbox.
public struct EventPipeline: Sendable {
    private let applier: EventApplier
    private let database: RoastDatabase
    private let platform: any ChatPlatform
    private let outbox: OutboxDeliverer
    private let logger: Logger
    /// Fetches AI roasts before the transaction; nil when no AI provider is configured.
    private let preparer: RoastPreparer?
    private let adminCheck: AdminCheck?
    private let abuseGate: AbuseGate?
    private let inline: (any InlineAnswering)?
    private let router: EventRouter

    public init(
        processor: UpdateProcessor, database: RoastDatabase, platform: any ChatPlatform, outbox: OutboxDeliverer,
        clock: any WallClock, logger: Logger, preparer: RoastPreparer? = nil, adminCheck: AdminCheck? = nil,
        abuseGate: AbuseGate? = nil, inline: (any InlineAnswering)? = nil
    ) {
        self.router = processor.router
        self.preparer = preparer
        self.adminCheck = adminCheck
        self.abuseGate = abuseGate
        self.inline = inline
        self.applier = EventApplier(processor: processor, clock: clock)
        self.database = database
        self.platform = platform
        self.outbox = outbox
        self.logger = logger
    }

    /// Applies every envelope, then persists `nextOffset` (when given) as the point `source` resumes
    /// from after a restart. Applied sequence numbers of `source` below it are pruned: it never
    /// delivers them again.
    public func process(_ envelopes: [IncomingEnvelope], from source: EventSource, nextOffset: Int64?) async {
        var order: [ChatID] = []
        var byChat: [ChatID: [IncomingEnvelope]] = [:]
        for envelope in envelopes {
            if byChat[envelope.chat.id] == nil { order.append(envelope.chat.id) }
            byChat[envelope.chat.id, default: []].append(envelope)
        }
        await withTaskGroup(of: Void.self) { group in
            for chat in order {
                let events = byChat[chat] ?? []
                group.addTask { await processInOrder(events) }
            }
        }
        guard let nextOffset else { return }
        do {
            try database.write { tx in
                try tx.setResumePoint(nextOffset, of: source)
                try tx.pruneApplied(from: source, below: nextOffset)
            }
        } catch {
            logger.error("cannot persist the poll offset", metadata: ["offset": "\(nextOffset)", "error": "\(error)"])
        }
    }

    private func processInOrder(_ events: [IncomingEnvelope]) async {
        for envelope in events {
            // Decoded once; everything that needs the network or in-memory state is decided before the transaction.
            let action = router.decode(envelope)
            let needs = action.traits.needs
            let throttle = abuseGate?.judge(envelope, action.traits) ?? .allow
            let prepared = PreparedEvent(
                action: action, senderIsAdmin: await adminCheck?.prepare(envelope, needs: needs), throttle: throttle,
                roast: throttle == .allow ? await preparer?.prepare(envelope, need: needs.roast) : nil)
            let applied = await applier.apply(envelope, prepared: prepared)
            if let answer = applied?.outcome.inlineAnswer { await answerInline(answer) }
            if case .buttonPress(let callbackID, _, _) = envelope.event {
                await acknowledge(callbackID, notice: applied?.outcome.notice)
            }
            if let applied, applied.queued > 0 { outbox.wake() }
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

    private func acknowledge(_ callbackID: String, notice: String?) async {
        do {
            try await platform.acknowledge(buttonPress: callbackID, notice: notice)
        } catch {
            logger.notice("button acknowledgement failed", metadata: ["error": "\(error)"])
        }
    }
}
