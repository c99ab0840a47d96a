import AIRoasts
import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastTesting
import Synchronization
import Testing

@testable import RoastStore

/// The real features on a platform that is not Telegram, as its profile describes it: Discord's shape
/// (messages of 2,000, payloads of 100, every command an interaction answered within a deadline,
/// private answers in place, no deep links, no main thread, DM channels with ids of their own, native
/// reactions as single add/remove events). Nothing in the core may assume Telegram's rules.
struct PlatformRulesTests {
    /// A person's private chat on this platform: an id of its own, never the person's.
    static func directMessages(of person: UserID) -> ChatID { ChatID(9_000_000 + person.rawValue) }

    static let discordLike = PlatformProfile(
        name: "Discord", messageLimit: 2_000, captionLimit: 2_000, buttonPayloadLimit: 100, privateChats: .openedByTheBot,
        interactions: .init(commands: true, deadline: .seconds(3), privateAnswers: true), deepLinks: nil, inlineMode: false,
        reactions: .init(
            equivalents: ["😂": ["😂", "🤣"], "🔥": ["🔥"], "😐": ["😐"], "👎": ["👎"]], visibility: .always),
        hasMainThread: false)

    /// A server: one chat whose channels are its topics.
    static let server = ChatRef(id: ChatID(777_000_111), kind: .group, title: "Engineering", isForum: true)
    static let general = TopicID(555_001)
    static let random = TopicID(555_002)

    static func platform(_ profile: PlatformProfile = discordLike) -> RecordingPlatform {
        RecordingPlatform(profile: profile, privateChat: Self.directMessages(of:))
    }

    static func bot(_ profile: PlatformProfile = discordLike, ai: (any AIRoastSource)? = nil, abuseGate: AbuseGate? = nil) throws
        -> BotFixture
    {
        try BotFixture(ai: ai, abuseGate: abuseGate, platform: platform(profile))
    }

    /// `/name arguments` as a slash command: an interaction in a channel, in no message.
    static func slash(
        _ bot: inout BotFixture, _ text: String, from person: Person = BotFixture.alice, in topic: TopicID = general, admin: Bool? = nil
    ) -> IncomingEnvelope {
        let name = String(text.dropFirst().prefix { $0 != " " })
        let arguments = String(text.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces)
        var envelope = bot.envelope(
            .command(name: name, arguments: arguments, message: nil), from: person, in: server, topic: topic,
            interaction: Interaction(handle: "i\(bot.sequence)"))
        envelope.senderIsAdmin = admin
        return envelope
    }

    /// `/help` (about 1,300 characters) on a platform whose messages hold 1,000.
    @Test func longAnswersAreSplitAtThePlatformsLimit() async throws {
        var profile = Self.discordLike
        profile.messageLimit = 1_000
        var bot = try Self.bot(profile)
        defer { bot.cleanUp() }
        let help = WelcomeFeature.helpText(.vi, menu: bot.runtime.menu)
        try #require(MessageSplitter.visibleLength(help) > profile.messageLimit)
        await bot.run(Self.slash(&bot, "/help"))
        let parts = bot.platform.sentMessages
        #expect(parts.count >= 2)
        #expect(parts.allSatisfy { MessageSplitter.visibleLength($0.content.text) <= profile.messageLimit })
        #expect(parts.map(\.content.text.plainText).joined() == help.plainText)
        // One delivery, in the channel the command came from, answering its interaction.
        #expect(bot.platform.performed.count == 1)
        #expect(bot.platform.performed.first?.destination == Destination(chat: Self.server.id, interaction: Interaction(handle: "i1")))
        #expect(parts.allSatisfy { $0.content.topic == Self.general && $0.content.replyTo == nil })
    }

    @Test func anAnnouncementJoinsTheAnswerOnlyWithinThePlatformsLimit() {
        let answer = OutgoingMessage(text: RichText(plain: String(repeating: "x", count: 1_990)))
        let celebration = OutgoingMessage(text: "🎉 3 days!")
        #expect(ReplyComposer.compose([.send(answer)], announcements: [.send(celebration)], limit: 2_000).count == 2)
        #expect(ReplyComposer.compose([.send(answer)], announcements: [.send(celebration)], limit: 4_000).count == 1)
    }

