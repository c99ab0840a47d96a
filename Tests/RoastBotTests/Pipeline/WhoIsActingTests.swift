import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastStore
import RoastTesting
import Testing

/// Who acted decides what an event may do: a demoted admin loses their rights at once, an anonymous
/// admin is an admin without a profile, a channel is throttled like a person and keeps no profile.
struct WhoIsActingTests {
    static let news = ChatID(-1_009_999)

    static func settingsSpice(_ bot: BotFixture) throws -> SpiceLevel? {
        try bot.database.read { try $0.chat(BotFixture.group.id)?.maxSpice }
    }

    @Test func aDemotedAdminLosesTheirRightsAtTheMemberUpdate() async throws {
        let administration = FixedAdministration(admins: [BotFixture.alice.id])
        var bot = try BotFixture(administration: administration)
        defer { bot.cleanUp() }
        await bot.run(bot.command("/settings spice 2", from: BotFixture.alice))
        #expect(try Self.settingsSpice(bot) == SpiceLevel(clamping: 2))
        // Bob demotes Alice; Telegram reports it as a chat_member update before her next command.
        administration.setAdmins([])
        await bot.run(
            bot.envelope(.memberChanged(BotFixture.alice.id, isAdmin: false), from: BotFixture.bob),
            bot.command("/settings spice 4", from: BotFixture.alice))
        #expect(try Self.settingsSpice(bot) == SpiceLevel(clamping: 2))
        #expect(bot.platform.sentMessages.last?.content.text.plainText == Phrasebook(.vi).settingsAdminsOnly)
        // The update itself is no activity of Bob's.
        #expect(try bot.database.read { try $0.profile(chat: BotFixture.group.id, user: BotFixture.bob.id) } == nil)
    }

    @Test func anAnonymousAdminChangesSettingsAndGetsRoastsWithoutAProfile() async throws {
        var bot = try BotFixture(administration: FixedAdministration(admins: []))
        defer { bot.cleanUp() }
        func anonymous(_ text: String) -> IncomingEnvelope {
            var envelope = bot.command(text, from: nil)
            envelope.senderChat = .anonymousAdmin
            return envelope
        }
        await bot.run(anonymous("/settings spice 1"))
        #expect(try Self.settingsSpice(bot) == SpiceLevel(clamping: 1))
        await bot.run(anonymous("/roast meetings"))
        let roast = try #require(bot.platform.sentMessages.last)
        #expect(!roast.content.buttons.isEmpty)
        #expect(try bot.database.read { try $0.profiles(chat: BotFixture.group.id) }.isEmpty)
        // Personal commands say they need a person.
        await bot.run(anonymous("/streak"))
        #expect(bot.platform.sentMessages.last?.content.text.plainText == Phrasebook(.vi).needsAPerson)
    }

    @Test func aBotAskingForARoastGetsOneWithoutAProfile() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let helper = Person(id: UserID(99), displayName: "Helper", username: "helper_bot", isBot: true)
        await bot.run(bot.command("/roast meetings", from: helper))
        #expect(bot.platform.sentMessages.last?.content.buttons.isEmpty == false)
        #expect(try bot.database.read { try $0.profiles(chat: BotFixture.group.id) }.isEmpty)
    }

    @Test func aChannelIsThrottledByItsIdAndKeepsNoProfile() async throws {
        var bot = try BotFixture(abuseGate: AbuseGate(limit: 5, window: 10, cooldown: 30))
        defer { bot.cleanUp() }
        let before = bot.platform.sentMessages.count
        var commands: [IncomingEnvelope] = []
        for _ in 0..<12 {
            var envelope = bot.command("/roast", from: nil)
            envelope.senderChat = .channel(Self.news)
            commands.append(envelope)
        }
        await bot.runtime.pipeline.process(commands, from: BotFixture.source, nextOffset: commands.last!.key! + 1)
        await bot.runtime.outbox.deliverPending()
        let answers = bot.platform.sentMessages.count - before
        // Five roasts and one polite notice; the rest ignored.
        #expect(answers == 6)
        #expect(bot.platform.sentMessages.last?.content.text.plainText == Phrasebook(.vi).slowDown)
        #expect(try bot.database.read { try $0.profiles(chat: BotFixture.group.id) }.isEmpty)
        // A channel is never an admin.
        var settings = bot.command("/settings spice 5", from: nil)
        settings.senderChat = .channel(Self.news)
        await bot.run(settings)
        #expect(try Self.settingsSpice(bot) != SpiceLevel(clamping: 5))
    }
}
