import ChatPlatform
import Foundation
import Logging
import RoastStore
import Synchronization
import Timekeeping

/// Delivers the outbox after commit through the platform (which applies rate limits and
/// `retry_after`): each chat's queue by a worker of its own, so that a chat waiting on its throttle
/// or on a failure never holds back another; within a chat, replies before broadcasts, each kind
/// oldest first. On a platform that limits per route rather than per chat
/// (``PlatformProfile/DeliveryLanes``), a chat's queue is split into lanes, each with its own worker:
/// an interaction's answers, a message's edits, the rest (``OutboxLane``); a lane waiting out its
/// rate limit then holds back no other answer of the chat.
///
/// A message leaves the outbox only once the platform confirmed it; a crash between the
/// confirmation and its mark re-sends it at most once. A confirmation the store cannot mark (busy,
/// locked, full) is remembered in memory and marked later: this process never sends that row again
/// (a restart before the store recovers sends those rows once more, and says how many at shutdown). Transient
/// failures park the chat and retry with backoff; permanent refusals are recorded as failed (never
/// dropped silently). A delivery for one person (``Destination/person``) that the platform cannot make
/// (they blocked the bot) fails alone; the chat's queue goes on.
///
/// A chat's backlog is bounded in time, not left to grow: an answer (a message or picture caused by
/// someone's event) still waiting ``replyDeadline`` seconds after it was queued — a group asking
/// faster than its send limit lets the bot answer, or the platform down for a while — is not posted
/// minutes or hours late as if fresh. Every answer of the chat that late is dropped at once, and the
/// chat is told once, briefly, in its language, how many (at most one such notice per deadline).
/// Edits and files are not dropped (they keep counts right, or were asked for). A scheduled post (a
/// broadcast) that has waited ``broadcastWait`` seconds goes before the answers, so that a flood of
/// requests never holds back the Roast of the Day.
///
/// Each delivered message's buttons are recorded with its id in the same write that completes its row
/// (``StoreTransaction/recordKeyboard(_:posted:)``), and each delivered edit of them replaces the
/// record: what a press on that message may carry (``EventRouter/screen(_:_:_:)``). A delivery for
/// one person sent to a chat of theirs (not the queue's) is not recorded; one answered in place is.
public final class OutboxDeliverer: Sendable {
    /// The buttons a delivery put on a message, to record; `posted` for a new message (not an edit).
    private struct Keyboard: Sendable {
        var issued: IssuedKeyboard
        var posted: Bool
    }

    /// How a delivered or refused row is to be marked in the store.
    private enum Mark: Sendable {
        case delivered(MessageID?, Keyboard?)
        /// Delivered (the message posted; nil for an edit), with the photo the platform stored for a
        /// card drawn for it (kept in the same write).
        case deliveredCard(MessageID?, CardKey, StoredPhotoID, madeBy: UserID?, Keyboard?)
        case failed(reason: String)
        /// Not sent: it would have arrived too late (see ``replyDeadline``).
        case dropped

        /// How the metrics count it.
        var outcome: BotMetrics.OutboxOutcome {
            switch self {
            case .delivered, .deliveredCard: .delivered
            case .failed: .failed
            case .dropped: .late
            }
        }
    }

    private struct Parked {
        /// ``WallClock/uptime`` until which the chat waits.
        var until: Duration
        var failures: Int
    }

    /// Marks settled by workers, waiting for the write that takes them together (see ``settle(_:)``).
    private struct SettledMarks {
        var marks: [(id: Int64, mark: Mark)]
        /// Resumed once the marks are written; nil for the worker that writes them.
        var written: CheckedContinuation<Bool, Never>?
    }

