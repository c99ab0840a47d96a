import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastTesting
import Testing

/// ⭐ under a roast is one button for the whole chat, so it shows what is true for everyone: how many
/// people keep the roast among their favorites (each presser's own state is in their toast).
struct FavoriteButtonTests {
    /// The label of ⭐ in the latest keyboard of `message`.
    static func star(_ bot: BotFixture, on message: MessageID) -> String? {
        for delivery in bot.platform.deliveries.reversed() {
            switch delivery {
            case .editedButtons(_, let edited, let buttons) where edited == message: return buttons[1][0].label
            case .sent(_, let sent, let content) where sent == message: return content.buttons[1][0].label
            default: continue
            }
        }
        return nil
    }

    @Test func theStarShowsHowManyKeepTheRoastAndReactionsKeepIt() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/roast"))
        let posted = try #require(bot.platform.sentMessages.last)
        let star = posted.content.buttons[1][0].data
        #expect(Self.star(bot, on: posted.message) == "⭐")
        await bot.run(bot.envelope(.press(callbackID: "a", data: star, message: posted.message), from: BotFixture.alice))
        #expect(Self.star(bot, on: posted.message) == "⭐ 1")
        await bot.run(bot.envelope(.press(callbackID: "b", data: star, message: posted.message), from: BotFixture.bob))
        #expect(Self.star(bot, on: posted.message) == "⭐ 2")
        await bot.run(bot.envelope(.press(callbackID: "c", data: star, message: posted.message), from: BotFixture.alice))
        #expect(Self.star(bot, on: posted.message) == "⭐ 1")
        // A reaction redraws the keyboard with the favorites still counted.
        let laugh = posted.content.buttons[0][0].data
        await bot.run(bot.envelope(.press(callbackID: "d", data: laugh, message: posted.message), from: BotFixture.alice))
        #expect(Self.star(bot, on: posted.message) == "⭐ 1")
    }
}
