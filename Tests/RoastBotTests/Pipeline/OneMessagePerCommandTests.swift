import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastStore
import RoastTesting
import Testing

/// Telegram allows about 20 messages a minute in a group: a command gets one message — notes,
/// hints and celebrations are part of it — and a press that only changes counts edits the keyboard.
struct OneMessagePerCommandTests {
    static let dayLength: TimeInterval = 86_400
    static let words = Phrasebook(.vi)

    func sent(_ bot: BotFixture) -> [OutgoingMessage] { bot.platform.sentMessages.map(\.content) }

    /// Mid-June 2026: no season (whose banner would come with the first command) is on.
    static let june = Date(timeIntervalSince1970: 1_781_517_600)

    @Test func notesAndHintsAreTheRoastsFooter() async throws {
        var bot = try BotFixture(collections: try CollectionCatalogStore(path: BotFixture.collectionsPath), now: Self.june)
        defer { bot.cleanUp() }
        // Spicier than the group's cap of 3, a word the parser does not know.
        await bot.run(bot.command("/roast deadline 5 banana"))
        let only = try #require(sent(bot).first)
        #expect(sent(bot).count == 1)
        #expect(only.buttons.count == 2)
        let text = only.text.plainText
        #expect(text.contains(Self.words.spiceCapped(to: SpiceLevel(clamping: 3), inGroup: true)))
        #expect(text.contains(Self.words.unknownRoastWords(["banana"])))
        // The roast first, the notes after it.
        let roast = try #require(try storedRoast(bot, message: bot.platform.sentMessages[0].message))
        let roastEnd = try #require(text.range(of: roast.text)).upperBound
        #expect(try #require(text.range(of: Self.words.unknownRoastWords(["banana"]))).lowerBound > roastEnd)

        // A collection that is not on offer (Tết, in September) is said in the same way.
        await bot.run(bot.command("/roast tết"))
        #expect(sent(bot).count == 2)
        #expect(sent(bot)[1].buttons.count == 2)
        #expect(sent(bot)[1].text.plainText.contains("/collections"))
    }

