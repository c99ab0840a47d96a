import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastStore
import RoastTesting
import Testing

struct SharingFeatureTests {
    @Test func inlineQueriesOfferFavoritesFirstAndChosenResultsCountAsShares() async throws {
        let answers = RecordingInlineAnswers()
        var bot = try BotFixture(inline: answers)
        defer { bot.cleanUp() }
        await bot.run(bot.command("/roast meetings", from: BotFixture.alice))
        let roast = try #require(bot.platform.sentMessages.last)
        let star = try #require(roast.content.buttons.last?.first)
        await bot.run(bot.envelope(.press(callbackID: "s", data: star.data, message: roast.message), from: BotFixture.alice))

        let privateChat = ChatRef(id: ChatID(BotFixture.alice.id.rawValue), kind: .privateChat)
        await bot.run(bot.envelope(.inlineQuery(id: "q1", query: "meetings"), from: BotFixture.alice, in: privateChat))
        let results = try #require(answers.recorded.first?.results)
        #expect(answers.recorded.first?.queryID == "q1")
        #expect(results.count == SharingFeature.resultCount)
        #expect(results.first?.id.hasPrefix("f") == true)
        #expect(Set(results.map(\.id)).count == results.count)

        await bot.run(bot.envelope(.inlineChosen(resultID: results[1].id, query: "meetings"), from: BotFixture.alice, in: privateChat))
        await bot.run(bot.envelope(.inlineChosen(resultID: "lnot-a-roast", query: "x"), from: BotFixture.alice, in: privateChat))
        #expect(try bot.database.read { try $0.shareCount(user: BotFixture.alice.id) } == 1)

        // The share was made outside the group; Alice's next word there (a command that moves no
        // count of its own) brings the sharing badge, announced once.
        let before = bot.platform.sentMessages.count
        await bot.run(bot.command("/streak", from: BotFixture.alice))
        let earned = try bot.database.read { tx in try tx.earnedBadges(chat: BotFixture.group.id, user: BotFixture.alice.id).map(\.badge) }
        #expect(earned.contains("shares-1"))
        #expect(bot.platform.sentMessages[before...].contains { $0.content.text.plainText.contains("📤") })
        await bot.run(bot.command("/streak", from: BotFixture.alice))
        #expect(bot.platform.sentMessages.filter { $0.content.text.plainText.contains("📤") }.count == 1)
    }
}
