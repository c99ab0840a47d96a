import AIRoasts
import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastStore
import RoastTesting
import Synchronization
import Testing

@Suite struct AIRoastTests {
    @Test func aiRoastIsPostedAndStoredAsAI() async throws {
        let ai = ScriptedAI(.success("Cuộc họp này lẽ ra chỉ cần một email, và email đó lẽ ra chỉ cần một dòng."))
        var bot = try BotFixture(ai: ai)
        defer { bot.cleanUp() }
        await bot.run(bot.command("/start"))
        await bot.run(bot.command("/mood tired"))
        await bot.run(bot.command("/roast họp 2"))
        let posted = try #require(bot.platform.sentMessages.last)
        #expect(posted.content.text.plainText.contains("lẽ ra chỉ cần một email"))
        let roast = try #require(try storedRoast(bot, message: posted.message))
        #expect(roast.source == .ai)
        #expect(roast.category == .meetings)
        #expect(roast.spice.rawValue == 2)
        #expect(roast.mood == .tired)
        let prompt = try #require(ai.received.first)
        #expect(prompt.language == .vi)
        #expect(prompt.mood == .tired)
    }

    @Test(arguments: [
        Result<String, AIRoastError>.failure(.timedOut), .failure(.circuitOpen), .failure(.unsafe(.profanity)),
        .success("Thằng chó này họp lâu vcl."),
    ])
    func anyAIFailureOrUnsafeTextFallsBackToTheLibrary(_ reply: Result<String, AIRoastError>) async throws {
        var bot = try BotFixture(ai: ScriptedAI(reply))
        defer { bot.cleanUp() }
        await bot.run(bot.command("/start"))
        await bot.run(bot.command("/roast deadline"))
        let last = try #require(bot.platform.sentMessages.last)
        let roast = try #require(try storedRoast(bot, message: last.message))
        #expect(roast.source == .library)
        #expect(roast.category == .deadlines)
        #expect(SafetyFilter().check(roast.text) == .allowed)
    }

    @Test func chatWithAIOffAndNonRoastEventsNeverCallTheProvider() async throws {
        let ai = ScriptedAI(.success("Should not be used."))
        var bot = try BotFixture(ai: ai)
        defer { bot.cleanUp() }
        await bot.run(bot.command("/help"))
        await bot.run(bot.command("/stats"))
        try bot.database.write { tx in
            guard var chat = try tx.chat(BotFixture.group.id) else { return }
            chat.aiEnabled = false
            try tx.saveChat(chat)
        }
        await bot.run(bot.command("/roast"))
        #expect(ai.received.isEmpty)
        #expect(try storedRoast(bot, message: bot.platform.sentMessages.last!.message)?.source == .library)
    }

    @Test func dislikedCategoryAdjustsTheAIPrompt() async throws {
        let ai = ScriptedAI()
        var bot = try BotFixture(ai: ai)
        defer { bot.cleanUp() }
        for _ in 1...3 {
            await bot.run(bot.command("/roast kpi"))
            let posted = try #require(bot.platform.sentMessages.last)
            await bot.run(bot.envelope(.press(callbackID: "d", data: posted.content.buttons[0][3].data, message: posted.message)))
        }
        await bot.run(bot.command("/roast kpi"))
        #expect(ai.received.last?.feedbackAdjustment != nil)
        #expect(ai.received.first?.feedbackAdjustment == nil)
    }
}

@Suite struct CollectionAIRoastTests {
    /// A collection's finite set answers first (it is what the completion badge counts); once the
    /// sender has had every roast of it, the AI writes new ones with the collection's prompt modifier.
    @Test func aiTakesOverAThemedCollectionOnlyOnceItsSetIsExhausted() async throws {
        let ai = ScriptedAI(.success("Bánh chưng còn chưa bóc, deadline đã gõ cửa."))
        let duringTet = ISO8601DateFormatter().date(from: "2026-02-10T10:00:00+07:00")!
        var bot = try BotFixture(
            ai: ai, collections: try CollectionCatalogStore(path: BotFixture.collectionsPath), now: duringTet)
        defer { bot.cleanUp() }
        for day in try TetSeason.draws() {
            bot.clock.set(to: day)
            await bot.run(bot.command("/roast tết"))
        }
        #expect(ai.received.isEmpty)
        bot.clock.set(to: TetSeason.afterAll)
        await bot.run(bot.command("/roast tết"))
        let prompt = try #require(ai.received.first)
        let tet = try #require(try CollectionCatalogStore(path: BotFixture.collectionsPath).catalog.collection(id: "tet"))
        #expect(prompt.collectionModifier == tet.promptModifier)
        let last = try #require(
            try bot.database.read { try $0.recentRoasts(chat: BotFixture.group.id, user: BotFixture.alice.id, limit: 1) }.first)
        #expect(last.source == .ai)
        #expect(last.collection == "tet")
        #expect(last.text == "Bánh chưng còn chưa bóc, deadline đã gõ cửa.")
    }
}
