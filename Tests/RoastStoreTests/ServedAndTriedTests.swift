import ChatPlatform
import Foundation
import RoastCore
import Testing
@testable import RoastStore

/// The per-person sets the triggers keep beside `roasts`: library roasts served (the picker avoids
/// repeats) and the (category, spice) pairs of requested roasts (the variety badges).
struct ServedAndTriedTests {
    @Test func servedIDsAreThePersonsOwnInThatChatOnceEach() throws {
        let database = try Fixtures.seededDatabase()
        try database.write { tx in
            try tx.touchProfile(chat: Fixtures.group.id, person: Fixtures.binh, at: Fixtures.monday)
            for id in ["a", "b", "a"] { try tx.insertRoast(Fixtures.roast(libraryID: id)) }
            try tx.insertRoast(Fixtures.roast(libraryID: nil))  // an AI roast has no library entry
            try tx.insertRoast(Fixtures.roast(kind: .daily, libraryID: "daily"))
            try tx.insertRoast(Fixtures.roast(requester: Fixtures.binh.id, libraryID: "binh's"))
        }
        let served = try database.read { try $0.libraryIDsServed(chat: Fixtures.group.id, user: Fixtures.alice.id) }
        #expect(served == ["a", "b", "daily"])
    }

    @Test func aRoastWidensVarietyOnlyWithACategoryOrSpiceNewToTheRequester() throws {
        let database = try Fixtures.seededDatabase()
        func widened(_ category: RoastCategory, _ spice: Int, kind: RoastKind = .requested) throws -> Bool {
            try database.write { tx in
                var roast = Fixtures.roast(kind: kind)
                roast.category = category
                roast.spice = SpiceLevel(clamping: spice)
                let mark = tx.measureMark
                try tx.insertRoast(roast)
                return tx.measuresMoved(since: mark).contains(.variety)
            }
        }
        #expect(try widened(.deadlines, 2))
        #expect(try !widened(.deadlines, 2))
        #expect(try widened(.deadlines, 3))  // a new spice level
        #expect(try widened(.meetings, 3))  // a new category
        #expect(try !widened(.meetings, 2))  // both tried, though never together
        #expect(try !widened(.kpis, 5, kind: .daily))  // only requested roasts count
        #expect(try widened(.kpis, 5))
        let tally = try database.read { try $0.activityTally(chat: Fixtures.group.id, user: Fixtures.alice.id, measures: [.variety]) }
        #expect(tally.categoriesTried == 3)
        #expect(tally.spiceLevelsTried == 3)
    }

