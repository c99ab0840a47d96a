import Foundation
import RoastContent
import RoastCore
import RoastStore
import RoastTesting
import Testing

/// Roast features through the real binary, the fake Bot API and (for AI) a fake OpenAI server.
@Suite(.serialized)
struct RoastFeaturesEndToEndTests {
    static let team = FakeChat(id: -100_888, type: .supergroup, title: "Roasters")
    static let linh = FakeUser(id: 601, firstName: "Linh", username: "linh", languageCode: "vi")
    static let sam = FakeUser(id: 602, firstName: "Sam", username: "sam", languageCode: "en")

    static func library() throws -> RoastLibrary {
        try RoastLibrary.load(directory: BotProcess.repositoryRoot.appendingPathComponent("config/library"))
    }

    @Test func favoritesHistoryMoodFilterAndStatsThroughTelegram() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let bot = try BotProcess(fake: fake)
        defer { bot.cleanUp() }
        try bot.start()
        fake.commandMessage(chat: Self.team, from: Self.linh, text: "/mood tired")
        fake.commandMessage(chat: Self.team, from: Self.linh, text: "/roast meetings")
        fake.commandMessage(chat: Self.team, from: Self.linh, text: "/roast deadline bored")
        let sent = await fake.waitForMessages(3, in: Self.team.id)
        try #require(sent.count == 3)
        let tired = sent[1]
        let bored = sent[2]
        let star = try #require(tired.allButtons.first { $0.text == "⭐" }?.callbackData)
        let laugh = try #require(bored.allButtons.first { $0.text == "😂" }?.callbackData)
        fake.callbackQuery(from: Self.linh, message: tired, data: star)
        fake.callbackQuery(from: Self.sam, message: bored, data: laugh)
        #expect(await fake.waitFor(timeout: .seconds(10)) { fake.callbackAnswers.count == 2 })

