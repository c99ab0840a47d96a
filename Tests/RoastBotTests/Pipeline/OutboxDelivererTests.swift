import ChatPlatform
import Foundation
import Logging
import RoastBot
import RoastStore
import RoastTesting
import Synchronization
import Testing
import Timekeeping

/// A platform whose sends to `slowChat` (or to any destination `isSlow` picks) each wait until the test
/// lets one through; it records every send and keyboard edit in order.
private final class GatedPlatform: ChatPlatform {
    private let isSlow: @Sendable (Destination) -> Bool
    private let sent = Mutex<[(chat: ChatID, text: String)]>([])
    private let passes: AsyncStream<Void>
    private let passContinuation: AsyncStream<Void>.Continuation
    private let nextID = Mutex<Int64>(1)

    convenience init(slowChat: ChatID) {
        self.init(profile: RecordingPlatform.standardProfile) { $0.chat == slowChat }
    }

    init(profile: PlatformProfile, isSlow: @escaping @Sendable (Destination) -> Bool) {
        self.profile = profile
        self.isSlow = isSlow
        (passes, passContinuation) = AsyncStream.makeStream(of: Void.self)
    }

    var sends: [(chat: ChatID, text: String)] { sent.withLock { $0 } }
    /// Sends to the slow chat begun so far (waiting at the gate or through it).
    var begun: Int { started.withLock { $0 } }
    private let started = Mutex(0)

    /// Lets one waiting send to the slow chat through.
    func pass() { passContinuation.yield() }

    let profile: PlatformProfile

    func perform(_ action: PlatformAction, at destination: Destination) async throws(DeliveryError) -> Delivered {
        switch action {
        case .send(let message): return Delivered(message: try await send(message.text.plainText, to: destination))
        case .editButtons(let target, let buttons):
            _ = try await send("\(target.rawValue): \(buttons.joined().map(\.label).joined(separator: " "))", to: destination)
            return Delivered(message: nil)
        default: return Delivered(message: MessageID(0))
        }
    }

    func answer(_ interaction: Interaction, with answer: InteractionAnswer) async throws(DeliveryError) {}

    private func send(_ text: String, to destination: Destination) async throws(DeliveryError) -> MessageID {
        if isSlow(destination) {
            started.withLock { $0 += 1 }
            var iterator = passes.makeAsyncIterator()
            guard await iterator.next() != nil else { throw .cancelled }
        }
        sent.withLock { $0.append((destination.chat, text)) }
        return MessageID(
            nextID.withLock { id in
                defer { id += 1 }
                return id
            })
    }

}

/// A platform as slow as a group's send limit: each message takes `step` seconds of the manual clock.
private final class PacedPlatform: ChatPlatform {
    let recording = RecordingPlatform()
    let clock: ManualClock
    let step: Double
    /// The clock's time at each send, with its text.
    private let sent = Mutex<[(at: Date, text: String)]>([])

    init(clock: ManualClock, step: Double) {
        self.clock = clock
        self.step = step
    }

    var sends: [(at: Date, text: String)] { sent.withLock { $0 } }

    var profile: PlatformProfile { recording.profile }

    /// Each message posted takes `step`; edits and files pass straight through.
    func perform(_ action: PlatformAction, at destination: Destination) async throws(DeliveryError) -> Delivered {
        if case .send(let message) = action {
            clock.advance(by: step)
            sent.withLock { $0.append((clock.now, message.text.plainText)) }
        }
        return try await recording.perform(action, at: destination)
    }

    func answer(_ interaction: Interaction, with answer: InteractionAnswer) async throws(DeliveryError) {
        try await recording.answer(interaction, with: answer)
    }
}

/// A platform whose sends each wait until `count` sends are waiting, then all return together: the
/// confirmations of many chats arriving at once, as under load.
private final class TogetherPlatform: ChatPlatform {
    let count: Int
    private let waiting = Mutex<[CheckedContinuation<Void, Never>]>([])
    private let nextID = Mutex<Int64>(1)

