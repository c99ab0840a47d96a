import Foundation
import RoastCore
import RoastStore
import RoastTesting
import Testing

/// The real `roastbot` process, its libcurl client and a real SQLite file, against the fake Bot API
/// on 127.0.0.1.
@Suite(.serialized)
struct TelegramEndToEndTests {
    static let team = FakeChat(id: -100_777, type: .supergroup, title: "Team")
    static let alice = FakeUser(id: 501, firstName: "Alice", username: "alice", languageCode: "en")
    static let bao = FakeUser(id: 502, firstName: "Bảo", username: "bao", languageCode: "vi")

    @Test func startAndHelpAnswerInGroupAndPrivateChats() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let bot = try BotProcess(fake: fake)
        defer { bot.cleanUp() }
        try bot.start()
        let privateChat = FakeChat.privateChat(with: Self.alice)
        fake.commandMessage(chat: Self.team, from: Self.alice, text: "/start@RoastMeLaterBot")
        fake.commandMessage(chat: Self.team, from: Self.bao, text: "/help")
        fake.commandMessage(chat: privateChat, from: Self.alice, text: "/help")
        fake.commandMessage(chat: Self.team, from: Self.alice, text: "/start@SomeOtherBot")

        let group = await fake.waitForMessages(2, in: Self.team.id)
        let direct = await fake.waitForMessages(1, in: privateChat.id)
        #expect(group.count == 2)
        #expect(group.first?.text.contains("Chào Alice") == true)  // groups default to Vietnamese
        #expect(group.last?.text.hasPrefix("Các lệnh của bot") == true)
        #expect(direct.first?.text.hasPrefix("Commands") == true)  // private chats follow language_code
        #expect(direct.first?.text.contains("/roast") == true)
        // The menus are registered while polling starts (start-up does not wait for them), so a
        // quick bot may answer the commands first.
        #expect(await fake.waitFor { fake.commands(languageCode: "en") != nil && fake.commands(languageCode: "vi") != nil })
        #expect(fake.commands(languageCode: "en")?.map(\.command).contains("roast") == true)
        #expect(fake.commands(languageCode: "vi")?.isEmpty == false)
        #expect(fake.requests(method: "deleteWebhook").count == 1)

        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        #expect(fake.sentMessages(chat: Self.team.id).count == 2)  // /start@SomeOtherBot was not for us
        #expect(!bot.log.contains(fake.token))
        await fake.stop()
    }

    @Test func roastThenButtonPressUpdatesTheCounts() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let bot = try BotProcess(fake: fake)
        defer { bot.cleanUp() }
        try bot.start()
        fake.commandMessage(chat: Self.team, from: Self.alice, text: "/roast meetings 2")
        let roast = try #require(await fake.waitForMessages(1, in: Self.team.id).first)
        #expect(roast.allButtons.map(\.text) == ["😂", "🔥", "😐", "👎", "⭐", "🔁", "🖼"])
        #expect(roast.html?.contains("<a href=\"tg://user?id=501\">Alice</a>") == true)

        let fire = try #require(roast.allButtons[1].callbackData)
        let press = fake.callbackQuery(from: Self.bao, message: roast, data: fire)
        let edited = await fake.waitFor(timeout: .seconds(10)) {
            fake.sentMessages(chat: Self.team.id).first?.edits.last?.buttons.first?.map(\.text) == ["😂", "🔥 1", "😐", "👎"]
        }
        #expect(edited)
        #expect(fake.callbackAnswers.contains { $0.callbackQueryID == press.callbackQueryID && $0.text == "Đã ghi nhận 🔥" })

        // A forged payload gets a polite notice and changes nothing.
        let forged = fake.callbackQuery(from: Self.bao, message: roast, data: "r:999999:f")
        #expect(
            await fake.waitFor(timeout: .seconds(10)) { fake.callbackAnswers.contains { $0.callbackQueryID == forged.callbackQueryID } })

        // A native reaction counts like the buttons.
        fake.messageReaction(chat: Self.team, messageID: roast.messageID, user: Self.alice, new: ["🤣"])
        #expect(
            await fake.waitFor(timeout: .seconds(10)) {
                fake.sentMessages(chat: Self.team.id).first?.edits.last?.buttons.first?.map(\.text) == ["😂 1", "🔥 1", "😐", "👎"]
            })
        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        await fake.stop()
    }

    @Test func restartResumesFromTheStoredOffsetWithoutReplaying() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let bot = try BotProcess(fake: fake)
        defer { bot.cleanUp() }
        try bot.start()
        for index in 0..<5 { fake.commandMessage(chat: Self.team, from: index.isMultiple(of: 2) ? Self.alice : Self.bao, text: "/roast") }
        #expect(await fake.waitForMessages(5, in: Self.team.id).count == 5)
        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)

        // While it is down, three more arrive.
        for _ in 0..<3 { fake.commandMessage(chat: Self.team, from: Self.alice, text: "/help") }
        try bot.start()
        #expect(await fake.waitForMessages(8, in: Self.team.id).count == 8)
        try await Task.sleep(for: .milliseconds(500))
        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        #expect(fake.sentMessages(chat: Self.team.id).count == 8)

        let database = try RoastDatabase(path: bot.databasePath)
        defer { database.close() }
        let roasts = try database.read { tx in try tx.profiles(chat: .init(Self.team.id)).map(\.roastCount).reduce(0, +) }
        #expect(roasts == 5)
        #expect(try database.read { try $0.resumePoint(of: .telegram) } == Int64(fake.confirmedOffset))
        await fake.stop()
    }

    @Test func floodControlIsHonouredAndNothingIsLost() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let bot = try BotProcess(fake: fake)
        defer { bot.cleanUp() }
        fake.injectFault(.tooManyRequests(retryAfter: 2), method: "sendMessage", times: 3)
        fake.injectFault(.serverError(status: 502), method: "sendMessage", times: 2)
        try bot.start()
        for _ in 0..<4 { fake.commandMessage(chat: Self.team, from: Self.alice, text: "/help") }
        #expect(await fake.waitForMessages(4, in: Self.team.id, timeout: 30).count == 4)

        let sends = fake.requests(method: "sendMessage")
        for (index, request) in sends.enumerated() where request.fault == .tooManyRequests(retryAfter: 2) {
            guard index + 1 < sends.count else { continue }
            // Never a send before retry_after elapsed (a small allowance for clock granularity).
            #expect(sends[index + 1].arrivedAt.timeIntervalSince(request.arrivedAt) >= 1.95)
        }
        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        await fake.stop()
    }
}
