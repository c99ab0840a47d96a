import Foundation
import RoastStore
import RoastTesting
import Testing

/// Who acted, through the real binary and the fake Bot API: a demoted admin loses their rights at
/// the `chat_member` update, an anonymous admin changes settings and gets roasts, a channel is
/// throttled and keeps no profile.
@Suite(.serialized)
struct WhoIsActingEndToEndTests {
    static let team = FakeChat(id: -100_560, type: .supergroup, title: "Team")
    static let news = FakeChat(id: -100_561, type: .channel, title: "News")
    static let lan = FakeUser(id: 861, firstName: "Lan", username: "lan", languageCode: "vi")
    static let minh = FakeUser(id: 862, firstName: "Minh", username: "minh", languageCode: "vi")

    private static func maxSpice(_ bot: BotProcess) throws -> Int? {
        let database = try RoastDatabase(path: bot.databasePath)
        defer { database.close() }
        return try database.read { try $0.chat(.init(Self.team.id))?.maxSpice.rawValue }
    }

    @Test func adminRightsFollowTheMemberUpdatesAndAnonymousAdminsAreAdmins() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        fake.setMemberStatus(.administrator, of: Self.lan, in: Self.team)
        let bot = try BotProcess(fake: fake)
        defer { bot.cleanUp() }
        try bot.start()
        #expect(await fake.waitFor(timeout: .seconds(10)) { fake.allowedUpdates?.contains("chat_member") == true })

        fake.commandMessage(chat: Self.team, from: Self.lan, text: "/settings spice 2")
        _ = await fake.waitForMessages(1, in: Self.team.id)
        // Minh demotes Lan; her next change is refused at once, not after the 5-minute cache.
        fake.chatMember(chat: Self.team, member: Self.lan, by: Self.minh, oldStatus: .administrator, newStatus: .member)
        fake.commandMessage(chat: Self.team, from: Self.lan, text: "/settings spice 4")
        let refused = await fake.waitForMessages(2, in: Self.team.id)
        #expect(refused.last?.text.contains("quản trị viên") == true)

        // An anonymous admin (posting as the group) may change it, and gets a roast.
        fake.commandMessage(chat: Self.team, signedBy: Self.team, text: "/settings spice 1")
        fake.commandMessage(chat: Self.team, signedBy: Self.team, text: "/roast")
        let answered = await fake.waitForMessages(4, in: Self.team.id)
        #expect(answered.count >= 4)
        #expect(answered.last?.buttons.isEmpty == false)

        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        #expect(try Self.maxSpice(bot) == 1)
        let database = try RoastDatabase(path: bot.databasePath)
        defer { database.close() }
        #expect(try database.read { try $0.profiles(chat: .init(Self.team.id)) }.map(\.userID.rawValue) == [Self.lan.id])
        await fake.stop()
    }

    @Test func aChannelIsThrottledAndKeepsNoProfile() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        // The default throttle: five commands in ten seconds, then one notice and 30 s of silence.
        let bot = try BotProcess(fake: fake, extraEnvironment: ["ROASTBOT_ABUSE_LIMIT": "5"])
        defer { bot.cleanUp() }
        try bot.start()
        for _ in 0..<12 { fake.commandMessage(chat: Self.team, signedBy: Self.news, text: "/roast") }
        fake.commandMessage(chat: Self.team, from: Self.lan, text: "/help")
        // Lan's /help comes after the channel's twelve: once it is answered, they all were handled.
        #expect(await fake.waitFor(timeout: .seconds(30)) { fake.sentMessages(chat: Self.team.id).contains { $0.text.contains("/roast") } })
        try await Task.sleep(for: .milliseconds(300))
        let sent = fake.sentMessages(chat: Self.team.id)
        let roasts = sent.filter { !$0.buttons.isEmpty }
        #expect(roasts.count == 5)
        #expect(sent.count == 7)

        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        let database = try RoastDatabase(path: bot.databasePath)
        defer { database.close() }
        #expect(try database.read { try $0.profiles(chat: .init(Self.team.id)) }.map(\.userID.rawValue) == [Self.lan.id])
        await fake.stop()
    }
}
