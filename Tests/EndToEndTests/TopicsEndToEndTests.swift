import Foundation
import RoastTesting
import Testing

/// A supergroup with forum topics, through the real binary and the fake Bot API: what a message in a
/// topic causes stays in that topic and answers that message; General carries no thread id;
/// scheduled posts go to the topic the admins picked.
@Suite(.serialized)
struct TopicsEndToEndTests {
    static let forum = FakeChat(id: -100_470, type: .supergroup, title: "Forum", isForum: true)
    static let lan = FakeUser(id: 801, firstName: "Lan", username: "lan", languageCode: "vi")
    static let minh = FakeUser(id: 802, firstName: "Minh", username: "minh", languageCode: "vi")

    private static func instant(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test func aRoastInATopicIsAnsweredThereAsAReplyWithItsCelebrationAndItsFollowUps() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let bot = try BotProcess(fake: fake)
        defer { bot.cleanUp() }
        let topic = fake.createTopic(in: Self.forum, name: "Deadlines")
        try bot.start()

        // Three days of /roast in the topic: the third reaches a 3-day streak and "Khởi động".
        var commands: [Int64] = []
        for day in ["2026-02-28", "2026-03-01", "2026-03-02"] {
            let command = fake.commandMessage(
                chat: Self.forum, from: Self.lan, text: "/roast", topic: topic, date: Self.instant("\(day)T02:00:00+07:00"))
            commands.append(try #require(command.messageID))
            #expect(
                await fake.waitFor(timeout: .seconds(15)) {
                    fake.sentMessages(chat: Self.forum.id).contains { $0.replyToMessageID == command.messageID }
                })
        }
        #expect(
            await fake.waitFor(timeout: .seconds(15)) { fake.sentMessages(chat: Self.forum.id).contains { $0.text.contains("Khởi động") } })
        var sent = fake.sentMessages(chat: Self.forum.id)
        #expect(sent.allSatisfy { $0.messageThreadID == topic })
        // Every answer replies to the command that asked for it, the celebration included.
        #expect(sent.allSatisfy { commands.contains($0.replyToMessageID ?? 0) })
        let celebration = try #require(sent.first { $0.text.contains("Khởi động") })
        #expect(celebration.replyToMessageID == commands[2])
        #expect(fake.requests(method: "sendMessage").allSatisfy { $0.parameters["message_thread_id"] == String(topic) })

        // Presses on the roast in the topic: 🔁 posts another roast there, ⭐ earns "Fan cứng" there.
        let roast = try #require(sent.last { $0.allButtons.contains { $0.text == "🔁" } })
        let another = try #require(roast.allButtons.first { $0.text == "🔁" }?.callbackData)
        let star = try #require(roast.allButtons.first { $0.text == "⭐" }?.callbackData)
        let before = sent.count
        fake.callbackQuery(from: Self.minh, message: roast, data: another)
        fake.callbackQuery(from: Self.minh, message: roast, data: star)
        #expect(await fake.waitFor(timeout: .seconds(15)) { fake.callbackAnswers.count == 2 })
        sent = await fake.waitForMessages(before + 2, in: Self.forum.id)
        #expect(sent.count >= before + 2)
        #expect(sent.allSatisfy { $0.messageThreadID == topic })

        // In General: no thread id at all, still a reply to the command.
        let general = fake.commandMessage(chat: Self.forum, from: Self.minh, text: "/streak")
        #expect(
            await fake.waitFor(timeout: .seconds(15)) {
                fake.sentMessages(chat: Self.forum.id).contains { $0.replyToMessageID == general.messageID }
            })
        let answer = try #require(fake.sentMessages(chat: Self.forum.id).first { $0.replyToMessageID == general.messageID })
        #expect(answer.messageThreadID == nil)
        #expect(fake.requests(method: "sendMessage").last?.parameters["message_thread_id"] == nil)
        #expect(fake.requests(method: "sendMessage").allSatisfy { $0.statusCode == 200 })

        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        await fake.stop()
    }

    @Test func theRoastOfTheDayGoesToTheTopicPickedInSettingsAndAGoneTopicFallsBackToGeneral() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let other = FakeChat(id: -100_471, type: .supergroup, title: "Other forum", isForum: true)
        // Ten simulated minutes before the 09:00 post, one simulated minute per second.
        let bot = try BotProcess(
            fake: fake, extraEnvironment: ["ROASTBOT_CLOCK_START": "2026-03-02T08:50:00+07:00", "ROASTBOT_CLOCK_RATE": "60"])
        defer { bot.cleanUp() }
        let daily = fake.createTopic(in: Self.forum, name: "Daily")
        let doomed = fake.createTopic(in: other, name: "Soon deleted")
        for chat in [Self.forum, other] { fake.setMemberStatus(.administrator, of: Self.lan, in: chat) }
        try bot.start()

        // Dated on the bot's simulated morning: the chats are new then.
        let now = Self.instant("2026-03-02T08:50:05+07:00")
        let pick = fake.commandMessage(chat: Self.forum, from: Self.lan, text: "/settings topic here", topic: daily, date: now)
        let pickOther = fake.commandMessage(chat: other, from: Self.lan, text: "/settings topic here", topic: doomed, date: now)
        #expect(await fake.waitFor(timeout: .seconds(15)) { fake.sentMessages(chat: other.id).count == 1 })
        let confirmation = try #require(await fake.waitForMessages(1, in: Self.forum.id).first)
        #expect(confirmation.messageThreadID == daily)
        #expect(confirmation.replyToMessageID == pick.messageID)
        #expect(fake.sentMessages(chat: other.id).first?.replyToMessageID == pickOther.messageID)
        // The other forum's topic is deleted before 09:00.
        fake.deleteTopic(doomed, in: other)

        #expect(await fake.waitFor(timeout: .seconds(60)) { ScheduleEndToEndTests.dailyPosts(fake, Self.forum).count == 1 })
        #expect(await fake.waitFor(timeout: .seconds(30)) { ScheduleEndToEndTests.dailyPosts(fake, other).count == 1 })
        #expect(ScheduleEndToEndTests.dailyPosts(fake, Self.forum).first?.messageThreadID == daily)
        #expect(ScheduleEndToEndTests.dailyPosts(fake, Self.forum).first?.replyToMessageID == nil)
        // Telegram refuses the deleted topic ("message thread not found"); the post goes to General.
        let refused = fake.requests(method: "sendMessage").filter {
            $0.parameters["chat_id"] == String(other.id) && $0.parameters["message_thread_id"] == String(doomed)
        }
        #expect(refused.last?.statusCode == 400)
        #expect(refused.last?.errorDescription == "Bad Request: message thread not found")
        #expect(ScheduleEndToEndTests.dailyPosts(fake, other).first?.messageThreadID == nil)

        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        await fake.stop()
    }
}