    private struct State {
        /// Lanes whose worker is running.
        var running: Set<OutboxLane> = []
        /// Chats that may have pending rows: those announced by ``wake(chat:)`` and those the last
        /// full look at the outbox found. A chat leaves when a worker of it found its queue empty.
        var pending: Set<ChatID> = []
        /// Whether the next look reads the chats with pending rows from the store (at start, after
        /// ``wake()``, which does not say which chats): otherwise ``pending`` is all there is.
        var rescan = true
        /// Chats announced by ``wake(chat:)`` while a worker of theirs ran: it reads their queue again
        /// before it stops.
        var announced: Set<ChatID> = []
        /// Marks waiting for their write, and whether a worker is writing marks now.
        var settling: [SettledMarks] = []
        var writingMarks = false
        var parked: [OutboxLane: Parked] = [:]
        /// Rows settled with the platform whose mark the store has not taken yet, by outbox id.
        var unmarked: [Int64: Mark] = [:]
        /// Rows settled since start (tells a round of workers that made progress from one that did not).
        var settled = 0
        /// ``wake()`` calls since start: a worker that finishes after one looks again for what it
        /// may have missed; one that finishes without makes the loop wait for its next tick.
        var wakes = 0
        /// ``wake()`` calls since start (rows queued without saying in which chat).
        var rescans = 0
        /// When each chat was last told that late answers were dropped.
        var lateNotices: [ChatID: Date] = [:]
    }

    /// Rows a worker reads at a time (edits among them are coalesced).
    static let window = 20
    /// Rows of a chat read at a time when it has lanes: each lane's worker takes its own among them, and
    /// a lane whose first row is further back waits until the rows before it have gone.
    static let laneWindow = 200

    /// Seconds an answer may wait for its turn; later it is dropped (see the type's description).
    public let replyDeadline: Double
    /// Seconds after which a waiting broadcast goes before the chat's answers.
    public let broadcastWait: Double
    /// Three minutes: about 60 messages to a group at Telegram's 20 a minute.
    public static let standardReplyDeadline: Double = 180
    /// A minute.
    public static let standardBroadcastWait: Double = 60

    private let database: RoastDatabase
    private let platform: any ChatPlatform
    /// How the platform splits a chat's deliveries (read once from its profile).
    private let lanes: PlatformProfile.DeliveryLanes
    private let pictures: any PictureRendering
    private let clock: any WallClock
    private let logger: Logger
    private let metrics: BotMetrics
    private let state = Mutex(State())
    private let signal: AsyncStream<Void>
    private let signalContinuation: AsyncStream<Void>.Continuation