    /// Both sets against the same questions asked of `roasts` directly, through every write that
    /// adds, deletes or moves roasts: requested, daily and AI roasts, people forgotten, a chat migrated.
    @Test func setsMatchTheRoastsThroughEveryKindOfChange() throws {
        let database = try Fixtures.seededDatabase()
        let other = ChatRef(id: ChatID(-2002), kind: .group)
        let successor = ChatID(-1_000_000_3003)
        var chats = [Fixtures.group.id, other.id]
        let people = [Fixtures.alice, Fixtures.binh, Person(id: UserID(3), displayName: "Chi", username: nil, languageCode: "vi")]
        try database.write { tx in
            _ = try tx.ensureChat(other, defaultLanguage: .en, at: Fixtures.monday)
        }
        var random = SplitMix64(seed: 2027)
        var checked = 0
        for step in 0..<500 {
            try database.write { tx in
                let roll = Int.random(in: 0..<100, using: &random)
                let chat = chats.randomElement(using: &random)!
                let person = people.randomElement(using: &random)!
                switch roll {
                case 0..<94:
                    try tx.touchProfile(chat: chat, person: person, at: Fixtures.monday)
                    let library = Int.random(in: 0..<10, using: &random)
                    var roast = Fixtures.roast(
                        chat: chat, requester: library == 0 ? nil : person.id, kind: library == 1 ? .daily : .requested,
                        libraryID: library == 2 ? nil : "lib-\(Int.random(in: 0..<12, using: &random))")
                    roast.category = RoastCategory.allCases.randomElement(using: &random)!
                    roast.spice = SpiceLevel(clamping: Int.random(in: 1...5, using: &random))
                    try tx.insertRoast(roast)
                case 94..<98:
                    try tx.forgetUser(person.id, in: chat)
                default:
                    guard chats.contains(other.id) else { return }
                    try tx.migrateChat(from: other.id, to: successor)
                    chats = [Fixtures.group.id, successor]
                }
            }
            guard step % 20 == 19 else { continue }
            try database.read { tx in
                for chat in chats {
                    for person in people {
                        let served = try tx.libraryIDsServed(chat: chat, user: person.id)
                        let servedExpected = Set(
                            try tx.connection.query(
                                "SELECT library_id FROM roasts WHERE chat_id = ? AND user_id = ? AND library_id IS NOT NULL", chat, person.id
                            ) { (row: borrowing Row) in row.string(0) })
                        #expect(served == servedExpected, "step \(step), chat \(chat), \(person.displayName)")
                        let tried = try Self.pairs(tx, "SELECT category, spice FROM tried_varieties WHERE chat_id = ? AND user_id = ?", chat, person)
                        let triedExpected = try Self.pairs(
                            tx, "SELECT category, spice FROM roasts WHERE chat_id = ? AND user_id = ? AND kind = 'requested'", chat, person)
                        #expect(tried == triedExpected, "step \(step), chat \(chat), \(person.displayName)")
                        checked += served.count + tried.count
                    }
                }
                // Nothing is left behind for chats that no longer exist.
                let stray = try tx.connection.queryOne(
                    """
                    SELECT (SELECT count(*) FROM served_library WHERE chat_id NOT IN (SELECT chat_id FROM roasts))
                        + (SELECT count(*) FROM tried_varieties WHERE chat_id NOT IN (SELECT chat_id FROM roasts))
                    """
                ) { (row: borrowing Row) in row.int(0) }
                #expect(stray == 0, "step \(step)")
            }
        }
        #expect(chats.contains(successor))
        #expect(checked > 1_000)
    }

    /// Roasts stored before the sets existed are in them once the migration adds them.
    @Test func migrationFillsTheSetsFromRoastsAlreadyStored() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("served.sqlite")
        let before = Array(Schema.migrations.prefix { $0.name != "keep each person's served library roasts and tried varieties" })
        #expect(Schema.migrations[before.count].name == "keep each person's served library roasts and tried varieties")
        let old = try RoastDatabase(path: path, migrations: before)
        try old.write { tx in
            _ = try tx.ensureChat(Fixtures.group, defaultLanguage: .vi, at: Fixtures.monday)
            try tx.touchProfile(chat: Fixtures.group.id, person: Fixtures.alice, at: Fixtures.monday)
            for id in ["a", "b", "a"] { _ = try RatedRoastsTests.insertRoastRow(tx, libraryID: id) }
        }
        old.close()
        let database = try RoastDatabase(path: path)
        defer { database.close() }
        #expect(try database.read { try $0.libraryIDsServed(chat: Fixtures.group.id, user: Fixtures.alice.id) } == ["a", "b"])
        let tally = try database.read { try $0.activityTally(chat: Fixtures.group.id, user: Fixtures.alice.id, measures: [.variety]) }
        #expect(tally.categoriesTried == 1)
        #expect(tally.spiceLevelsTried == 1)
    }

    private struct Pair: Hashable {
        var category: String
        var spice: Int
    }

    private static func pairs(_ tx: borrowing StoreTransaction, _ sql: String, _ chat: ChatID, _ person: Person) throws -> Set<Pair> {
        Set(try tx.connection.query(sql, chat, person.id) { (row: borrowing Row) in Pair(category: row.string(0), spice: row.int(1)) })
    }
}
