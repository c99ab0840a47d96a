import ChatPlatform
import Foundation
import Logging
import RoastStore
import Synchronization
import Timekeeping

/// Delivers the outbox after commit: each chat's messages in order, chats concurrently, through the
/// platform (which applies rate limits and `retry_after`).
///
/// A message leaves the outbox only once the platform confirmed it, so a crash between sending and
/// confirming re-sends it at most once. Transient failures park the chat and retry with backoff;
/// permanent refusals are recorded as failed (never dropped silently).
public final class OutboxDeliverer: Sendable {
    private struct Parked {
        var until: Date
        var failures: Int
    }

    private let database: RoastDatabase
    private let platform: any ChatPlatform
    private let clock: any WallClock
    private let logger: Logger
    private let batchSize: Int
    private let parked = Mutex<[ChatID: Parked]>([:])
    private let signal: AsyncStream<Void>
    private let signalContinuation: AsyncStream<Void>.Continuation

    public init(database: RoastDatabase, platform: any ChatPlatform, clock: any WallClock, logger: Logger, batchSize: Int = 200) {
        self.database = database
        self.platform = platform
        self.clock = clock
        self.logger = logger
        self.batchSize = batchSize
        (signal, signalContinuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Asks the delivery loop to look at the outbox now.
    public func wake() { signalContinuation.yield() }

    /// Delivers until the surrounding task is cancelled, waking on ``wake()`` and every few seconds
    /// (to retry parked chats).
    public func run(retryInterval: Double = 2) async {
        let ticker = Task { [clock, signalContinuation] in
            while !Task.isCancelled {
                try? await clock.sleep(for: retryInterval)
                signalContinuation.yield()
            }
        }
        defer { ticker.cancel() }
        await deliverPending()
        for await _ in signal {
            if Task.isCancelled { break }
            await deliverPending()
        }
    }

    /// Delivers everything deliverable now; returns the number of rows still pending afterwards.
    @discardableResult
    public func deliverPending() async -> Int {
        while !Task.isCancelled {
            let now = clock.now
            let blocked = parked.withLock { parked in Set(parked.filter { $0.value.until > now }.keys) }
            let items: [OutboxItem]
            do {
                items = try database.read { try $0.pendingOutbox(limit: batchSize) }.filter { !blocked.contains($0.chatID) }
            } catch {
                logger.error("cannot read the outbox", metadata: ["error": "\(error)"])
                return -1
            }
            guard !items.isEmpty else { break }
            var order: [ChatID] = []
            var byChat: [ChatID: [OutboxItem]] = [:]
            for item in items {
                if byChat[item.chatID] == nil { order.append(item.chatID) }
                byChat[item.chatID, default: []].append(item)
            }
            await withTaskGroup(of: Void.self) { group in
                for chat in order {
                    let queue = byChat[chat] ?? []
                    group.addTask { await self.deliver(queue, chat: chat) }
                }
            }
        }
        return (try? database.read { try $0.pendingOutboxCount() }) ?? -1
    }

    private func deliver(_ queue: [OutboxItem], chat: ChatID) async {
        for (index, item) in queue.enumerated() {
            if Task.isCancelled { return }
            if Self.isSuperseded(item.action, by: queue[(index + 1)...]) {
                // Superseded by a newer edit of the same message: coalesce a burst into one request.
                complete(item, message: nil)
                continue
            }
            do {
                let message: MessageID?
                switch item.action {
                case .send(let content):
                    message = try await platform.send(content, to: chat)
                case .edit(let target, let content):
                    try await platform.edit(target, in: chat, to: content)
                    message = nil
                case .editButtons(let target, let buttons):
                    try await platform.editButtons(target, in: chat, to: buttons)
                    message = nil
                case .document(let document):
                    message = try await platform.sendDocument(document, to: chat)
                }
                complete(item, message: message)
                parked.withLock { _ = $0.removeValue(forKey: chat) }
            } catch {
                guard handle(error, item: item, chat: chat) else { return }
            }
        }
    }

    /// Returns whether delivery to this chat may continue with the next item.
    private func handle(_ error: DeliveryError, item: OutboxItem, chat: ChatID) -> Bool {
        switch error {
        case .cancelled:
            return false
        case .unavailable(let reason):
            let failures = parked.withLock { parked in
                let failures = (parked[chat]?.failures ?? 0) + 1
                let delay = min(300, pow(2, Double(min(failures, 9))))
                parked[chat] = Parked(until: clock.now.addingTimeInterval(delay), failures: failures)
                return failures
            }
            try? database.write { try $0.bumpOutboxAttempts(item.id) }
            logger.warning("delivery postponed", metadata: ["chat": "\(chat)", "failures": "\(failures)", "reason": "\(reason)"])
            return false
        case .rejected(let reason):
            logger.error("message rejected by the platform", metadata: ["chat": "\(chat)", "outbox": "\(item.id)", "reason": "\(reason)"])
            try? database.write { try $0.failOutbox(item.id, reason: reason) }
            return true
        case .chatUnavailable:
            logger.notice("chat unavailable; scheduling stopped for it", metadata: ["chat": "\(chat)"])
            try? database.write { tx in
                try tx.setChatActive(chat, false)
                for pending in try tx.pendingOutbox(limit: Int.max) where pending.chatID == chat {
                    try tx.failOutbox(pending.id, reason: "chat unavailable")
                }
            }
            return false
        case .migrated(let newChat):
            logger.notice("chat migrated", metadata: ["from": "\(chat)", "to": "\(newChat)"])
            try? database.write { tx in
                try tx.migrateChat(from: chat, to: newChat)
                try tx.retargetOutbox(from: chat, to: newChat)
            }
            wake()
            return false
        }
    }

    private func complete(_ item: OutboxItem, message: MessageID?) {
        do {
            try database.write { try $0.completeOutbox(item.id, message: message) }
        } catch {
            logger.error("cannot mark an outbox row delivered", metadata: ["outbox": "\(item.id)", "error": "\(error)"])
        }
    }

    /// Whether a later item makes `action` pointless: a later text edit of the same message replaces
    /// its text and buttons, a later keyboard edit only its buttons (so it never supersedes a text edit).
    private static func isSuperseded(_ action: OutboxAction, by rest: ArraySlice<OutboxItem>) -> Bool {
        switch action {
        case .edit(let message, _):
            return rest.contains { later in
                if case .edit(let other, _) = later.action { return other == message }
                return false
            }
        case .editButtons(let message, _):
            return rest.contains { later in
                switch later.action {
                case .edit(let other, _), .editButtons(let other, _): return other == message
                case .send, .document: return false
                }
            }
        case .send, .document:
            return false
        }
    }
}