    init(count: Int) { self.count = count }

    let profile = RecordingPlatform.standardProfile

    func perform(_ action: PlatformAction, at destination: Destination) async throws(DeliveryError) -> Delivered {
        await withCheckedContinuation { continuation in
            let released = waiting.withLock { waiting -> [CheckedContinuation<Void, Never>] in
                waiting.append(continuation)
                guard waiting.count >= count else { return [] }
                defer { waiting.removeAll() }
                return waiting
            }
            for waiter in released { waiter.resume() }
        }
        return Delivered(
            message: MessageID(
                nextID.withLock { id in
                    defer { id += 1 }
                    return id
                }))
    }

    func answer(_ interaction: Interaction, with answer: InteractionAnswer) async throws(DeliveryError) {}
}

struct OutboxDelivererTests {
    static let busy = ChatRef(id: ChatID(-1_001), kind: .supergroup)
    static let quiet = ChatRef(id: ChatID(-1_002), kind: .supergroup)

    static func database() throws -> (RoastDatabase, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("outbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let database = try RoastDatabase(path: directory.appendingPathComponent("bot.sqlite").path)
        try database.write { tx in
            for chat in [busy, quiet] { _ = try tx.ensureChat(chat, defaultLanguage: .en, at: Date(timeIntervalSince1970: 0)) }
        }
        return (database, directory)
    }

    static func enqueue(_ database: RoastDatabase, _ text: String, to chat: ChatRef, priority: OutboxPriority, at date: Date = Date())
        throws
    {
        try database.write { tx in
            try tx.enqueue(.send(OutgoingMessage(text: RichText(plain: text))), chat: chat.id, anchor: nil, at: date, priority: priority)
        }
    }

    static func eventually(_ condition: () -> Bool) async throws {
        for _ in 0..<500 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
        #expect(condition())
    }

    /// A chat waiting on its own sends never delays another chat's.
    @Test func aBusyChatNeverDelaysAnotherOne() async throws {
        let (database, directory) = try Self.database()
        defer { try? FileManager.default.removeItem(at: directory) }
        for index in 0..<300 { try Self.enqueue(database, "daily \(index)", to: Self.busy, priority: .broadcast) }
        try Self.enqueue(database, "help", to: Self.quiet, priority: .reply)
        let platform = GatedPlatform(slowChat: Self.busy.id)
        let outbox = OutboxDeliverer(database: database, platform: platform, clock: ManualClock(), logger: Logger(label: "test"))
        let loop = Task { await outbox.run() }
        try await Self.eventually { platform.sends.contains { $0.chat == Self.quiet.id } }
        #expect(platform.sends.filter { $0.chat == Self.busy.id }.isEmpty)
        loop.cancel()
        await loop.value
    }

    /// Within one chat, a reply goes before the broadcasts queued ahead of it.
    @Test func aReplyGoesBeforeTheBroadcastsQueuedAheadOfIt() async throws {
        let (database, directory) = try Self.database()
        defer { try? FileManager.default.removeItem(at: directory) }
        for index in 0..<25 { try Self.enqueue(database, "daily \(index)", to: Self.busy, priority: .broadcast) }
        let platform = GatedPlatform(slowChat: Self.busy.id)
        let outbox = OutboxDeliverer(database: database, platform: platform, clock: ManualClock(), logger: Logger(label: "test"))
        let loop = Task { await outbox.run() }
        platform.pass()
        platform.pass()
        try await Self.eventually { platform.sends.count == 2 && platform.begun == 3 }
        try Self.enqueue(database, "reply to /roast", to: Self.busy, priority: .reply)
        // The send in flight finishes first; the reply is next.
        platform.pass()
        platform.pass()
        try await Self.eventually { platform.sends.count == 4 }
        #expect(platform.sends.map(\.text) == ["daily 0", "daily 1", "daily 2", "reply to /roast"])
        loop.cancel()
        await loop.value
    }

    /// 200 people ask for a roast in one group at once, and the group takes a message every 3 s: the
    /// answers that could go out within three minutes do; the rest are not posted minutes late as if
    /// fresh but dropped together, and the group is told once, briefly, in its language, how many.
    @Test func answersThatWouldArriveMinutesLateAreDroppedAndTheChatToldOnce() async throws {
        let (database, directory) = try Self.database()
        defer { try? FileManager.default.removeItem(at: directory) }
        let clock = ManualClock()
        for index in 0..<200 { try Self.enqueue(database, "roast \(index)", to: Self.busy, priority: .reply, at: clock.now) }
        let platform = PacedPlatform(clock: clock, step: 3)
        let outbox = OutboxDeliverer(database: database, platform: platform, clock: clock, logger: Logger(label: "test"))
        let start = clock.now
        #expect(await outbox.deliverPending() == 0)

        let answers = platform.sends.filter { $0.text.hasPrefix("roast ") }
        let notices = platform.sends.filter { !$0.text.hasPrefix("roast ") }
        #expect(answers.count >= 55, "the answers that fit in three minutes go: \(answers.count)")
        #expect(answers.allSatisfy { $0.at.timeIntervalSince(start) <= 3 * 60 + 3 }, "no answer goes out more than three minutes late")
        #expect(notices.count == 1, "\(notices.map(\.text))")
        let dropped = 200 - answers.count
        #expect(notices.first?.text.contains("\(dropped)") == true, "\(notices.first?.text ?? "")")
        #expect(platform.sends.count < 70)
    }

    /// A Roast of the Day queued behind a backlog of answers does not wait for all of them: once it
    /// has waited a minute it goes next.
    @Test func aScheduledPostGoesOutWithinAMinuteOfBeingQueuedBehindABacklog() async throws {
        let (database, directory) = try Self.database()
        defer { try? FileManager.default.removeItem(at: directory) }
        let clock = ManualClock()
        for index in 0..<100 { try Self.enqueue(database, "roast \(index)", to: Self.busy, priority: .reply, at: clock.now) }
        try Self.enqueue(database, "Roast of the Day", to: Self.busy, priority: .broadcast, at: clock.now)
        let queued = clock.now
        let platform = PacedPlatform(clock: clock, step: 3)
        let outbox = OutboxDeliverer(database: database, platform: platform, clock: clock, logger: Logger(label: "test"))
        await outbox.deliverPending()
        let daily = try #require(platform.sends.first { $0.text == "Roast of the Day" })
        #expect(daily.at.timeIntervalSince(queued) <= 60 + 3, "\(daily.at.timeIntervalSince(queued)) s after it was queued")
    }

    /// A send the platform confirmed while the store could not mark it is not sent again; the mark
    /// is written once the store takes writes.
    @Test func aConfirmedSendTheStoreCannotMarkIsNeverSentAgain() async throws {
        let faults = StoreFaults()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("outbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try RoastDatabase(path: directory.appendingPathComponent("bot.sqlite").path, faults: faults)
        try database.write { tx in _ = try tx.ensureChat(Self.quiet, defaultLanguage: .en, at: Date(timeIntervalSince1970: 0)) }
        try Self.enqueue(database, "roast", to: Self.quiet, priority: .reply)
        let platform = RecordingPlatform()
        let outbox = OutboxDeliverer(database: database, platform: platform, clock: ManualClock(), logger: Logger(label: "test"))
        faults.inject(.full)
        for _ in 0..<5 { await outbox.deliverPending() }
        #expect(platform.sentMessages.count == 1)
        #expect(try database.read { try $0.pendingOutboxCount() } == 1)
        faults.inject(nil)
        #expect(await outbox.deliverPending() == 0)
        #expect(platform.sentMessages.count == 1)
    }

    /// While a confirmed send waits for its mark, the delivery loop waits for its next tick instead of
    /// starting a worker for the chat again and again (it spun a core at 100 %).
    @Test func aSendWaitingForItsMarkDoesNotSpinTheLoop() async throws {
        let faults = StoreFaults()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("outbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try RoastDatabase(path: directory.appendingPathComponent("bot.sqlite").path, faults: faults)
        try database.write { tx in _ = try tx.ensureChat(Self.quiet, defaultLanguage: .en, at: Date(timeIntervalSince1970: 0)) }
        try Self.enqueue(database, "roast", to: Self.quiet, priority: .reply)
        let platform = RecordingPlatform()
        // The manual clock never ticks by itself: only wakes make the loop look again.
        let outbox = OutboxDeliverer(database: database, platform: platform, clock: ManualClock(), logger: Logger(label: "test"))
        faults.inject(.full)
        let loop = Task { await outbox.run() }
        try await Self.eventually { platform.sentMessages.count == 1 }
        let attempts = faults.writeAttempts
        try await Task.sleep(for: .milliseconds(500))
        loop.cancel()
        await loop.value
        #expect(faults.writeAttempts - attempts < 5, "\(faults.writeAttempts - attempts) write attempts in 0.5 s")
        #expect(platform.sentMessages.count == 1)
    }
    /// Sends the platform confirms at about the same time are marked in one write, not a write each;
    /// every row is marked once and none is sent twice.
    @Test func marksOfSendsConfirmedTogetherAreWrittenTogether() async throws {
        let faults = StoreFaults()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("outbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try RoastDatabase(path: directory.appendingPathComponent("bot.sqlite").path, faults: faults)
        let chats = (1...20).map { ChatRef(id: ChatID(-2_000 - Int64($0)), kind: .supergroup) }
        for chat in chats {
            try database.write { tx in _ = try tx.ensureChat(chat, defaultLanguage: .en, at: Date(timeIntervalSince1970: 0)) }
            try Self.enqueue(database, "roast", to: chat, priority: .reply)
        }
        let platform = TogetherPlatform(count: chats.count)
        let outbox = OutboxDeliverer(database: database, platform: platform, clock: ManualClock(), logger: Logger(label: "test"))
        let before = faults.writeAttempts
        #expect(await outbox.deliverPending() == 0)
        let writes = faults.writeAttempts - before
        #expect(writes < chats.count / 2, "\(writes) writes for \(chats.count) marks")
        #expect(outbox.unmarkedCount == 0)
    }

    /// A chat's rows announced while its worker is delivering are delivered by that worker, without
    /// waiting for the loop's tick (the manual clock never ticks) nor reading which chats have rows.
    @Test func rowsAnnouncedWhileTheChatsWorkerRunsAreDelivered() async throws {
        let (database, directory) = try Self.database()
        defer { try? FileManager.default.removeItem(at: directory) }
        let platform = GatedPlatform(slowChat: Self.busy.id)
        let outbox = OutboxDeliverer(database: database, platform: platform, clock: ManualClock(), logger: Logger(label: "test"))
        let loop = Task { await outbox.run() }
        try Self.enqueue(database, "first", to: Self.busy, priority: .reply)
        outbox.wake(chat: Self.busy.id)
        try await Task.sleep(for: .milliseconds(100))
        try Self.enqueue(database, "second", to: Self.busy, priority: .reply)
        outbox.wake(chat: Self.busy.id)
        platform.pass()
        platform.pass()
        try await Self.eventually { platform.sends.count == 2 }
        #expect(platform.sends.map(\.text) == ["first", "second"])
        try Self.enqueue(database, "later", to: Self.quiet, priority: .reply)
        outbox.wake(chat: Self.quiet.id)
        try await Self.eventually { platform.sends.count == 3 }
        loop.cancel()
        await loop.value
        #expect(try database.read { try $0.pendingOutboxCount() } == 0)
    }

    /// A worker sends a chat's rows one after another from one read of its queue; rows about a person
    /// who has themselves forgotten meanwhile are not among them: the worker reads the queue again
    /// (here the chat's first answer was on its way when the person asked).
    @Test func rowsAboutAPersonForgottenWhileTheirChatIsDeliveringAreNeverSent() async throws {
        let (database, directory) = try Self.database()
        defer { try? FileManager.default.removeItem(at: directory) }
        let person = UserID(4_242)
        try Self.enqueue(database, "first", to: Self.busy, priority: .reply)
        try database.write { tx in
            for text in ["about them 1", "about them 2"] {
                _ = try tx.enqueue(
                    .send(OutgoingMessage(text: RichText(plain: text))), chat: Self.busy.id, anchor: nil, at: Date(), priority: .reply,
                    about: (person, Self.busy.id))
            }
        }
        try Self.enqueue(database, "last", to: Self.busy, priority: .reply)
        let platform = GatedPlatform(slowChat: Self.busy.id)
        let outbox = OutboxDeliverer(database: database, platform: platform, clock: ManualClock(), logger: Logger(label: "test"))
        let loop = Task { await outbox.run() }
        try await Self.eventually { platform.begun == 1 }
        try database.write { tx in try tx.forgetUser(person, in: Self.busy.id) }
        for _ in 0..<4 { platform.pass() }
        try await Self.eventually { platform.sends.count == 2 }
        try await Task.sleep(for: .milliseconds(100))
        #expect(platform.sends.map(\.text) == ["first", "last"])
        loop.cancel()
        await loop.value
        #expect(try database.read { try $0.pendingOutboxCount() } == 0)
    }

    /// A burst of keyboard edits of one message, longer than a worker's window and interleaved with
    /// another message's, becomes one request per message: the last edit of each.
    @Test func aBurstOfKeyboardEditsOfOneMessageIsSentOnce() async throws {
        let (database, directory) = try Self.database()
        defer { try? FileManager.default.removeItem(at: directory) }
        try database.write { tx in
            for count in 1...30 {
                for message in [MessageID(7), MessageID(8)] {
                    let buttons = [[Button("😂 \(count)", data: "r:\(message.rawValue):h")]]
                    try tx.enqueue(.editButtons(message, buttons), chat: Self.busy.id, anchor: nil, at: Date())
                }
            }
        }
        let platform = RecordingPlatform()
        let outbox = OutboxDeliverer(database: database, platform: platform, clock: ManualClock(), logger: Logger(label: "test"))
        #expect(await outbox.deliverPending() == 0)
        let edits = platform.deliveries.compactMap { delivery -> String? in
            guard case .editedButtons(_, let message, let buttons) = delivery else { return nil }
            return "\(message.rawValue): \(buttons[0][0].label)"
        }
        #expect(edits == ["7: 😂 30", "8: 😂 30"])
    }

    /// A platform limiting per route (Discord's profile, as far as the outbox is concerned).
    static let perRoute: PlatformProfile = {
        var profile = RecordingPlatform.standardProfile
        profile.deliveryLanes = .perInteractionAndMessage
        return profile
    }()

    /// Queues "for alice" then "for bob" in the busy chat, each the answer to its own interaction; returns Alice's.
    static func queueAnswersForAliceThenBob(_ database: RoastDatabase) throws -> Interaction {
        let alice = Interaction(handle: "alice")
        try database.write { tx in
            for (text, interaction) in [("for alice", alice), ("for bob", Interaction(handle: "bob"))] {
                try tx.enqueue(
                    .send(OutgoingMessage(text: RichText(plain: text))), to: Destination(chat: Self.busy.id, interaction: interaction),
                    anchor: nil, at: Date())
            }
        }
        return alice
    }

    /// On a platform that limits per route, an answer waiting out its interaction's limit never holds
    /// back another interaction's answer in the same chat; the waiting one goes once let through.
    @Test func anAnswerWaitingOutItsLimitNeverHoldsBackAnotherInteractionsInTheSameChat() async throws {
        let (database, directory) = try Self.database()
        defer { try? FileManager.default.removeItem(at: directory) }
        let alice = try Self.queueAnswersForAliceThenBob(database)
        let platform = GatedPlatform(profile: Self.perRoute) { $0.interaction == alice }
        let outbox = OutboxDeliverer(database: database, platform: platform, clock: ManualClock(), logger: Logger(label: "test"))
        let loop = Task { await outbox.run() }
        try await Self.eventually { platform.sends.contains { $0.text == "for bob" } }
        #expect(platform.begun == 1)
        #expect(!platform.sends.contains { $0.text == "for alice" })
        platform.pass()
        try await Self.eventually { platform.sends.contains { $0.text == "for alice" } }
        try await Self.eventually { (try? database.read { try $0.pendingOutboxCount() }) == 0 }
        loop.cancel()
        await loop.value
    }

    /// On a platform whose chat is one lane (Telegram), the same two answers go in order: the second
    /// waits for the first.
    @Test func aChatThatIsOneLaneKeepsItsAnswersInOrder() async throws {
        let (database, directory) = try Self.database()
        defer { try? FileManager.default.removeItem(at: directory) }
        let alice = try Self.queueAnswersForAliceThenBob(database)
        let platform = GatedPlatform(profile: RecordingPlatform.standardProfile) { $0.interaction == alice }
        let outbox = OutboxDeliverer(database: database, platform: platform, clock: ManualClock(), logger: Logger(label: "test"))
        let loop = Task { await outbox.run() }
        try await Self.eventually { platform.begun == 1 }
        try await Task.sleep(for: .milliseconds(200))
        #expect(platform.sends.isEmpty, "bob's answer went before alice's")
        platform.pass()
        try await Self.eventually { platform.sends.count == 2 }
        #expect(platform.sends.map(\.text) == ["for alice", "for bob"])
        loop.cancel()
        await loop.value
    }

    /// On a platform that limits per route, the edits of one message caused by different presses (each
    /// its own interaction) stay one lane: the newest is the one shown, and a burst is coalesced; an
    /// edit of another message is not held back by them.
    @Test func editsOfOneMessageFromManyInteractionsStayInOrderAndCoalesce() async throws {
        let (database, directory) = try Self.database()
        defer { try? FileManager.default.removeItem(at: directory) }
        func press(_ count: Int, on message: Int64, _ emoji: String = "😂") throws {
            try database.write { tx in
                try tx.enqueue(
                    .editButtons(MessageID(message), [[Button("\(emoji) \(count)", data: "r:\(message):h")]]),
                    to: Destination(chat: Self.busy.id, interaction: Interaction(handle: "press \(count) on \(message)")), anchor: nil,
                    at: Date())
            }
        }
        try press(1, on: 7)
        try press(1, on: 8, "🔥")
        // The first edit of message 7 waits at the gate (a rate limit); the presses after it queue behind it.
        let platform = GatedPlatform(profile: Self.perRoute) { $0.interaction?.handle == "press 1 on 7" }
        let outbox = OutboxDeliverer(database: database, platform: platform, clock: ManualClock(), logger: Logger(label: "test"))
        let loop = Task { await outbox.run() }
        try await Self.eventually { platform.begun == 1 }
        for count in 2...5 { try press(count, on: 7) }
        outbox.wake(chat: Self.busy.id)
        try await Self.eventually { platform.sends.contains { $0.text == "8: 🔥 1" } }
        #expect(!platform.sends.contains { $0.text.hasPrefix("7:") }, "an edit of message 7 went past the one waiting")
        platform.pass()
        try await Self.eventually { (try? database.read { try $0.pendingOutboxCount() }) == 0 }
        #expect(platform.sends.map(\.text).filter { $0.hasPrefix("7:") } == ["7: 😂 1", "7: 😂 5"])
        loop.cancel()
        await loop.value
    }
}