    @Test func theSpiceCapIsSaidOnlyAboveTheCapAndAsThePersonsOwnInPrivate() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/roast 3"))
        #expect(sent(bot).count == 1)
        #expect(!sent(bot)[0].text.plainText.contains(Self.words.spiceCapped(to: SpiceLevel(clamping: 3), inGroup: true)))
        let direct = ChatRef(id: ChatID(BotFixture.bob.id.rawValue), kind: .privateChat)
        try bot.database.write { tx in
            var chat = try tx.ensureChat(direct, defaultLanguage: .vi, at: bot.clock.now)
            chat.maxSpice = SpiceLevel(clamping: 2)
            try tx.saveChat(chat)
        }
        await bot.run(bot.command("/roast 4", from: BotFixture.bob, in: direct))
        let text = try #require(sent(bot).last?.text.plainText)
        #expect(text.contains(Self.words.spiceCapped(to: SpiceLevel(clamping: 2), inGroup: false)))
        #expect(!text.contains(Self.words.spiceCapped(to: SpiceLevel(clamping: 2), inGroup: true)))
    }

    @Test func aMilestoneReachedByACommandIsPartOfItsAnswer() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let start = bot.clock.now
        for day in 0..<3 {
            await bot.run(
                bot.envelope(
                    .command(name: "roast", arguments: "", message: MessageID(Int64(100 + day))),
                    at: start.addingTimeInterval(Double(day) * Self.dayLength)))
        }
        #expect(sent(bot).count == 3)
        let third = try #require(sent(bot).last)
        #expect(third.buttons.count == 2)
        #expect(third.text.plainText.contains("Alice" + Self.words.milestoneReached(3)))
        #expect(third.text.plainText.contains(Self.words.badgeEarned + "🌱 Khởi động"))
    }

    @Test func aPressCelebratesInAMessageOfItsOwnUnlessItPostsOne() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/roast"))
        let roast = try #require(bot.platform.sentMessages.last)
        let star = try #require(roast.content.buttons.joined().first { $0.label == "⭐" })
        await bot.run(bot.envelope(.press(callbackID: "c1", data: star.data, message: roast.message), from: BotFixture.bob))
        // ⭐ posts nothing itself: Bob's first favorite is announced to the chat on its own.
        #expect(sent(bot).count == 2)
        #expect(sent(bot)[1].text.plainText.contains(Self.words.badgeEarned + "⭐ Fan đầu tiên"))
        #expect(sent(bot)[1].buttons.isEmpty)
    }

    @Test func aCountOnlyPressEditsTheKeyboardAndKeepsTheText() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/roast deadline 5"))
        let roast = try #require(bot.platform.sentMessages.last)
        let fire = roast.content.buttons[0][1].data
        await bot.run(bot.envelope(.press(callbackID: "c1", data: fire, message: roast.message), from: BotFixture.bob))
        await bot.run(bot.envelope(.reactionChange(message: roast.message, old: [], new: ["🤣"]), from: BotFixture.alice))
        let edits = bot.platform.deliveries.compactMap { delivery -> [[Button]]? in
            if case .editedButtons(_, roast.message, let buttons) = delivery { return buttons }
            return nil
        }
        #expect(edits.map { $0[0].map(\.label) } == [["😂", "🔥 1", "😐", "👎"], ["😂 1", "🔥 1", "😐", "👎"]])
        #expect(!bot.platform.deliveries.contains { if case .edited = $0 { true } else { false } })
    }

    @Test func burstsOfKeyboardEditsAreCoalescedIntoTheLast() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/roast"))
        let roast = try #require(bot.platform.sentMessages.last)
        let presses = [BotFixture.alice, BotFixture.bob, OneMessagePerCommandTests.carol].enumerated().map { index, person in
            bot.envelope(
                .press(callbackID: "b\(index)", data: roast.content.buttons[0][0].data, message: roast.message), from: person)
        }
        // Applied together before the outbox is delivered.
        await bot.runtime.pipeline.process(presses, from: BotFixture.source, nextOffset: nil)
        await bot.runtime.outbox.deliverPending()
        let edits = bot.platform.deliveries.compactMap { delivery -> [[Button]]? in
            if case .editedButtons(_, _, let buttons) = delivery { return buttons }
            return nil
        }
        #expect(edits.count == 1)
        #expect(edits.last?[0][0].label == "😂 3")
    }

    static let carol = Person(id: UserID(33), displayName: "Carol", username: "carol", languageCode: "en")

    @Test func aCelebrationThatWouldNotFitIsItsOwnMessage() {
        let limit = RecordingPlatform.standardProfile.messageLimit
        let long = OutgoingMessage(text: RichText(plain: String(repeating: "x", count: limit - 10)))
        let short = OutgoingMessage(text: "Hi", buttons: [[Button("🔥", data: "r:1:f")]])
        let celebration = OutgoingMessage(text: "🎉 Alice hit a 3-day streak!")
        let offer = OutgoingMessage(text: "🧊 restore?", buttons: [[Button("Restore", data: "z:11")]])

        let merged = ReplyComposer.compose(
            [.send(short, anchor: RoastID(1))], announcements: [.send(celebration), .send(offer)], limit: limit)
        #expect(merged.count == 2)
        guard let answer = merged[0].sentMessage else {
            Issue.record("not a send")
            return
        }
        #expect(merged[0].anchor == RoastID(1))
        #expect(answer.text.plainText == "Hi\n\n🎉 Alice hit a 3-day streak!")
        #expect(answer.buttons == short.buttons)
        #expect(merged[1] == .send(offer))

        #expect(
            ReplyComposer.compose([.send(long)], announcements: [.send(celebration)], limit: limit) == [.send(long), .send(celebration)])
        #expect(ReplyComposer.compose([], announcements: [.send(celebration)], limit: limit) == [.send(celebration)])
    }
}