    /// The features' buttons fit the platform's payload limit: the platform refuses none of them.
    @Test func everyFeatureWorksWithinThePlatformsButtonPayloads() async throws {
        var bot = try Self.bot()
        defer { bot.cleanUp() }
        await bot.run(Self.slash(&bot, "/roast meetings 2"))
        let roast = try #require(bot.platform.sentMessages.last)
        let fire = try #require(roast.content.buttons.first?[1])
        await bot.run(bot.envelope(.press(callbackID: "p1", data: fire.data, message: roast.message), in: Self.server, topic: Self.general))
        for command in ["/mood", "/collections", "/settings", "/streak", "/top", "/favorites", "/history", "/card", "/forgetme"] {
            await bot.run(Self.slash(&bot, command, admin: true))
        }
        #expect(bot.platform.performed.count > 10)
        #expect(try bot.database.read { try $0.pendingOutboxCount() } == 0)
        let refused = try bot.database.read { tx in
            try tx.connection.query("SELECT failure_reason FROM outbox WHERE state = 'failed'") { (row: borrowing Row) in
                row.optionalString(0) ?? ""
            }
        }
        #expect(refused.isEmpty, "\(refused)")
        let stored = try #require(try bot.database.read { try $0.roast(chat: Self.server.id, message: roast.message) })
        #expect(try bot.database.read { try $0.reactionCounts(roast: stored.id) }[.fire] == 1)
    }

    /// Every command is answered (deferred first if that took more than half the deadline); its
    /// replies carry the interaction, so that the platform can post them as the interaction's answer.
    @Test func aCommandInteractionIsAnsweredAndItsRepliesCarryIt() async throws {
        var bot = try Self.bot()
        defer { bot.cleanUp() }
        await bot.run(Self.slash(&bot, "/roast"))
        #expect(bot.platform.answers.last?.answer == .handled(notice: nil, replies: 1))
        #expect(bot.platform.answers.dropLast().allSatisfy { $0.answer == .deferred })
        #expect(bot.platform.performed.map(\.destination.interaction) == [bot.platform.answers.first?.interaction])
    }

    /// Without deep links, and with private answers in place, `/export` in a server is answered to the
    /// person alone, in place: the server sees no file, no link, no note.
    @Test func withoutDeepLinksAnExportIsAnsweredPrivatelyInPlace() async throws {
        var bot = try Self.bot()
        defer { bot.cleanUp() }
        await bot.run(Self.slash(&bot, "/roast", from: BotFixture.bob))
        await bot.run(Self.slash(&bot, "/export", from: BotFixture.bob))
        let export = try #require(bot.platform.performed.last)
        guard case .document(let document) = export.action else {
            Issue.record("not a document: \(export.action)")
            return
        }
        #expect(export.destination.person == BotFixture.bob.id)
        #expect(export.destination.interaction == bot.platform.answers.last?.interaction)
        #expect(document.filename.contains("\(BotFixture.bob.id.rawValue)"))
        #expect(!bot.platform.sentMessages.contains { $0.content.buttons.joined().contains { $0.startsPrivateChat != nil } })
        #expect(bot.platform.sentMessages.count == 1)  // the roast only
    }

    /// `/forgetme`'s question is for the person alone too.
    @Test func theForgetMeQuestionIsAskedPrivatelyInPlace() async throws {
        var bot = try Self.bot()
        defer { bot.cleanUp() }
        await bot.run(Self.slash(&bot, "/forgetme", from: BotFixture.bob))
        #expect(bot.platform.performed.map(\.destination.person) == [BotFixture.bob.id])
    }

    /// A platform whose private chats have ids of their own, without private answers in place: the
    /// export goes to the person's private chat, found by the person, wherever its id.
    @Test func aPrivateChatWithItsOwnIdGetsTheExport() async throws {
        var profile = RecordingPlatform.standardProfile
        profile.deepLinks = nil
        var bot = try Self.bot(profile)
        defer { bot.cleanUp() }
        let privately = ChatRef(id: Self.directMessages(of: BotFixture.bob.id), kind: .privateChat)
        await bot.run(bot.command("/start", from: BotFixture.bob, in: privately))
        await bot.run(bot.command("/roast", from: BotFixture.bob))
        await bot.run(bot.command("/export", from: BotFixture.bob))
        let documents = bot.platform.deliveries.compactMap { delivery -> ChatID? in
            if case .document(let chat, _, _) = delivery { return chat }
            return nil
        }
        #expect(documents == [privately.id])
        #expect(bot.platform.sentMessages.last?.content.text.plainText == Phrasebook(.vi).exportSentPrivately)

        // Forgetting themselves in that private chat deletes the chat, whatever its id.
        await bot.run(bot.command("/forgetme", from: BotFixture.bob, in: privately))
        let question = try #require(bot.platform.sentMessages.last)
        let yes = try #require(question.content.buttons.first?.first)
        await bot.run(bot.envelope(.press(callbackID: "y", data: yes.data, message: question.message), from: BotFixture.bob, in: privately))
        #expect(try bot.database.read { try $0.chat(privately.id) } == nil)
    }

