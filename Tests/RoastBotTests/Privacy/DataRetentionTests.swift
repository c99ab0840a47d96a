import ChatPlatform
import Foundation
import Logging
import RoastBot
import RoastCore
import Testing

@testable import RoastStore

struct DataRetentionTests {
    static let day: TimeInterval = 86_400
    static let other = ChatRef(id: ChatID(-100_777), kind: .supergroup, title: "Other team")

    /// Rows in every table with a chat column (`chat_id`, `…_chat_id`) that hold `chat`.
    static func rows(of chat: ChatID, _ bot: BotFixture) throws -> Int {
        try bot.database.read { tx in
            let tables = try tx.connection.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'") {
                (row: borrowing Row) in row.string(0)
            }
            var total = 0
            for table in tables {
                let columns = try tx.connection.query("SELECT name FROM pragma_table_info(?)", table) { (row: borrowing Row) in
                    row.string(0)
                }
                for column in columns where column == "chat_id" || column.hasSuffix("_chat_id") {
                    total +=
                        try tx.connection.queryOne("SELECT count(*) FROM \"\(table)\" WHERE \"\(column)\" = ?", chat) {
                            (row: borrowing Row) in row.int(0)
                        } ?? 0
                }
            }
            return total
        }
    }

    /// Two groups with roasts, reactions, moods and streaks; the bot is then removed from the first.
    static func twoGroupsOneLeft() async throws -> BotFixture {
        var bot = try BotFixture()
        for chat in [BotFixture.group, other] {
            await bot.run(
                bot.command("/roast", from: BotFixture.alice, in: chat), bot.command("/mood tired", from: BotFixture.bob, in: chat))
            let roast = try #require(bot.platform.sentMessages.last { $0.chat == chat.id && !$0.content.buttons.isEmpty })
            let fire = try #require(roast.content.buttons.first?.dropFirst().first)
            await bot.run(
                bot.envelope(.press(callbackID: "f", data: fire.data, message: roast.message), from: BotFixture.bob, in: chat))
        }
        await bot.run(bot.envelope(.botMembership(.kicked), from: BotFixture.alice))
        return bot
    }

    @Test func aChatThatRemovedTheBotIsDeletedAfterTheRetentionPeriodAndOthersStay() async throws {
        let bot = try await Self.twoGroupsOneLeft()
        defer { bot.cleanUp() }
        let retention = DataRetention(database: bot.database, period: 30 * Self.day, logger: Logger(label: "test"))
        let otherRows = try Self.rows(of: Self.other.id, bot)
        #expect(try Self.rows(of: BotFixture.group.id, bot) > 5)

        #expect(retention.sweep(now: bot.clock.now.addingTimeInterval(29 * Self.day)) == 0)
        #expect(try Self.rows(of: BotFixture.group.id, bot) > 5)

        #expect(retention.sweep(now: bot.clock.now.addingTimeInterval(31 * Self.day)) == 1)
        #expect(try Self.rows(of: BotFixture.group.id, bot) == 0)
        #expect(try bot.database.read { try $0.exportUser(BotFixture.alice.id, in: BotFixture.group.id).roasts.isEmpty })
        #expect(try Self.rows(of: Self.other.id, bot) == otherRows)
    }

    @Test func aChatThatTookTheBotBackKeepsItsData() async throws {
        var bot = try await Self.twoGroupsOneLeft()
        defer { bot.cleanUp() }
        bot.clock.advance(by: 10 * Self.day)
        await bot.run(bot.envelope(.botMembership(.member), from: BotFixture.alice))
        let retention = DataRetention(database: bot.database, period: 30 * Self.day, logger: Logger(label: "test"))
        let before = try Self.rows(of: BotFixture.group.id, bot)
        #expect(retention.sweep(now: bot.clock.now.addingTimeInterval(60 * Self.day)) == 0)
        #expect(try Self.rows(of: BotFixture.group.id, bot) == before)
    }

    /// Telegram still delivers presses on the bot's old messages in a chat that removed it: a press
    /// proves nothing about membership, so it neither brings the chat back nor restarts its clock.
    @Test func aPressOnAnOldMessageDoesNotKeepARemovedChatAlive() async throws {
        var bot = try await Self.twoGroupsOneLeft()
        defer { bot.cleanUp() }
        let roast = try #require(bot.platform.sentMessages.first { $0.chat == BotFixture.group.id && !$0.content.buttons.isEmpty })
        let fire = try #require(roast.content.buttons.first?.dropFirst().first)
        bot.clock.advance(by: 20 * Self.day)
        await bot.run(bot.envelope(.press(callbackID: "late", data: fire.data, message: roast.message), from: BotFixture.alice))
        #expect(try bot.database.read { try $0.chat(BotFixture.group.id)?.isActive } == false)
        let retention = DataRetention(database: bot.database, period: 30 * Self.day, logger: Logger(label: "test"))
        // 31 days after the removal, 11 after the press.
        #expect(retention.sweep(now: bot.clock.now.addingTimeInterval(11 * Self.day)) == 1)
        #expect(try Self.rows(of: BotFixture.group.id, bot) == 0)
    }

    @Test func exportLinksExpireAfterAWeek() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/export", from: BotFixture.bob))
        let link = try #require(bot.platform.sentMessages.last?.content.buttons.first?.first?.startsPrivateChat)
        let retention = DataRetention(database: bot.database, logger: Logger(label: "test"))
        retention.sweep(now: bot.clock.now.addingTimeInterval(8 * Self.day))
        let privately = ChatRef(id: ChatID(BotFixture.bob.id.rawValue), kind: .privateChat)
        await bot.run(bot.command("/start \(link)", from: BotFixture.bob, in: privately))
        #expect(bot.platform.sentMessages.last?.content.text.plainText == Phrasebook(.vi).exportLinkInvalid)
        #expect(!bot.platform.deliveries.contains { if case .document = $0 { true } else { false } })
    }
}
