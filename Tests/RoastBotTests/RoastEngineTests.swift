import AIRoasts
import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastStore
import RoastTesting
import Synchronization
import Testing

/// An AI source that answers from a script and counts its calls.
private final class ScriptedAI: AIRoastSource {
    private let replies: Mutex<[Result<String, AIRoastError>]>
    private let prompts = Mutex<[RoastPrompt]>([])

    init(_ replies: Result<String, AIRoastError>...) { self.replies = Mutex(replies) }

    var received: [RoastPrompt] { prompts.withLock { $0 } }

    func roast(_ prompt: RoastPrompt) async throws(AIRoastError) -> String {
        prompts.withLock { $0.append(prompt) }
        let next = replies.withLock { $0.isEmpty ? .failure(.timedOut) : $0.removeFirst() }
        return try next.get()
    }
}

private func storedRoast(_ bot: BotFixture, message: MessageID) throws -> StoredRoast? {
    try bot.database.read { try $0.roast(chat: BotFixture.group.id, message: message) }
}

@Suite struct MoodTests {
    @Test func moodWithoutArgumentShowsButtonsAndAPressSetsTodaysMood() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/mood"))
        let menu = try #require(bot.platform.sentMessages.last)
        let labels = menu.content.buttons.flatMap { $0 }
        #expect(labels.count == 6)
        let tired = try #require(labels.first { $0.data == MoodsFeature.ButtonAction(.tired).payload })
        await bot.run(bot.envelope(.buttonPress(callbackID: "m", data: tired.data, message: menu.message)))
        await bot.run(bot.command("/roast"))
        let last = try #require(bot.platform.sentMessages.last)
        let roast = try #require(try storedRoast(bot, message: last.message))
        #expect(roast.mood == .tired)
    }

    @Test(arguments: ["stressed", "căng thẳng", "cang thang", "áp lực"])
    func moodWordsInEitherLanguageSetTheMood(_ word: String) async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/mood \(word)"))
        let mood = try bot.database.read { tx in
            try tx.mood(chat: BotFixture.group.id, user: BotFixture.alice.id, on: LocalDate(bot.clock.now, in: BotDefaults.timeZone))
        }
        #expect(mood == .stressed)
    }

    @Test func requestedMoodWinsOverTodaysMoodAndOffClearsIt() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/mood bored"))
        await bot.run(bot.command("/roast annoyed"))
        #expect(try storedRoast(bot, message: bot.platform.sentMessages.last!.message)?.mood == .annoyed)
        await bot.run(bot.command("/mood off"))
        await bot.run(bot.command("/roast"))
        #expect(try storedRoast(bot, message: bot.platform.sentMessages.last!.message)?.mood == nil)
    }

    @Test func moodIsPerDay() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/mood tired"))
        bot.clock.advance(by: 86_400)
        await bot.run(bot.command("/roast"))
        #expect(try storedRoast(bot, message: bot.platform.sentMessages.last!.message)?.mood == nil)
    }

    @Test func unknownMoodWordGetsAHint() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/mood hungry"))
        #expect(bot.platform.sentMessages.last?.content.text.plainText == Phrasebook(.vi).moodUnknown("hungry"))
    }
}

