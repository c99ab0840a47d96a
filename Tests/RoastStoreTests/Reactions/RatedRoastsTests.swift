import ChatPlatform
import Foundation
import RoastCore
import Testing

@testable import RoastStore

/// The input of reaction feedback: reacted roasts among the chat's latest ones, newest first.
struct RatedRoastsTests {
    @Test func onlyReactedRoastsAmongTheLatestComeBackNewestFirstWithTheirCounts() throws {
        let database = try Fixtures.seededDatabase()
        let other = ChatRef(id: ChatID(-2002), kind: .group)
        try database.write { tx in
            _ = try tx.ensureChat(other, defaultLanguage: .en, at: Fixtures.monday)
            try tx.touchProfile(chat: other.id, person: Fixtures.alice, at: Fixtures.monday)
            try tx.touchProfile(chat: Fixtures.group.id, person: Fixtures.binh, at: Fixtures.monday)
            let old = try tx.insertRoast(Fixtures.roast(libraryID: "old"))
            _ = try tx.insertRoast(Fixtures.roast(libraryID: "quiet"))
            let elsewhere = try tx.insertRoast(Fixtures.roast(chat: other.id, libraryID: "elsewhere"))
            let new = try tx.insertRoast(Fixtures.roast(libraryID: "new"))
            for roast in [old, elsewhere, new] {
                try tx.setReaction(roast: roast, user: Fixtures.alice.id, kind: .fire, via: .button, at: Fixtures.monday)
            }
            try tx.setReaction(roast: new, user: Fixtures.binh.id, kind: .dislike, via: .native, at: Fixtures.monday)
        }
        let all = try database.read { try $0.ratedRoasts(chat: Fixtures.group.id, limit: 10) }
        #expect(all.map(\.libraryID) == ["new", "old"])
        #expect(all.first?.counts == [.fire: 1, .dislike: 1])
        // The window is the chat's latest roasts, reacted or not: "old" is the third latest.
        let latestTwo = try database.read { try $0.ratedRoasts(chat: Fixtures.group.id, limit: 2) }
        #expect(latestTwo.map(\.libraryID) == ["new"])
    }

    /// The feedback summary the triggers keep, against the same question asked of the base tables,
    /// through every write that touches reactions or roasts: new roasts, reactions given, changed and
    /// taken back, a person forgotten (their roasts and reactions deleted), a chat migrated.
    @Test func summaryMatchesTheReactionsThroughEveryKindOfChange() throws {
        let database = try Fixtures.seededDatabase()
        let other = ChatRef(id: ChatID(-2002), kind: .group)
        let successor = ChatID(-1_000_000_3003)
        var chats = [Fixtures.group.id, other.id]
        let people = [Fixtures.alice, Fixtures.binh, Person(id: UserID(3), displayName: "Chi", username: nil, languageCode: "vi")]
        try database.write { tx in
            _ = try tx.ensureChat(other, defaultLanguage: .en, at: Fixtures.monday)
        }
        var random = SplitMix64(seed: 2026)
        var roasts: [RoastID] = []
        var checked = 0
        for step in 0..<600 {
            try database.write { tx in
                let roll = Int.random(in: 0..<100, using: &random)
                let chat = chats.randomElement(using: &random)!
                let person = people.randomElement(using: &random)!
                switch roll {
                case 0..<30:
                    try tx.touchProfile(chat: chat, person: person, at: Fixtures.monday)
                    var roast = Fixtures.roast(chat: chat, requester: person.id, libraryID: "lib-\(step % 17)")
                    roast.category = RoastCategory.allCases.randomElement(using: &random)!
                    roast.spice = SpiceLevel(clamping: Int.random(in: 1...5, using: &random))
                    roasts.append(try tx.insertRoast(roast))
                case 30..<97:
                    guard let roast = roasts.randomElement(using: &random), try tx.roast(roast) != nil else { return }
                    let kind = Int.random(in: 0..<5, using: &random)
                    try tx.setReaction(
                        roast: roast, user: person.id, kind: kind == 4 ? nil : ReactionKind.allCases[kind], via: .button,
                        at: Fixtures.monday)
                case 97..<99:
                    try tx.forgetUser(person.id, in: chat)
                default:
                    guard chats.contains(other.id) else { return }
                    try tx.migrateChat(from: other.id, to: successor)
                    chats = [Fixtures.group.id, successor]
                }
            }
            guard step % 25 == 24 else { continue }
            for chat in chats {
                for limit in [1, 4, 30, 200] {
                    let summary = try database.read { try $0.ratedRoasts(chat: chat, limit: limit) }
                    let expected = try database.read { try Self.ratedFromBaseTables($0, chat: chat, limit: limit) }
                    #expect(summary == expected, "step \(step), chat \(chat), limit \(limit)")
                    checked += summary.count
                }
            }
        }
        #expect(chats.contains(successor))
        #expect(checked > 500)
    }

