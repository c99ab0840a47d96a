import Foundation
import RoastCore
import RoastStore
import RoastTesting
import Testing

/// How the bot takes part in a busy group, through the real binary and the fake Bot API: it counts
/// only reactions on its own roasts, and leaves other bots' commands alone.
@Suite(.serialized)
struct ConversationEndToEndTests {
    static let team = FakeChat(id: -100_480, type: .supergroup, title: "Team")
    static let lan = FakeUser(id: 811, firstName: "Lan", username: "lan", languageCode: "vi")
    static let minh = FakeUser(id: 812, firstName: "Minh", username: "minh", languageCode: "vi")
    static let ha = FakeUser(id: 813, firstName: "Hà", username: "ha", languageCode: "vi")

    private static func instant(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test func reactionsOnlyCountOnTheBotsOwnRoasts() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let bot = try BotProcess(fake: fake)
        defer { bot.cleanUp() }
        try bot.start()
        for day in ["2026-02-28", "2026-03-01", "2026-03-02"] {
            let morning = Self.instant("\(day)T01:00:00+07:00")
            // Lan's own message (the bot is not addressed) and a roast she asks for.
            let chatter = fake.textMessage(chat: Self.team, from: Self.lan, text: "Họp lúc 10h nhé", date: morning)
            let command = fake.commandMessage(chat: Self.team, from: Self.lan, text: "/roast", date: morning.addingTimeInterval(60))
            #expect(
                await fake.waitFor(timeout: .seconds(15)) {
                    fake.sentMessages(chat: Self.team.id).contains { $0.replyToMessageID == command.messageID }
                })
            let roast = try #require(fake.sentMessages(chat: Self.team.id).last { $0.replyToMessageID == command.messageID })
            // Minh likes Lan's message; Hà likes the bot's roast.
            fake.messageReaction(
                chat: Self.team, messageID: try #require(chatter.messageID), user: Self.minh, new: ["👍"],
                date: morning.addingTimeInterval(120))
            fake.messageReaction(
                chat: Self.team, messageID: roast.messageID, user: Self.ha, new: ["👍"], date: morning.addingTimeInterval(180))
        }
        // A last command: the chat's events are applied in order, so the reactions are in by its answer.
        let last = fake.commandMessage(chat: Self.team, from: Self.lan, text: "/top", date: Self.instant("2026-03-02T02:00:00+07:00"))
        #expect(
            await fake.waitFor(timeout: .seconds(15)) {
                fake.sentMessages(chat: Self.team.id).contains { $0.replyToMessageID == last.messageID }
            })
        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)

        let texts = fake.sentMessages(chat: Self.team.id).map(\.text)
        #expect(!texts.contains { $0.contains("Minh") })
        #expect(texts.contains { $0.contains("🎉 Hà đạt chuỗi 3 ngày") && $0.contains("🏅 Hà nhận huy hiệu mới: 🌱 Khởi động") })
        let database = try RoastDatabase(path: bot.databasePath)
        defer { database.close() }
        let (minh, ha) = try database.read { tx in
            (
                try tx.streak(chat: .init(Self.team.id), user: .init(Self.minh.id)),
                try tx.streak(chat: .init(Self.team.id), user: .init(Self.ha.id))
            )
        }
        #expect(minh == nil)
        #expect(ha?.current == 3)
        #expect(try database.read { try $0.profile(chat: .init(Self.team.id), user: .init(Self.minh.id)) } == nil)
        await fake.stop()
    }

    @Test func eachCommandGetsOneMessageAndACountOnlyPressEditsTheKeyboard() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let bot = try BotProcess(fake: fake)
        defer { bot.cleanUp() }
        try bot.start()
        var commands: [Int64] = []
        // Three days of /roast, the first spicier than the group's cap and with a word the bot does
        // not know; the third reaches a 3-day streak and a badge.
        for (day, text) in [("2026-02-28", "/roast deadline 5 banana"), ("2026-03-01", "/roast"), ("2026-03-02", "/roast")] {
            let command = fake.commandMessage(chat: Self.team, from: Self.lan, text: text, date: Self.instant("\(day)T01:00:00+07:00"))
            commands.append(try #require(command.messageID))
            #expect(
                await fake.waitFor(timeout: .seconds(15)) {
                    fake.sentMessages(chat: Self.team.id).contains { $0.replyToMessageID == command.messageID }
                })
        }
        // A last command: the chat's events are applied in order, so everything before is in by its answer.
        let last = fake.commandMessage(chat: Self.team, from: Self.minh, text: "/streak", date: Self.instant("2026-03-02T02:00:00+07:00"))
        #expect(
            await fake.waitFor(timeout: .seconds(15)) {
                fake.sentMessages(chat: Self.team.id).contains { $0.replyToMessageID == last.messageID }
            })
        var sent = fake.sentMessages(chat: Self.team.id)
        #expect(sent.count == 4)
        #expect(sent.map(\.replyToMessageID) == (commands + [try #require(last.messageID)]).map { Optional($0) })
        #expect(sent[0].text.contains("Nhóm này giới hạn độ cay tối đa 3.") && sent[0].text.contains("“banana”"))
        #expect(sent[2].text.contains("🎉 Lan đạt chuỗi 3 ngày") && sent[2].text.contains("🏅 Lan nhận huy hiệu mới: 🌱 Khởi động"))
        #expect(sent.prefix(3).allSatisfy { $0.allButtons.count == 7 })

        // 🔥 on the first roast: its keyboard is edited, its text (notes included) stays.
        let first = sent[0]
        let fire = try #require(first.allButtons.first { $0.text == "🔥" }?.callbackData)
        fake.callbackQuery(from: Self.minh, message: first, data: fire)
        #expect(await fake.waitFor(timeout: .seconds(15)) { fake.sentMessages(chat: Self.team.id)[0].edits.count == 1 })
        sent = fake.sentMessages(chat: Self.team.id)
        #expect(sent[0].text == first.text)
        #expect(sent[0].buttons.first?.map(\.text) == ["😂", "🔥 1", "😐", "👎"])
        #expect(fake.requests(method: "editMessageReplyMarkup").count == 1)
        #expect(fake.requests(method: "editMessageText").isEmpty)
        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        await fake.stop()
    }

    @Test func unknownCommandsAreAnsweredOnlyInPrivateOrWhenAddressed() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let bot = try BotProcess(fake: fake)
        defer { bot.cleanUp() }
        try bot.start()
        let direct = FakeChat.privateChat(with: Self.lan)
        let bare = fake.commandMessage(chat: Self.team, from: Self.lan, text: "/poll lunch?")
        let addressed = fake.commandMessage(chat: Self.team, from: Self.lan, text: "/poll@RoastMeLaterBot lunch?")
        fake.commandMessage(chat: direct, from: Self.lan, text: "/poll")
        #expect(await fake.waitForMessages(1, in: direct.id).first?.text.contains("/poll") == true)
        let group = await fake.waitForMessages(1, in: Self.team.id)
        try await Task.sleep(for: .milliseconds(300))
        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        #expect(fake.sentMessages(chat: Self.team.id).count == 1)
        #expect(group.first?.replyToMessageID == addressed.messageID)
        #expect(group.first?.replyToMessageID != bare.messageID)
        await fake.stop()
    }
}