    /// No deep links, no private answers, and the person never wrote privately: they are told to.
    @Test func withNoWayToAnswerPrivatelyThePersonIsToldToWriteFirst() async throws {
        var profile = RecordingPlatform.standardProfile
        profile.deepLinks = nil
        var bot = try Self.bot(profile)
        defer { bot.cleanUp() }
        await bot.run(bot.command("/export", from: BotFixture.bob))
        #expect(bot.platform.sentMessages.map(\.content.text.plainText) == [Phrasebook(.vi).exportNeedsPrivateChatOpened])
        #expect(!bot.platform.deliveries.contains { if case .document = $0 { true } else { false } })
    }

    /// An answer that takes longer than half the deadline (an AI roast) is deferred first, then
    /// answered as handled — in that order.
    @Test func aSlowAnswerIsDeferredFirst() async throws {
        var profile = Self.discordLike
        profile.interactions.deadline = .milliseconds(200)
        let platform = Self.platform(profile)
        let ai = WaitingAI { platform.answers.contains { $0.answer == .deferred } }
        var bot = try BotFixture(ai: ai, platform: platform)
        defer { bot.cleanUp() }
        await bot.run(Self.slash(&bot, "/roast"))
        #expect(bot.platform.answers.map(\.answer) == [.deferred, .handled(notice: nil, replies: 1)])
        #expect(ai.sawDeferral)
    }

