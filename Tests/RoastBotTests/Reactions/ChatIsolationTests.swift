import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastStore
import Testing

/// One chat's data is never reachable from another: a button payload naming another chat's roast
/// gets the stale-button notice and changes nothing, and a native reaction on a message id that is a
/// roast in another chat counts nowhere.
@Suite struct ChatIsolationTests {
    static let otherGroup = ChatRef(id: ChatID(-100_999), kind: .supergroup, title: "Other team")

    @Test(arguments: ["react", "favorite", "another"])
    func buttonNamingAnotherChatsRoastIsStaleAndChangesNothing(_ button: String) async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/roast"))
        let roast = try #require(
            try bot.database.read { try $0.recentRoasts(chat: BotFixture.group.id, user: BotFixture.alice.id, limit: 1) }.first)
        let payload =
            switch button {
            case "react": ReactionsFeature.ButtonAction.react(roast.id, .fire).payload
            case "favorite": ReactionsFeature.ButtonAction.favorite(roast.id).payload
            default: RoastsFeature.ButtonAction.another(roast.id).payload
            }
        let sentBefore = bot.platform.sentMessages.count
        await bot.run(
            bot.envelope(
                .press(callbackID: "forged", data: payload, message: roast.messageID), from: BotFixture.bob,
                in: Self.otherGroup))

        let words = Phrasebook(BotDefaults.language)
        #expect(bot.platform.acknowledged("forged", notice: words.staleButton))
        #expect(bot.platform.sentMessages.count == sentBefore)
        let (counts, favorite, otherRoasts) = try bot.database.read { tx in
            (
                try tx.reactionCounts(roast: roast.id), try tx.isFavorite(roast: roast.id, user: BotFixture.bob.id),
                try tx.recentRoasts(chat: Self.otherGroup.id, user: BotFixture.bob.id, limit: 5)
            )
        }
        #expect(counts.isEmpty)
        #expect(!favorite)
        #expect(otherRoasts.isEmpty)
    }

    @Test func nativeReactionOnAnotherChatsMessageIDCountsNowhere() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/roast"))
        let roast = try #require(
            try bot.database.read { try $0.recentRoasts(chat: BotFixture.group.id, user: BotFixture.alice.id, limit: 1) }.first)
        let message = try #require(roast.messageID)
        await bot.run(bot.envelope(.reactionChange(message: message, old: [], new: ["🔥"]), from: BotFixture.bob, in: Self.otherGroup))
        #expect(try bot.database.read { try $0.reactionCounts(roast: roast.id) }.isEmpty)
    }
}