        // ⭐ also earns "First Fan": announced once, between the roasts and the answers below.
        #expect(await fake.waitForMessages(4, in: Self.team.id).last?.text.contains("⭐") == true)
        fake.commandMessage(chat: Self.team, from: Self.linh, text: "/favorites")
        fake.commandMessage(chat: Self.team, from: Self.linh, text: "/history tired")
        fake.commandMessage(chat: Self.team, from: Self.linh, text: "/stats")
        let all = await fake.waitForMessages(7, in: Self.team.id)
        try #require(all.count == 7)
        let tiredText = try Self.roastText(of: tired)
        let boredText = try Self.roastText(of: bored)
        let favorites = all[4].text
        let history = all[5].text
        let stats = all[6].text
        #expect(favorites.contains(tiredText) && !favorites.contains(boredText))
        #expect(history.contains(tiredText) && !history.contains(boredText))
        #expect(stats.contains("😂") && stats.contains("2 roast"))
        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        await fake.stop()
    }

    @Test func aiRoastsServeWhenHealthyAndTheLibraryAnswersOtherwise() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let ai = try FakeOpenAIServer(script: [
            .completion("Your calendar has more meetings than your code has tests."),
            .delayed(seconds: 4, then: .completion("Too late to matter.")),
            .completion("You code like a girl."),
        ])
        let aiURL = try await ai.start()
        let key = "sk-test-SECRETKEY-1234"
        let bot = try BotProcess(
            fake: fake, extraEnvironment: ["ROASTBOT_AI_URL": aiURL, "ROASTBOT_AI_MODEL": "gpt-test", "ROASTBOT_AI_KEY": key])
        defer { bot.cleanUp() }
        let config = bot.directory.appendingPathComponent("ai.json").path
        try #"{"ai": {"timeout": 1}}"#.write(toFile: config, atomically: true, encoding: .utf8)
        try bot.start(arguments: ["--config", config])
        let privateChat = FakeChat.privateChat(with: Self.sam)
        fake.commandMessage(chat: privateChat, from: Self.sam, text: "/roast meetings")
        #expect(await fake.waitForMessages(1, in: privateChat.id).count == 1)
        fake.commandMessage(chat: privateChat, from: Self.sam, text: "/roast meetings")
        #expect(await fake.waitForMessages(2, in: privateChat.id, timeout: 20).count == 2)
        fake.commandMessage(chat: privateChat, from: Self.sam, text: "/roast meetings")
        let sent = await fake.waitForMessages(3, in: privateChat.id, timeout: 20)
        try #require(sent.count == 3)

        let library = Set(try Self.library().all.map(\.text))
        #expect(try Self.roastText(of: sent[0]) == "Your calendar has more meetings than your code has tests.")
        #expect(library.contains(try Self.roastText(of: sent[1])))  // timed out → library
        #expect(library.contains(try Self.roastText(of: sent[2])))  // unsafe → library
        #expect(ai.received.first?.authorization == "Bearer \(key)")
        #expect(ai.received.first?.model == "gpt-test")
        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        #expect(!bot.log.contains(key) && !bot.log.contains("SECRETKEY"))
        #expect(!bot.log.contains(fake.token))
        await ai.stop()
        await fake.stop()
    }

    /// The roast itself: the last paragraph of a roast message.
    static func roastText(of message: FakeSentMessage) throws -> String {
        try #require(message.text.components(separatedBy: "\n\n").last)
    }

    /// Buttons through the real binary: a leaderboard tab's data sent on a roast (a modified client)
    /// and Sam's press of the page button of Linh's `/favorites` leave both messages as they were, and
    /// each press is answered; Linh turns her own page.
    @Test func aButtonActsOnlyOnItsMessageAndForItsOwner() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let bot = try BotProcess(fake: fake)
        defer { bot.cleanUp() }
        try bot.start()
        for _ in 0..<6 { fake.commandMessage(chat: Self.team, from: Self.linh, text: "/roast") }
        let roasts = await fake.waitForMessages(6, in: Self.team.id)
        try #require(roasts.count >= 6)
        for roast in roasts.prefix(6) {
            let star = try #require(roast.allButtons.first { $0.text == "⭐" }?.callbackData)
            fake.callbackQuery(from: Self.linh, message: roast, data: star)
        }
        #expect(await fake.waitFor(timeout: .seconds(20)) { fake.callbackAnswers.count == 6 })
        fake.commandMessage(chat: Self.team, from: Self.linh, text: "/favorites")
        fake.commandMessage(chat: Self.team, from: Self.sam, text: "/top")
        let favorites = try #require(
            await fake.waitFor(timeout: .seconds(20)) { fake.sentMessages(chat: Self.team.id).contains { $0.text.contains("1/2") } }
                ? fake.sentMessages(chat: Self.team.id).first { $0.text.contains("1/2") } : nil)
        _ = await fake.waitFor(timeout: .seconds(20)) { fake.sentMessages(chat: Self.team.id).contains { $0.text.contains("🏆") } }
        let board = try #require(fake.sentMessages(chat: Self.team.id).first { $0.text.contains("🏆") })
        let tab = try #require(board.allButtons.last?.callbackData)
        let next = try #require(favorites.allButtons.first?.callbackData)

        fake.callbackQuery(from: Self.sam, message: roasts[0], data: tab)
        fake.callbackQuery(from: Self.sam, message: favorites, data: next)
        #expect(await fake.waitFor(timeout: .seconds(20)) { fake.callbackAnswers.count == 8 })
        let answers = fake.callbackAnswers.suffix(2).compactMap(\.text)
        #expect(answers.count == 2 && answers.allSatisfy { !$0.isEmpty }, "\(answers)")
        fake.callbackQuery(from: Self.linh, message: favorites, data: next)
        #expect(await fake.waitFor(timeout: .seconds(20)) { fake.callbackAnswers.count == 9 })
        #expect(
            await fake.waitFor(timeout: .seconds(10)) {
                fake.sentMessages(chat: Self.team.id).first { $0.messageID == favorites.messageID }?.edits.count == 1
            })

        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        let after = fake.sentMessages(chat: Self.team.id)
        #expect(after.first { $0.messageID == roasts[0].messageID }?.edits.allSatisfy { !$0.text.contains("🏆") } == true)
        #expect(after.first { $0.messageID == favorites.messageID }?.edits.count == 1, "only its owner turned the page")
        await fake.stop()
    }
}