    /// - Parameters:
    ///   - pictures: draws the pictures of queued photos (``PictureOrder``).
    ///   - metrics: where deliveries are counted (nothing by default).
    ///   - replyDeadline: seconds of `clock` an answer may wait before it is dropped.
    ///   - broadcastWait: seconds of `clock` a scheduled post waits behind answers at most.
    public init(
        database: RoastDatabase, platform: any ChatPlatform, pictures: any PictureRendering = NoPictures(), clock: any WallClock,
        logger: Logger, metrics: BotMetrics = .disabled, replyDeadline: Double = standardReplyDeadline,
        broadcastWait: Double = standardBroadcastWait
    ) {
        self.replyDeadline = replyDeadline
        self.broadcastWait = broadcastWait
        self.database = database
        self.metrics = metrics
        self.platform = platform
        lanes = platform.profile.deliveryLanes
        self.pictures = pictures
        self.clock = clock
        self.logger = logger
        (signal, signalContinuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Rows the platform settled whose mark the store has not taken yet (lost if the process ends
    /// now: they are sent again after the restart).
    public var unmarkedCount: Int { state.withLock { $0.unmarked.count } }

    /// Asks the delivery loop to look at the outbox now, reading from the store which chats have
    /// rows pending (for rows queued in chats the caller does not name).
    public func wake() {
        state.withLock { state in
            state.wakes += 1
            state.rescans += 1
            state.rescan = true
        }
        signalContinuation.yield()
    }

    /// Asks the delivery loop to deliver `chat`'s queue now: rows were queued there (and committed).
    public func wake(chat: ChatID) {
        state.withLock { state in
            state.wakes += 1
            state.pending.insert(chat)
            let running =
                lanes == .perChat ? state.running.contains(OutboxLane(wholeOf: chat)) : state.running.contains { $0.chat == chat }
            if running { state.announced.insert(chat) }
        }
        signalContinuation.yield()
    }

    /// Delivers until the surrounding task is cancelled, waking on ``wake()`` and ``wake(chat:)``, and
    /// every few seconds (to retry parked chats and unmarked rows, and to read which chats have rows
    /// pending, should any have been queued without a wake); each lane with pending rows gets a worker.
    public func run(retryInterval: Double = 2) async {
        let ticker = Task { [clock] in
            while !Task.isCancelled {
                try? await clock.sleep(for: retryInterval)
                self.wake()
            }
        }
        defer { ticker.cancel() }
        await withDiscardingTaskGroup { group in
            dispatch(into: &group)
            for await _ in signal {
                if Task.isCancelled { break }
                dispatch(into: &group)
            }
            group.cancelAll()
        }
    }

    /// Delivers everything deliverable now, every chat's queue to its end (or to a failure that parks
    /// it); returns the number of rows still pending afterwards (-1 when the store cannot tell).
    @discardableResult
    public func deliverPending() async -> Int {
        state.withLock { $0.rescan = true }
        while !Task.isCancelled {
            let before = state.withLock { $0.settled }
            let started = await withDiscardingTaskGroup { group in
                dispatch(into: &group)
            }
            if !started || state.withLock({ $0.settled }) == before { break }
        }
        flushMarks()
        return (try? database.read { try $0.pendingOutboxCount() }) ?? -1
    }

    // MARK: - Workers

    /// Starts a worker for each lane with pending rows that has none and is not parked; returns
    /// whether any was started.
    @discardableResult
    private func dispatch(into group: inout DiscardingTaskGroup) -> Bool {
        flushMarks()
        if state.withLock({ state in
            defer { state.rescan = false }
            return state.rescan
        }) {
            do {
                let chats = try database.read { try $0.pendingOutboxChats() }
                state.withLock { $0.pending.formUnion(chats) }
            } catch {
                state.withLock { $0.rescan = true }
                logger.error("cannot read the outbox", metadata: ["error": "\(error)"])
                return false
            }
        }
        let now = clock.uptime
        let candidates = state.withLock { $0.pending.sorted() }.flatMap(lanesPending(in:))
        let (starting, wakes) = state.withLock { state in
            let starting = candidates.filter { lane in
                guard !state.running.contains(lane), (state.parked[lane]?.until ?? .zero) <= now else { return false }
                state.running.insert(lane)
                return true
            }
            return (starting, state.wakes)
        }
        for lane in starting {
            group.addTask {
                await self.deliver(lane)
                let missed = self.state.withLock { state in
                    state.running.remove(lane)
                    return state.wakes != wakes
                }
                // Rows queued while the worker ran were announced by a wake this look could not act on
                // (the lane was busy). Without one, what is left (rows waiting for their mark, a parked
                // chat) waits for the next tick: looking again at once would only spin.
                if missed { self.signalContinuation.yield() }
            }
        }
        return !starting.isEmpty
    }

    /// The lanes of `chat` with rows pending, in the order of their first rows; the chat as a whole
    /// when it is one lane, or when nothing (readable) is pending: its worker then finds out.
    private func lanesPending(in chat: ChatID) -> [OutboxLane] {
        let whole = [OutboxLane(wholeOf: chat)]
        guard lanes != .perChat else { return whole }
        let unmarked = state.withLock { Set($0.unmarked.keys) }
        guard let rows = try? pendingRows(of: chat, unmarked: unmarked, now: clock.now), !rows.isEmpty else { return whole }
        var seen: Set<OutboxLane> = []
        return rows.map { OutboxLane($0, lanes: lanes) }.filter { seen.insert($0).inserted }
    }

    /// `chat`'s pending rows in delivery order, a window of them, without those settled and waiting for
    /// their mark (`unmarked`).
    private func pendingRows(of chat: ChatID, unmarked: Set<Int64>, now: Date) throws -> [OutboxItem] {
        try readQueue(of: chat, unmarked: unmarked, now: now).rows
    }

    /// ``pendingRows(of:unmarked:now:)``, and whether they are the whole queue (the window was not full).
    private func readQueue(of chat: ChatID, unmarked: Set<Int64>, now: Date) throws -> (rows: [OutboxItem], whole: Bool) {
        let window = (lanes == .perChat ? Self.window : Self.laneWindow) + unmarked.count
        let rows = try database.read {
            try $0.pendingOutbox(chat: chat, limit: window, broadcastsDueBy: now.addingTimeInterval(-broadcastWait))
        }
        return (rows.filter { !unmarked.contains($0.id) }, rows.count < window)
    }

    /// A chat's queue as its worker last read it, minus what the worker has settled since: while
    /// nothing could have changed it, the worker sends the next row without reading the queue again
    /// (which it did once per row, and once more to find it empty).
    ///
    /// Only the deliverer's own marks change a chat's pending rows, except: rows queued (announced by
    /// ``wake(chat:)``, or by ``wake()`` without saying where), rows removed or moved by something
    /// else (``RoastDatabase/outboxRemovals``: a person or a chat forgotten, a migration), and the
    /// order of a broadcast, which moves ahead of answers once it has waited ``broadcastWait``. Any
    /// of those, and the queue is read again. Kept only for a chat delivered as one lane, and only when
    /// the read saw the whole queue.
    private struct KnownQueue {
        var rows: [OutboxItem]
        /// ``State/rescans`` and ``RoastDatabase/outboxRemovals`` when the rows were read.
        var rescans: Int
        var removals: Int

        /// The rows, if nothing has changed them since they were read.
        func rows(announced: Bool, rescans: Int, removals: Int) -> [OutboxItem]? {
            guard !announced, rescans == self.rescans, removals == self.removals,
                !rows.contains(where: { $0.priority == .broadcast })
            else { return nil }
            return rows
        }
    }

    /// Delivers `lane`'s rows until there are none, the lane is parked, or the task is cancelled.
    private func deliver(_ lane: OutboxLane) async {
        let chat = lane.chat
        var known: KnownQueue?
        while !Task.isCancelled {
            flushMarks()
            let (unmarked, announced, rescans) = state.withLock { state in
                (Set(state.unmarked.keys), state.announced.remove(chat) != nil, state.rescans)
            }
            let now = clock.now
            let rows: [OutboxItem]
            do {
                let removals = database.outboxRemovals
                if let unchanged = known?.rows(announced: announced, rescans: rescans, removals: removals) {
                    rows = unchanged
                } else {
                    known = nil
                    let read = try readQueue(of: chat, unmarked: unmarked, now: now)
                    rows = read.rows
                    known = lanes == .perChat && read.whole ? KnownQueue(rows: rows, rescans: rescans, removals: removals) : nil
                }
            } catch StoreError.corruptRow {
                // A row this version cannot read would block the chat's queue for good: it is failed.
                let failed = try? database.write { try $0.failUnreadableOutbox(chat: chat) }
                logger.error("outbox rows with unreadable content failed", metadata: ["chat": "\(chat)", "rows": "\(failed ?? 0)"])
                guard let failed, failed > 0 else {
                    park(lane)
                    return
                }
                continue
            } catch {
                logger.error("cannot read the outbox", metadata: ["chat": "\(chat)", "error": "\(error)"])
                return
            }
            let queue = lanes == .perChat ? rows : rows.filter { OutboxLane($0, lanes: lanes) == lane }
            guard let item = queue.first else {
                // Empty: the chat leaves the pending set once none of its lanes has rows, unless rows
                // were announced since the read.
                let (again, others) = state.withLock { state in
                    if state.announced.remove(chat) != nil { return (true, false) }
                    state.parked[lane] = nil
                    if rows.isEmpty { state.pending.remove(chat) }
                    return (false, rows.contains { !state.running.contains(OutboxLane($0, lanes: lanes)) })
                }
                if again {
                    known = nil
                    continue
                }
                // Rows of lanes without a worker (queued without a wake): the loop starts theirs.
                if others { signalContinuation.yield() }
                return
            }
            if isLate(item, now: now) {
                await dropLateAnswers(in: lane, now: now, unmarked: unmarked)
                known = nil
                continue
            }
            // Settled from here on (or the worker stops): the known queue goes on with the next row.
            known?.rows.removeFirst()
            if Self.isSuperseded(item, by: queue.dropFirst()) {
                // Superseded by a newer edit of the same message: a burst becomes one request.
                await settle(item, .delivered(nil, nil))
                continue
            }
            do {
                let mark = try await perform(item)
                state.withLock { _ = $0.parked.removeValue(forKey: lane) }
                await settle(item, mark)
            } catch {
                guard await handle(error, item: item, lane: lane) else { return }
            }
        }
    }

    /// Whether `item` is an answer that has waited past ``replyDeadline``.
    private func isLate(_ item: OutboxItem, now: Date) -> Bool {
        guard item.priority == .reply, now.timeIntervalSince(item.createdAt) > replyDeadline else { return false }
        switch item.action {
        case .send, .photo: return true
        case .edit, .editButtons, .editPhoto, .document: return false
        }
    }

    /// Drops every answer of `lane` that has waited past ``replyDeadline``, and tells the chat how many
    /// (unless it was told less than a deadline ago).
    private func dropLateAnswers(in lane: OutboxLane, now: Date, unmarked: Set<Int64>) async {
        let chat = lane.chat
        let late: [OutboxItem]
        do {
            late = try database.read { try $0.pendingReplies(chat: chat, queuedBefore: now.addingTimeInterval(-replyDeadline)) }
                .filter { !unmarked.contains($0.id) && isLate($0, now: now) && OutboxLane($0, lanes: lanes) == lane }
        } catch {
            logger.error("cannot read the outbox", metadata: ["chat": "\(chat)", "error": "\(error)"])
            return
        }
        await settle(late.map { ($0, .dropped) })
        logger.notice(
            "answers dropped: they would have arrived too late", metadata: ["chat": "\(chat)", "answers": "\(late.count)"])
        let tell = state.withLock { state in
            guard state.lateNotices[chat].map({ now.timeIntervalSince($0) >= replyDeadline }) ?? true else { return false }
            state.lateNotices[chat] = now
            return true
        }
        guard tell, !late.isEmpty else { return }
        let language = (try? database.read { try $0.chat(chat) })??.language ?? BotDefaults.language
        let notice = OutgoingMessage(text: RichText(plain: Phrasebook(language).lateAnswersDropped(late.count)), silent: true)
        do {
            _ = try await platform.perform(.send(notice), at: Destination(chat: chat))
        } catch {
            // Only a notice: the next drop tells the chat again.
            state.withLock { _ = $0.lateNotices.removeValue(forKey: chat) }
        }
    }

    /// Has the platform perform `item`'s action at its destination, with the buttons it put on a
    /// message of the chat; a queued photo, posted or put in place of another, is made ready first
    /// (``show(_:replacing:at:)``).
    private func perform(_ item: OutboxItem) async throws(DeliveryError) -> Mark {
        guard let action = item.action.withoutPhoto(PhotoImage.self) else {
            switch item.action {
            case .photo(let photo): return try await show(photo, at: item.destination)
            case .editPhoto(let target, let photo): return try await show(photo, replacing: target, at: item.destination)
            case .send, .edit, .editButtons, .document: return .failed(reason: "unknown action")
            }
        }
        let message = try await platform.perform(action, at: item.destination).message
        let destination = item.destination
        switch action {
        case .send(let content): return .delivered(message, Self.keyboard(content.buttons, on: message, at: destination, posted: true))
        case .edit(let target, let content):
            return .delivered(message, Self.keyboard(content.buttons, on: target, at: destination, posted: false))
        case .editButtons(let target, let buttons):
            return .delivered(message, Self.keyboard(buttons, on: target, at: destination, posted: false))
        case .document, .photo, .editPhoto: return .delivered(message, nil)
        }
    }

    /// Posts a queued photo, or puts it in place of the picture of message `target`: the photo stored
    /// for its card if there is one (a card already shown is never drawn or uploaded again, also when
    /// two presses queued it), else the picture drawn now — in this chat's worker, after commit, never
    /// on the writer — and then stored under its card. A stored photo the platform refuses (it no
    /// longer knows the id) is forgotten and the picture drawn again; a picture that cannot be drawn
    /// is posted as the order's text (in answer to the photo it would have replaced).
    private func show(_ photo: QueuedPhoto, replacing target: MessageID? = nil, at destination: Destination) async throws(DeliveryError)
        -> Mark
    {
        func action(_ image: PhotoImage) -> PlatformAction {
            target.map { .editPhoto($0, photo.showing(image)) } ?? .photo(photo.showing(image))
        }
        /// The photo's buttons, on the message posted or on the one whose picture it replaced.
        func keyboard(_ posted: MessageID?) -> Keyboard? {
            Self.keyboard(photo.buttons, on: target ?? posted, at: destination, posted: target == nil)
        }
        let order = photo.image
        let chat = destination.chat
        if let key = order.card, let stored = try? database.read({ try $0.cardPhoto(key) }) {
            do {
                let message = try await platform.perform(action(.stored(stored)), at: destination).message
                return .delivered(message, keyboard(message))
            } catch .rejected(let reason) {
                logger.warning("a stored card photo was refused; drawing it again", metadata: ["chat": "\(chat)", "reason": "\(reason)"])
                try? database.write { try $0.forgetCardPhoto(key) }
            }
        }
        let png: [UInt8]
        do {
            png = try await pictures.render(order.picture)
        } catch {
            logger.error("picture not drawn; its text is posted instead", metadata: ["chat": "\(chat)", "error": "\(error)"])
            let text = OutgoingMessage(text: order.fallback, replyTo: target ?? photo.replyTo, topic: photo.topic)
            return .delivered(try await platform.perform(.send(text), at: destination).message, nil)
        }
        let shown = try await platform.perform(action(.png(png)), at: destination)
        if let key = order.card, let stored = shown.storedPhoto {
            return .deliveredCard(shown.message, key, stored, madeBy: order.requester, keyboard(shown.message))
        }
        return .delivered(shown.message, keyboard(shown.message))
    }

    /// The buttons of `rows` that send a payload back (not links), as put on `message`; nil for a new
    /// message without any (an edit without any clears the record), and for a delivery to one person
    /// in a chat of theirs (not the queue's).
    private static func keyboard(_ rows: [[Button]], on message: MessageID?, at destination: Destination, posted: Bool) -> Keyboard? {
        // A delivery to one person answered in place (an ephemeral answer) is in the chat, and its
        // buttons are pressed there; one sent to a private chat of theirs is not.
        guard let message, destination.person == nil || destination.interaction != nil else { return nil }
        let chat = destination.chat
        let payloads = rows.joined().filter { $0.startsPrivateChat == nil && !$0.data.isEmpty }.map(\.data)
        guard !payloads.isEmpty || !posted else { return nil }
        let owner = payloads.lazy.compactMap { CallbackPayload(parsing: $0)?.owner }.first
        return Keyboard(issued: IssuedKeyboard(chat: chat, message: message, payloads: payloads, owner: owner), posted: posted)
    }

    /// Returns whether delivery in this lane may continue with the next item.
    private func handle(_ error: DeliveryError, item: OutboxItem, lane: OutboxLane) async -> Bool {
        let chat = lane.chat
        switch error {
        case .cancelled:
            return false
        case .unavailable(let reason):
            let failures = park(lane)
            try? database.write { try $0.bumpOutboxAttempts(item.id) }
            metrics.outboxPostponed()
            logger.warning("delivery postponed", metadata: ["chat": "\(chat)", "failures": "\(failures)", "reason": "\(reason)"])
            return false
        case .rejected(let reason):
            logger.error("message rejected by the platform", metadata: ["chat": "\(chat)", "outbox": "\(item.id)", "reason": "\(reason)"])
            await settle(item, .failed(reason: reason))
            return true
        case .chatUnavailable:
            guard let person = item.destination.person else { return await chatLeft(item, lane: lane) }
            // The person cannot be reached privately (they blocked the bot): this delivery fails and
            // their private chat counts as left; the chat it was asked in is fine.
            logger.notice("person unreachable privately", metadata: ["chat": "\(chat)", "outbox": "\(item.id)"])
            try? database.write { try $0.setPrivateChatsLeft(of: person, at: clock.now) }
            await settle(item, .failed(reason: "person unreachable privately"))
            return true
        case .migrated(let newChat):
            logger.notice("chat migrated", metadata: ["from": "\(chat)", "to": "\(newChat)"])
            do {
                try database.write { tx in
                    try tx.migrateChat(from: chat, to: newChat)
                    try tx.retargetOutbox(from: chat, to: newChat)
                }
                wake()
            } catch {
                // The old id keeps its rows until the store takes the move: the chat waits meanwhile.
                logger.error("cannot move a migrated chat's data; retried later", metadata: ["chat": "\(chat)", "error": "\(error)"])
                park(lane)
            }
            return false
        }
    }

    /// The bot can no longer post in `chat` (removed, blocked): the chat is marked left and its queue
    /// failed. Returns false: its worker stops.
    private func chatLeft(_ item: OutboxItem, lane: OutboxLane) async -> Bool {
        let chat = lane.chat
        logger.notice("chat unavailable; scheduling stopped for it", metadata: ["chat": "\(chat)"])
        do {
            try database.write { tx in
                try tx.setChatActive(chat, false, at: clock.now)
                for pending in try tx.pendingOutbox(chat: chat, limit: Int.max) {
                    try tx.failOutbox(pending.id, reason: "chat unavailable")
                }
            }
        } catch {
            // Looked at again once the store takes writes: the chat waits meanwhile.
            await settle(item, .failed(reason: "chat unavailable"))
            park(lane)
        }
        return false
    }

    /// Parks `lane` with a backoff that doubles with each failure in a row (2 s up to 5 minutes);
    /// returns the number of failures so far.
    @discardableResult
    private func park(_ lane: OutboxLane) -> Int {
        state.withLock { state in
            let failures = (state.parked[lane]?.failures ?? 0) + 1
            let delay = min(300, pow(2, Double(min(failures, 9))))
            state.parked[lane] = Parked(until: clock.uptime + .seconds(delay), failures: failures)
            return failures
        }
    }

    // MARK: - Marks

    /// Marks `item` in the store, or remembers the mark until the store takes it: a row the platform
    /// settled is never handed to it again by this process. Written with others' marks (see the next method).
    private func settle(_ item: OutboxItem, _ mark: Mark) async {
        await settle([(item, mark)])
    }

    /// Marks `items` in the store together with the marks other chats' workers settle meanwhile: one
    /// write takes every mark waiting when it begins (a group commit), instead of a transaction per
    /// delivered message. Returns once the marks are written (or kept in memory, when the store does
    /// not take them): a worker sends its chat's next row only after that, so a crash re-sends at
    /// most the rows in flight — one per chat, each confirmed by the platform and not yet marked — as
    /// when each mark was a write of its own.
    private func settle(_ items: [(item: OutboxItem, mark: Mark)]) async {
        guard !items.isEmpty else { return }
        state.withLock { $0.settled += items.count }
        for (_, mark) in items { metrics.outboxSettled(mark.outcome) }
        let marks = items.map { (id: $0.item.id, mark: $0.mark) }
        // The first to find no write under way writes, until no mark waits; the others wait for it.
        let writes = await withCheckedContinuation { (written: CheckedContinuation<Bool, Never>) in
            let writes = state.withLock { state in
                guard state.writingMarks else {
                    state.writingMarks = true
                    state.settling.append(SettledMarks(marks: marks, written: nil))
                    return true
                }
                state.settling.append(SettledMarks(marks: marks, written: written))
                return false
            }
            if writes { written.resume(returning: true) }
        }
        guard writes else { return }
        // Confirmations that arrived with this one (their workers are ready to run) join its write.
        await Task.yield()
        writeSettledMarks()
    }

    /// Writes the waiting marks, all of them in one write, until none waits (see the settling above).
    private func writeSettledMarks() {
        while true {
            let waiting = state.withLock { state -> [SettledMarks] in
                defer { state.settling.removeAll(keepingCapacity: true) }
                if state.settling.isEmpty { state.writingMarks = false }
                return state.settling
            }
            guard !waiting.isEmpty else { return }
            write(waiting.flatMap(\.marks))
            for settled in waiting { settled.written?.resume(returning: false) }
        }
    }

    /// Writes `marks` in one write; if the store refuses it, each on its own, so that one mark the
    /// store cannot take holds back no other. Those it does not take are remembered until it does.
    private func write(_ marks: [(id: Int64, mark: Mark)]) {
        do {
            try database.write { tx in
                for (id, mark) in marks { try apply(mark, id, tx) }
            }
            return
        } catch {
            guard marks.count > 1 else { return remember(marks[0], error) }
        }
        for mark in marks {
            do {
                try database.write { tx in try apply(mark.mark, mark.id, tx) }
            } catch {
                remember(mark, error)
            }
        }
    }

    private func remember(_ mark: (id: Int64, mark: Mark), _ error: any Error) {
        state.withLock { $0.unmarked[mark.id] = mark.mark }
        logger.error(
            "cannot mark an outbox row; it is kept in memory and marked once the database takes writes",
            metadata: ["outbox": "\(mark.id)", "error": "\(error)"])
    }

    /// Writes the remembered marks the store did not take before.
    private func flushMarks() {
        let marks = state.withLock { $0.unmarked }
        guard !marks.isEmpty else { return }
        for (id, mark) in marks.sorted(by: { $0.key < $1.key }) {
            do {
                try database.write { tx in try apply(mark, id, tx) }
            } catch {
                return
            }
            state.withLock { _ = $0.unmarked.removeValue(forKey: id) }
        }
        logger.notice("outbox marks written after the database recovered", metadata: ["rows": "\(marks.count)"])
    }

    private func apply(_ mark: Mark, _ id: Int64, _ tx: borrowing StoreTransaction) throws {
        switch mark {
        case .delivered(let message, let keyboard):
            try tx.completeOutbox(id, message: message)
            if let keyboard { try tx.recordKeyboard(keyboard.issued, posted: keyboard.posted) }
        case .deliveredCard(let message, let key, let photo, let madeBy, let keyboard):
            try tx.completeOutbox(id, message: message, cardPhoto: (key, photo, madeBy), at: clock.now)
            if let keyboard { try tx.recordKeyboard(keyboard.issued, posted: keyboard.posted) }
        case .failed(let reason): try tx.failOutbox(id, reason: reason)
        case .dropped: try tx.completeOutbox(id, message: nil)
        }
    }

    /// Whether a later item makes `item` pointless: a later edit of the same message's content (in
    /// the same place) — its text, or its picture and caption — replaces it with its buttons, a later
    /// keyboard edit only its buttons (so it never supersedes a content edit). Styles pressed through
    /// quickly under a card thus show the last one, drawn once.
    private static func isSuperseded(_ item: OutboxItem, by rest: ArraySlice<OutboxItem>) -> Bool {
        guard let message = item.action.editedMessage else { return false }
        return rest.contains { later in
            guard later.action.editedMessage == message, later.destination.person == item.destination.person else { return false }
            return replacesContent(later.action) || !replacesContent(item.action)
        }
    }

    /// An edit that replaces a message's whole content and buttons.
    private static func replacesContent(_ action: QueuedAction) -> Bool {
        switch action {
        case .edit, .editPhoto: true
        case .send, .editButtons, .document, .photo: false
        }
    }
}