    /// Telegram sets no deadline: nothing is deferred however slow.
    @Test func withoutADeadlineNothingIsDeferred() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.envelope(.press(callbackID: "c", data: "x:1", message: MessageID(1))))
        #expect(bot.platform.answers.map(\.answer) == [.handled(notice: Phrasebook(.vi).staleButton, replies: 0)])
    }

    /// Admin status that came with the event (a member's permissions) is trusted; nobody is asked.
    @Test func adminStatusThatCameWithTheEventDecides() async throws {
        var bot = try Self.bot()
        defer { bot.cleanUp() }
        await bot.run(Self.slash(&bot, "/settings language en", from: BotFixture.bob, admin: false))
        #expect(try bot.database.read { try $0.chat(Self.server.id)?.language } == .vi)
        await bot.run(Self.slash(&bot, "/settings language en", from: BotFixture.alice, admin: true))
        #expect(try bot.database.read { try $0.chat(Self.server.id)?.language } == .en)
    }

    /// A server's own language starts its settings.
    @Test func aServerStartsInItsOwnLanguage() async throws {
        var bot = try Self.bot()
        defer { bot.cleanUp() }
        var envelope = Self.slash(&bot, "/help", from: BotFixture.bob)
        envelope.chat.languageCode = "en-US"
        await bot.run(envelope)
        #expect(try bot.database.read { try $0.chat(Self.server.id)?.language } == .en)
    }

    /// Without a main thread, scheduled posts go where the bot was last asked something — and
    /// nowhere before anyone asked.
    @Test func scheduledPostsGoWhereTheBotWasLastAsked() async throws {
        var bot = try Self.bot()
        defer { bot.cleanUp() }
        await bot.run(bot.envelope(.botMembership(.member), from: BotFixture.alice, in: Self.server))
        let nineOClock = try Self.nineOClock(after: bot.clock.now)
        #expect(bot.runtime.scheduler.runPass(now: nineOClock).queued == 0)
        await bot.run(Self.slash(&bot, "/streak", in: Self.random))
        #expect(bot.runtime.scheduler.runPass(now: nineOClock.addingTimeInterval(300)).queued == 1)
        await bot.runtime.outbox.deliverPending()
        #expect(bot.platform.sentMessages.last?.content.topic == Self.random)
    }

    /// An event in a place whose new posts go elsewhere (a Discord forum's post, whose forum takes new posts): its
    /// answer stays where it was asked, but the place the bot was last asked, and the topic `/settings topic here`
    /// picks, are where new posts go — so the scheduled post goes there, answering nothing.
    @Test func scheduledPostsGoWhereNewPostsFromTheLastPlaceGo() async throws {
        let forum = TopicID(555_100)
        let post = TopicID(555_101)
        var bot = try Self.bot()
        defer { bot.cleanUp() }
        await bot.run(bot.envelope(.botMembership(.member), from: BotFixture.alice, in: Self.server))
        var asked = Self.slash(&bot, "/streak", in: post)
        asked.newPostTopic = forum
        await bot.run(asked)
        #expect(bot.platform.sentMessages.last?.content.topic == post)
        #expect(try bot.database.read { try $0.chat(Self.server.id)?.lastTopic } == forum)
        let nineOClock = try Self.nineOClock(after: bot.clock.now)
        #expect(bot.runtime.scheduler.runPass(now: nineOClock).queued == 1)
        await bot.runtime.outbox.deliverPending()
        let daily = try #require(bot.platform.sentMessages.last)
        #expect(daily.content.topic == forum)
        #expect(daily.content.replyTo == nil)
        #expect(bot.platform.performed.last?.destination == Destination(chat: Self.server.id))

        var picked = Self.slash(&bot, "/settings topic here", in: post, admin: true)
        picked.newPostTopic = forum
        await bot.run(picked)
        #expect(try bot.database.read { try $0.chat(Self.server.id)?.postTopic } == forum)
    }

    /// 09:05 of the day after `date`, in the chats' default timezone.
    private static func nineOClock(after date: Date) throws -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = BotDefaults.timeZone
        return try #require(calendar.date(bySettingHour: 9, minute: 5, second: 0, of: date.addingTimeInterval(86_400)))
    }

    /// Native reactions reported one at a time: an added one counts as its quick reaction, removing
    /// it removes it; such events carry no key and are applied each time they come.
    @Test func singleReactionEventsCountByThePlatformsMapping() async throws {
        var bot = try Self.bot()
        defer { bot.cleanUp() }
        await bot.run(Self.slash(&bot, "/roast"))
        let roast = try #require(bot.platform.sentMessages.last)
        let id = try #require(try bot.database.read { try $0.roast(chat: Self.server.id, message: roast.message) }).id
        func react(_ event: IncomingEvent) async {
            var envelope = bot.envelope(event, from: BotFixture.bob, in: Self.server, topic: Self.general)
            envelope.key = nil
            await bot.runtime.pipeline.process([envelope], from: BotFixture.source, nextOffset: nil)
            await bot.runtime.outbox.deliverPending()
        }
        await react(.reactionAdded(message: roast.message, emoji: "🤣"))
        #expect(try bot.database.read { try $0.reaction(roast: id, user: BotFixture.bob.id) } == .hilarious)
        await react(.reactionRemoved(message: roast.message, emoji: "🔥"))
        #expect(try bot.database.read { try $0.reaction(roast: id, user: BotFixture.bob.id) } == .hilarious)
        await react(.reactionRemoved(message: roast.message, emoji: "🤣"))
        #expect(try bot.database.read { try $0.reaction(roast: id, user: BotFixture.bob.id) } == nil)
        await react(.reactionAdded(message: roast.message, emoji: "🤣"))
        #expect(try bot.database.read { try $0.reaction(roast: id, user: BotFixture.bob.id) } == .hilarious)
    }

    /// Inline queries are a feature of the platforms whose profile says so: the same query is
    /// answered with roasts where inline mode is on, and by nothing (no feature takes it) where it is off.
    @Test(arguments: [true, false])
    func inlineQueriesAreAnsweredOnlyWhereThePlatformHasInlineMode(_ inlineMode: Bool) async throws {
        var profile = RecordingPlatform.standardProfile
        profile.inlineMode = inlineMode
        let answers = RecordingInlineAnswers()
        var bot = try BotFixture(inline: answers, platform: Self.platform(profile))
        defer { bot.cleanUp() }
        let privateChat = ChatRef(id: Self.directMessages(of: BotFixture.alice.id), kind: .privateChat)
        await bot.run(bot.envelope(.inlineQuery(id: "q1", query: "meetings"), from: BotFixture.alice, in: privateChat))
        #expect(answers.recorded.map(\.queryID) == (inlineMode ? ["q1"] : []))
        #expect(answers.recorded.allSatisfy { !$0.results.isEmpty })
    }

    /// A throttled command still gets an answer where the platform insists on one: a word for the
    /// spammer alone, nothing for the chat.
    @Test func aThrottledInteractionGetsANoticeForThePersonAlone() async throws {
        var bot = try Self.bot(abuseGate: AbuseGate(limit: 1, window: 60, cooldown: 60))
        defer { bot.cleanUp() }
        let batch = [Self.slash(&bot, "/help"), Self.slash(&bot, "/help"), Self.slash(&bot, "/help")]
        await bot.runtime.pipeline.process(batch, from: BotFixture.source, nextOffset: nil)
        await bot.runtime.outbox.deliverPending()
        #expect(bot.platform.acknowledgements.count == 3)
        #expect(bot.platform.answers.last?.answer == .handled(notice: Phrasebook(.vi).slowDown, replies: 0))
    }
}

/// An AI source that answers only once `released` says so (or after ten seconds).
private final class WaitingAI: AIRoastSource {
    private let released: @Sendable () -> Bool
    private let saw = Mutex(false)

    init(released: @escaping @Sendable () -> Bool) { self.released = released }

    var sawDeferral: Bool { saw.withLock { $0 } }

    func roast(_ prompt: RoastPrompt) async throws(AIRoastError) -> String {
        for _ in 0..<1_000 {
            if released() {
                saw.withLock { $0 = true }
                break
            }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return "Cuộc họp này lẽ ra chỉ cần một email."
    }
}
