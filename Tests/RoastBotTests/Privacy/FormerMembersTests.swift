import ChatPlatform
import Foundation
import Logging
import RoastBot
import RoastCore
import Testing

@testable import RoastStore

/// Members who left a group: off its boards at once, their data there deleted after the retention
/// period unless they come back, and nobody else's touched.
struct FormerMembersTests {
    static let day: TimeInterval = 86_400

    static func roastsOf(_ user: UserID, _ bot: BotFixture) throws -> Int {
        try bot.database.read { try $0.exportUser(user, in: BotFixture.group.id).roasts.count }
    }

    /// The leaderboard's lines naming a person (its title and buttons name none).
    static func board(_ bot: inout BotFixture) async throws -> String {
        await bot.run(bot.command("/top", from: BotFixture.alice))
        return try #require(bot.platform.sentMessages.last { $0.chat == BotFixture.group.id }?.content.text.plainText)
    }

    @Test func aMemberWhoLeftIsOffTheBoardsAndForgottenAfterTheRetentionPeriod() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/roast", from: BotFixture.alice), bot.command("/roast", from: BotFixture.bob))
        await bot.run(bot.command("/remind on", from: BotFixture.bob))
        #expect(try await Self.board(&bot).contains("Bob"))

        await bot.run(bot.envelope(.memberLeft(BotFixture.bob.id), from: BotFixture.bob))
        #expect(try await !Self.board(&bot).contains("Bob"))
        #expect(try bot.database.read { try $0.streakStandings(chat: BotFixture.group.id) }.map(\.userID) == [BotFixture.alice.id])
        #expect(try Self.roastsOf(BotFixture.bob.id, bot) == 1, "kept until the retention period has passed")

        let retention = DataRetention(database: bot.database, period: 30 * Self.day, logger: Logger(label: "test"))
        retention.sweep(now: bot.clock.now.addingTimeInterval(29 * Self.day))
        #expect(try bot.database.read { try $0.profile(chat: BotFixture.group.id, user: BotFixture.bob.id) } != nil)
        retention.sweep(now: bot.clock.now.addingTimeInterval(31 * Self.day))
        #expect(try bot.database.read { try $0.profile(chat: BotFixture.group.id, user: BotFixture.bob.id) } == nil)
        #expect(try Self.roastsOf(BotFixture.bob.id, bot) == 0)
        #expect(try Self.roastsOf(BotFixture.alice.id, bot) == 1)
    }

    @Test func aMemberWhoComesBackIsOnTheBoardsAgainAndKeepsTheirData() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/roast", from: BotFixture.bob))
        await bot.run(bot.envelope(.memberLeft(BotFixture.bob.id), from: BotFixture.bob))
        #expect(try await !Self.board(&bot).contains("Bob"))
        bot.clock.advance(by: 10 * Self.day)
        await bot.run(bot.command("/roast", from: BotFixture.bob))
        #expect(try await Self.board(&bot).contains("Bob"))
        DataRetention(database: bot.database, period: 30 * Self.day, logger: Logger(label: "test"))
            .sweep(now: bot.clock.now.addingTimeInterval(40 * Self.day))
        #expect(try Self.roastsOf(BotFixture.bob.id, bot) == 2)
    }
}