    /// Reactions recorded before the summary existed are counted when the migration adds it.
    @Test func migrationSummarisesReactionsAlreadyStored() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("rated.sqlite")
        let before = Array(Schema.migrations.prefix { $0.name != "summarise reactions per roast for feedback" })
        #expect(Schema.migrations[before.count].name == "summarise reactions per roast for feedback")
        let old = try RoastDatabase(path: path, migrations: before)
        try old.write { tx in
            // Rows as that schema stored them (today's ensureChat and insertRoast also write later columns and tables).
            try tx.connection.execute(
                """
                INSERT INTO chats (chat_id, kind, title, language, time_zone, max_spice, daily_enabled, daily_time, weekdays_only,
                    reminders_enabled, banners_enabled, ai_enabled, is_active, created_at)
                VALUES (?, 'group', 'Dev team', 'vi', 'Asia/Ho_Chi_Minh', 3, 1, '09:00', 0, 1, 1, 1, 1, 0)
                """,
                Fixtures.group.id)
            try tx.connection.execute(
                "INSERT INTO profiles (chat_id, user_id, display_name, first_seen, last_seen) VALUES (?, ?, 'Alice', 0, 0)",
                Fixtures.group.id,
                Fixtures.alice.id)
            let first = try Self.insertRoastRow(tx, libraryID: "a")
            _ = try Self.insertRoastRow(tx, libraryID: "b")
            try tx.connection.execute(
                "INSERT INTO reactions (roast_id, user_id, kind, source, reacted_at) VALUES (?, 1, 'f', 'button', 0), (?, 2, 'd', 'button', 0)",
                first, first)
        }
        old.close()
        let database = try RoastDatabase(path: path)
        defer { database.close() }
        let rated = try database.read { try $0.ratedRoasts(chat: Fixtures.group.id, limit: 10) }
        #expect(
            rated == [RatedRoast(category: .deadlines, spice: SpiceLevel(clamping: 2), libraryID: "a", counts: [.fire: 1, .dislike: 1])])
    }

    /// Stores Alice's requested library roast in the sample group, as every schema so far can.
    static func insertRoastRow(_ tx: borrowing StoreTransaction, chat: ChatID = Fixtures.group.id, libraryID: String) throws -> Int64 {
        try tx.connection.execute(
            """
            INSERT INTO roasts (chat_id, user_id, kind, source, library_id, text, language, category, spice, mood, collection, created_at)
            VALUES (?, 1, 'requested', 'library', ?, 'Your deadline has a deadline.', 'en', 'deadlines', 2, 'tired', NULL, 0)
            """,
            chat, libraryID)
        return tx.connection.lastInsertRowID
    }

    /// The question ``StoreTransaction/ratedRoasts(chat:limit:)`` answers, asked of roasts and reactions directly.
    private static func ratedFromBaseTables(_ tx: borrowing StoreTransaction, chat: ChatID, limit: Int) throws -> [RatedRoast] {
        try tx.connection.query(
            """
            SELECT latest.category, latest.spice, latest.library_id,
                sum(reactions.kind = 'h'), sum(reactions.kind = 'f'), sum(reactions.kind = 'm'), sum(reactions.kind = 'd')
            FROM (SELECT roast_id, category, spice, library_id FROM roasts WHERE chat_id = ? ORDER BY roast_id DESC LIMIT ?) AS latest
            JOIN reactions ON reactions.roast_id = latest.roast_id
            GROUP BY latest.roast_id ORDER BY latest.roast_id DESC
            """,
            chat, limit
        ) { (row: borrowing Row) in
            var counts: [ReactionKind: Int] = [:]
            for (offset, kind) in [ReactionKind.hilarious, .fire, .meh, .dislike].enumerated() where row.int(Int32(3 + offset)) > 0 {
                counts[kind] = row.int(Int32(3 + offset))
            }
            return RatedRoast(
                category: RoastCategory(rawValue: row.string(0))!, spice: SpiceLevel(clamping: row.int(1)),
                libraryID: row.optionalString(2),
                counts: counts)
        }
    }
}
