import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastTesting
import Testing

@testable import RoastStore

/// `/forgetme` checked against the schema itself: a person's data is built through every feature,
/// then forgotten, and every table that has a column about a person (`user_id`, `…_user_id`) or a
/// chat (`chat_id`, `…_chat_id`; a private chat is the person's) is searched for what is left.
///
/// A table added with a person column that no feature below writes to fails the coverage check:
/// extend the walk-through here and ``StoreTransaction/forgetUser(_:in:)`` with it.
struct ForgetLeavesNoRowTests {
    static let alice = BotFixture.alice
    static let group = BotFixture.group
    static let privately = ChatRef(id: ChatID(alice.id.rawValue), kind: .privateChat)

    /// The tables' person and chat columns, read from the schema.
    struct Columns {
        var person: [String: [String]] = [:]
        var chat: [String: [String]] = [:]
    }

    static func columns(_ bot: BotFixture) throws -> Columns {
        try bot.database.read { tx in
            let tables = try tx.connection.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'") {
                (row: borrowing Row) in row.string(0)
            }
            var columns = Columns()
            for table in tables {
                let names = try tx.connection.query("SELECT name FROM pragma_table_info(?)", table) { (row: borrowing Row) in row.string(0)
                }
                let person = names.filter { $0 == "user_id" || $0.hasSuffix("_user_id") }
                let chat = names.filter { $0 == "chat_id" || $0.hasSuffix("_chat_id") }
                if !person.isEmpty { columns.person[table] = person }
                if !chat.isEmpty { columns.chat[table] = chat }
            }
            return columns
        }
    }

    /// Rows of `table` whose `column` holds `value`.
    static func count(_ bot: BotFixture, _ table: String, _ column: String, _ value: Int64, alsoWhere extra: String = "") throws -> Int {
        try bot.database.read { tx in
            try tx.connection.queryOne("SELECT count(*) FROM \"\(table)\" WHERE \"\(column)\" = ? \(extra)", value) {
                (row: borrowing Row) in row.int(0)
            } ?? 0
        }
    }

    /// Presses the button labelled `label` on the latest message in `chat` that has one.
    static func press(_ label: String, in chat: ChatRef, _ bot: inout BotFixture) async throws {
        let message = try #require(
            bot.platform.sentMessages.last { $0.chat == chat.id && $0.content.buttons.joined().contains { $0.label.hasPrefix(label) } })
        let button = try #require(message.content.buttons.joined().first { $0.label.hasPrefix(label) })
        await bot.run(bot.envelope(.press(callbackID: "p", data: button.data, message: message.message), from: alice, in: chat))
    }

    /// Alice uses every feature in the group and in her private chat; Bob uses some in the group.
    static func aliceEverywhere() async throws -> BotFixture {
        var bot = try BotFixture(
            collections: try CollectionCatalogStore(path: BotFixture.collectionsPath), now: Date(timeIntervalSince1970: 1_781_000_000))
        // The export link before she ever opened the private chat: a pending export request.
        await bot.run(bot.command("/export", from: alice))
        await bot.run(bot.command("/roast", from: BotFixture.bob))
        for chat in [group, privately] {
            await bot.run(bot.command("/roast meetings", from: alice, in: chat))
            try await press("🔥", in: chat, &bot)
            try await press("⭐", in: chat, &bot)
            try await press("🖼", in: chat, &bot)
            await bot.run(bot.command("/card paper story", from: alice, in: chat))
            await bot.run(bot.command("/mood stressed", from: alice, in: chat))
            await bot.run(bot.command("/remind on", from: alice, in: chat))
            await bot.run(bot.command("/collections", from: alice, in: chat))
            try await press("🎉", in: chat, &bot)
        }
        // Alice reacts on Bob's roast too.
        let bobs = try #require(bot.platform.sentMessages.first { $0.chat == group.id && !$0.content.buttons.isEmpty })
        let hilarious = try #require(bobs.content.buttons.first?.first)
        await bot.run(bot.envelope(.press(callbackID: "b", data: hilarious.data, message: bobs.message), from: alice))
        // An inline share, reported from her private chat.
        await bot.run(bot.envelope(.inlineQuery(id: "q", query: "meetings"), from: alice, in: privately))
        await bot.run(bot.envelope(.inlineChosen(resultID: "lvi.meetings.001", query: "meetings"), from: alice, in: privately))
        // An export that waits for her: she blocked the bot in her private chat (her first words there
        // delivered the export asked for above), then asked for one in the group.
        await bot.run(bot.envelope(.botMembership(.left), from: alice, in: privately))
        await bot.run(bot.command("/export", from: alice))
        // Her personal panel: the question of /forgetme, its buttons hers alone (left unanswered).
        await bot.run(bot.command("/forgetme", from: alice))
        // Messages still queued about her, delivered or not: one stays pending, one failed.
        bot.platform.failNext(.rejected(reason: "Bad Request: chat not found"))
        await bot.run(bot.command("/streak", from: alice))
        let pending = bot.command("/stats", from: alice)
        await bot.runtime.pipeline.process([pending], from: BotFixture.source, nextOffset: pending.key! + 1)
        return bot
    }

    /// `/forgetme` in `chat`, answered "this chat" (or, in the private chat, `everywhere`).
    static func forget(in chat: ChatRef, everywhere: Bool = false, _ bot: inout BotFixture) async throws {
        await bot.run(bot.command("/forgetme", from: alice, in: chat))
        guard chat.kind == .privateChat else { return try await press(Phrasebook(.vi).forgetMeYes, in: chat, &bot) }
        try await press(everywhere ? Phrasebook(.en).forgetMeEverywhere : Phrasebook(.en).forgetMeHereOnly, in: chat, &bot)
    }

    @Test func everyTableWithAPersonColumnIsWrittenByTheWalkThrough() async throws {
        let bot = try await Self.aliceEverywhere()
        defer { bot.cleanUp() }
        let columns = try Self.columns(bot)
        #expect(!columns.person.isEmpty)
        for (table, names) in columns.person {
            let rows = try names.reduce(0) { $0 + (try Self.count(bot, table, $1, Self.alice.id.rawValue)) }
            #expect(rows > 0, "\(table) has a person column (\(names)) that no feature in the walk-through wrote: extend it and forgetUser")
        }
    }

    @Test func forgettingInTheGroupLeavesNoRowAboutThePersonThere() async throws {
        var bot = try await Self.aliceEverywhere()
        defer { bot.cleanUp() }
        let columns = try Self.columns(bot)
        let bobRows = try Self.count(bot, "roasts", "user_id", BotFixture.bob.id.rawValue)
        try await Self.forget(in: Self.group, &bot)

        for (table, names) in columns.person {
            for name in names {
                // Rows in her private chat stay: only the group's are forgotten.
                let chatColumns = columns.chat[table] ?? []
                let elsewhere = chatColumns.map { "AND (\"\($0)\" IS NULL OR \"\($0)\" <> \(Self.group.id.rawValue))" }.joined(
                    separator: " ")
                let inGroup =
                    chatColumns.isEmpty
                    ? try Self.count(bot, table, name, Self.alice.id.rawValue)
                        - Self.countOutsideTheGroup(bot, table, name)
                    : try Self.count(bot, table, name, Self.alice.id.rawValue)
                        - Self.count(bot, table, name, Self.alice.id.rawValue, alsoWhere: elsewhere)
                #expect(inGroup == 0, "\(table).\(name) still has \(inGroup) row(s) about the person in the group")
            }
        }
        // Her private chat and Bob keep theirs.
        #expect(try Self.count(bot, "profiles", "chat_id", Self.privately.id.rawValue) == 1)
        #expect(try Self.count(bot, "shares", "user_id", Self.alice.id.rawValue) == 1)
        #expect(try Self.count(bot, "roasts", "user_id", BotFixture.bob.id.rawValue) == bobRows)
        #expect(try Self.count(bot, "profiles", "user_id", BotFixture.bob.id.rawValue) == 1)
    }

    /// Rows of a table without a chat column (reactions, favorites) that are about a roast outside the group.
    static func countOutsideTheGroup(_ bot: BotFixture, _ table: String, _ column: String) throws -> Int {
        try Self.count(
            bot, table, column, Self.alice.id.rawValue,
            alsoWhere: "AND roast_id IN (SELECT roast_id FROM roasts WHERE chat_id <> \(Self.group.id.rawValue))")
    }

    @Test(arguments: [false, true])
    func forgettingInBothChatsOrEverywhereAtOnceLeavesNoRowAboutThePersonAnywhere(atOnce: Bool) async throws {
        var bot = try await Self.aliceEverywhere()
        defer { bot.cleanUp() }
        let columns = try Self.columns(bot)
        if atOnce {
            // From the private chat, for every chat (the group included, where she need not be any more).
            try await Self.forget(in: Self.privately, everywhere: true, &bot)
        } else {
            try await Self.forget(in: Self.group, &bot)
            try await Self.forget(in: Self.privately, &bot)
        }
        await bot.runtime.outbox.deliverPending()

        for (table, names) in columns.person {
            for name in names {
                let left = try Self.count(bot, table, name, Self.alice.id.rawValue)
                #expect(left == 0, "\(table).\(name) still has \(left) row(s) about the person")
            }
        }
        for (table, names) in columns.chat {
            for name in names {
                let left = try Self.count(bot, table, name, Self.privately.id.rawValue)
                #expect(left == 0, "\(table).\(name) still has \(left) row(s) of the person's private chat")
            }
        }
        #expect(try Self.count(bot, "profiles", "user_id", BotFixture.bob.id.rawValue) == 1)
    }
}
