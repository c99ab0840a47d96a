import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastStore
import RoastTesting
import Testing

/// A button press acts only on the message its button was issued on, and only for the person a
/// personal button is for. A modified client can send any callback data on any message that has a
/// keyboard: such a press changes nothing and is answered as stale; pressing someone else's
/// personal panel (their `/favorites` page) with an unmodified client is answered with a notice.
struct ForgedButtonTests {
    static let alice = BotFixture.alice
    static let bob = BotFixture.bob

    /// The edits delivered to `message` in the group.
    static func edits(of message: MessageID, _ bot: BotFixture) -> Int {
        bot.platform.deliveries.filter { delivery in
            switch delivery {
            case .edited(BotFixture.group.id, message, _), .editedButtons(BotFixture.group.id, message, _): true
            default: false
            }
        }.count
    }

    static func notice(_ callback: String, _ bot: BotFixture) -> String? {
        bot.platform.acknowledgements.first { $0.handle == callback }?.notice ?? nil
    }

    static func latest(_ bot: BotFixture, where matches: (String) -> Bool) throws -> (message: MessageID, content: OutgoingMessage) {
        let found = try #require(
            bot.platform.sentMessages.last { $0.chat == BotFixture.group.id && matches($0.content.text.plainText) })
        return (found.message, found.content)
    }

    /// Bob stars six roasts (two pages of favorites); Alice has a roast; the chat has a settings panel
    /// and a leaderboard.
    static func scene() async throws -> BotFixture {
        var bot = try BotFixture(administration: FixedAdministration(admins: [alice.id]))
        for _ in 0..<6 {
            await bot.run(bot.command("/roast", from: bob))
            let roast = try #require(bot.platform.sentMessages.last)
            let star = try #require(roast.content.buttons.joined().first { $0.label.hasPrefix("⭐") })
            await bot.run(bot.envelope(.press(callbackID: "star", data: star.data, message: roast.message), from: bob))
        }
        await bot.run(bot.command("/roast", from: alice))
        await bot.run(bot.command("/favorites", from: bob))
        await bot.run(bot.command("/settings", from: alice))
        await bot.run(bot.command("/top", from: alice))
        return bot
    }

    @Test func aPressOnSomeoneElsesFavoritesPageIsAnsweredAndChangesNothing() async throws {
        var bot = try await Self.scene()
        defer { bot.cleanUp() }
        let favorites = try Self.latest(bot) { $0.contains("1/2") }
        let next = try #require(favorites.content.buttons.joined().first)
        await bot.run(bot.envelope(.press(callbackID: "alice-next", data: next.data, message: favorites.message), from: Self.alice))
        #expect(Self.edits(of: favorites.message, bot) == 0, "Bob's favorites were replaced by Alice's")
        #expect(Self.notice("alice-next", bot) == Phrasebook(.vi).notYourButton)

        await bot.run(bot.envelope(.press(callbackID: "bob-next", data: next.data, message: favorites.message), from: Self.bob))
        #expect(Self.edits(of: favorites.message, bot) == 1, "its owner turns the page")
    }

    @Test(arguments: ["favorites page", "leaderboard tab", "settings page"])
    func aButtonPressedOnAMessageItWasNotIssuedOnChangesNothing(forged: String) async throws {
        var bot = try await Self.scene()
        defer { bot.cleanUp() }
        let favorites = try Self.latest(bot) { $0.contains("1/2") }
        let board = try Self.latest(bot) { $0.contains("🏆") }
        let settings = try #require(
            bot.platform.sentMessages.last {
                !$0.content.buttons.isEmpty && $0.content.text.plainText.contains(Phrasebook(.vi).settingsTitle(inGroup: true))
            })
        let aliceRoast = try #require(bot.platform.sentMessages.last { $0.content.buttons.joined().contains { $0.label.hasPrefix("⭐") } })
        let (data, presser): (String, Person) =
            switch forged {
            case "favorites page": (try #require(favorites.content.buttons.joined().first).data, Self.bob)
            case "leaderboard tab": (try #require(board.content.buttons.joined().last).data, Self.alice)
            default: (try #require(settings.content.buttons.joined().first).data, Self.alice)
            }
        // Onto Alice's roast and onto the settings panel / leaderboard (whichever it was not issued on).
        let targets = [aliceRoast.message, forged == "settings page" ? board.message : settings.message]
        for (index, target) in targets.enumerated() {
            let before = Self.edits(of: target, bot)
            let sent = bot.platform.sentMessages.count
            await bot.run(bot.envelope(.press(callbackID: "forged-\(index)", data: data, message: target), from: presser))
            #expect(Self.edits(of: target, bot) == before, "\(forged) pressed on message \(target) changed it")
            #expect(bot.platform.sentMessages.count == sent, "\(forged) pressed on message \(target) posted something")
            #expect(Self.notice("forged-\(index)", bot) == Phrasebook(.vi).staleButton)
        }
    }

    @Test func buttonsStillWorkOnTheMessagesTheyWereIssuedOn() async throws {
        var bot = try await Self.scene()
        defer { bot.cleanUp() }
        let board = try Self.latest(bot) { $0.contains("🏆") }
        let tab = try #require(board.content.buttons.joined().last)
        await bot.run(bot.envelope(.press(callbackID: "tab", data: tab.data, message: board.message), from: Self.bob))
        #expect(Self.edits(of: board.message, bot) == 1)
        let roast = try #require(bot.platform.sentMessages.last { $0.content.buttons.joined().contains { $0.label.hasPrefix("⭐") } })
        let fire = try #require(roast.content.buttons.first?.dropFirst().first)
        await bot.run(bot.envelope(.press(callbackID: "fire", data: fire.data, message: roast.message), from: Self.bob))
        #expect(Self.edits(of: roast.message, bot) == 1, "the counts on the roast")
    }
}