@Suite struct RecordsTests {
    @Test func favoritesArePagedWithButtonsThatEditInPlace() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        for _ in 1...7 {
            await bot.run(bot.command("/roast"))
            let posted = try #require(bot.platform.sentMessages.last)
            let star = posted.content.buttons[1][0].data
            await bot.run(bot.envelope(.buttonPress(callbackID: "s", data: star, message: posted.message)))
        }
        await bot.run(bot.command("/favorites"))
        let page1 = try #require(bot.platform.sentMessages.last)
        #expect(page1.content.text.plainText.contains("1/2"))
        #expect(page1.content.buttons == [[Button(Phrasebook(.vi).nextPage, data: RecordsFeature.ButtonAction(page: 2).payload)]])
        await bot.run(
            bot.envelope(.buttonPress(callbackID: "p", data: RecordsFeature.ButtonAction(page: 2).payload, message: page1.message)))
        guard
            case .edited(_, let message, let page2) = bot.platform.deliveries.last(where: {
                if case .edited = $0 { return true }
                return false
            })
        else {
            Issue.record("expected an edit")
            return
        }
        #expect(message == page1.message)
        #expect(page2.text.plainText.contains("2/2"))
        #expect(page2.text.plainText.contains("7."))
    }

    @Test func historyShowsReactionsAndFiltersByMood() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/roast tired"))
        let tired = try #require(bot.platform.sentMessages.last)
        await bot.run(bot.envelope(.buttonPress(callbackID: "r", data: tired.content.buttons[0][0].data, message: tired.message)))
        await bot.run(bot.command("/roast bored"))
        await bot.run(bot.command("/roast"))
        let tiredRoast = try #require(try storedRoast(bot, message: tired.message))

        await bot.run(bot.command("/history mệt"))
        let filtered = try #require(bot.platform.sentMessages.last).content.text.plainText
        #expect(filtered.contains(RecordsFeature.excerpt(tiredRoast.text)))
        #expect(filtered.contains("😂"))
        #expect(!filtered.contains(Mood.bored.emoji))

        await bot.run(bot.command("/history"))
        let all = try #require(bot.platform.sentMessages.last).content.text.plainText
        #expect(all.contains(Mood.bored.emoji))
        #expect(all.components(separatedBy: "\n\n").count == 4)
    }

    @Test func statsShowReactionBarsCategoriesSpiceAndChatTotals() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/roast meetings 2"))
        let posted = try #require(bot.platform.sentMessages.last)
        await bot.run(
            bot.envelope(
                .buttonPress(callbackID: "f", data: posted.content.buttons[0][1].data, message: posted.message), from: BotFixture.bob))
        await bot.run(bot.command("/roast kpi 1", from: BotFixture.bob))
        await bot.run(bot.command("/stats"))
        let text = try #require(bot.platform.sentMessages.last).content.text.plainText
        #expect(text.contains(Phrasebook(.vi).statsTitle))
        #expect(text.contains("🔥 ██████████ 1"))
        #expect(text.contains("📅 Họp hành ██████████ 1"))
        #expect(text.contains("🌶️🌶️ ██████████ 1"))
        #expect(text.contains(Phrasebook(.vi).statsChat(roasts: 2)))
        #expect(StatsView.bar(1, of: 4) == "███░░░░░░░")
    }
}

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
            await bot.run(bot.envelope(.buttonPress(callbackID: "d", data: posted.content.buttons[0][3].data, message: posted.message)))
        }
        await bot.run(bot.command("/roast kpi"))
        #expect(ai.received.last?.feedbackAdjustment != nil)
        #expect(ai.received.first?.feedbackAdjustment == nil)
    }
}

@Suite struct LibraryCountsReport {
    /// Prints the closing table: library roasts per category × language × spice (plus premium).
    @Test func libraryCountsPerCategoryLanguageAndSpice() {
        let library = BotFixture.library
        var lines = ["language category      s1 s2 s3 s4 s5 total premium"]
        for language in Language.allCases {
            for category in RoastCategory.allCases {
                let counts = SpiceLevel.all.map { library.count(language: language, category: category, spice: $0) }
                let premium = library.premium(language: language, category: category).count
                let row = counts.map { String(format: "%2d", $0) }.joined(separator: " ")
                lines.append(
                    "\(language.rawValue)       \(category.rawValue.padding(toLength: 14, withPad: " ", startingAt: 0)) \(row) \(String(format: "%5d", counts.reduce(0, +))) \(String(format: "%7d", premium))"
                )
                #expect(counts.reduce(0, +) >= 30)
            }
        }
        print(lines.joined(separator: "\n"))
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
        for _ in 0..<12 { await bot.run(bot.command("/roast tết")) }
        #expect(ai.received.isEmpty)
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
