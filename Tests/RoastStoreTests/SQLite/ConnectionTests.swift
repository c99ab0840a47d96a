import CSQLite
import ChatPlatform
import Foundation
import Testing

@testable import RoastStore

struct ConnectionTests {
    @Test func fileDatabaseRunsInWALWithForeignKeysOn() throws {
        let directory = try TemporaryDirectory()
        let database = try RoastDatabase(path: directory.path())
        #expect(try database.pragma("journal_mode") == "wal")
        #expect(try database.pragma("foreign_keys") == "1")
        #expect(try database.pragma("synchronous") == "1")  // NORMAL
        #expect(try database.pragma("busy_timeout") == "5000")
        #expect(try database.pragma("temp_store") == "2")  // MEMORY
    }

    @Test func sqliteKeepsNoMemoryStatisticsOnceAConnectionIsOpen() throws {
        let database = try RoastDatabase(path: ":memory:")
        try database.write { tx in _ = try tx.ensureChat(Fixtures.group, defaultLanguage: .en, at: Fixtures.monday) }
        // With statistics on, every allocation is counted under a global mutex and this is > 0.
        var current: Int64 = 0
        var highest: Int64 = 0
        #expect(sqlite3_status64(SQLITE_STATUS_MEMORY_USED, &current, &highest, 0) == SQLITE_OK)
        #expect(current == 0)
    }

    @Test func foreignKeysAreEnforced() throws {
        let database = try RoastDatabase(path: ":memory:")
        // No chat row exists, so the profile's chat reference is dangling.
        #expect {
            try database.write { tx in try tx.touchProfile(chat: ChatID(7), person: Fixtures.alice, at: Fixtures.monday) }
        } throws: { error in
            if case StoreError.sqlite(let code, _) = error { code == 787 } else { false }  // SQLITE_CONSTRAINT_FOREIGNKEY
        }
    }

    @Test func integrityCheckOfAHealthyDatabaseIsOK() throws {
        let directory = try TemporaryDirectory()
        let database = try RoastDatabase(path: directory.path())
        try database.write { tx in
            _ = try tx.ensureChat(Fixtures.group, defaultLanguage: .en, at: Fixtures.monday)
            try tx.touchProfile(chat: Fixtures.group.id, person: Fixtures.alice, at: Fixtures.monday)
            try tx.insertRoast(Fixtures.roast())
        }
        #expect(try database.integrityCheck() == "ok")
    }

    @Test(arguments: [
        "",
        "plain ascii",
        "Tiếng Việt có dấu: Đồng nghiệp ơi, họp tiếp đi 😴",
        "emoji families 👨‍👩‍👧‍👦 and flags 🇻🇳 and ❤️‍🔥",
        "nul\u{0}inside\u{0}",
        "\u{0}",
        "combining e\u{301} vs é, RTL \u{202E}txet",
        "quotes ' \" and ; DROP TABLE roasts; --",
    ])
    func textRoundTripsByteForByte(text: String) throws {
        let database = try Fixtures.seededDatabase()
        let stored = try database.write { tx in
            try tx.setValue(text, forKey: text)
            let id = try tx.insertRoast(Fixtures.roast(text: text))
            return try tx.roast(id)
        }
        #expect(Array(stored?.text.utf8 ?? "missing".utf8) == Array(text.utf8))
        let value = try database.read { tx in try tx.value(forKey: text) }
        #expect(value.map { Array($0.utf8) } == Array(text.utf8))
    }

    @Test func closedDatabaseRefusesWork() throws {
        let database = try RoastDatabase(path: ":memory:")
        database.close()
        #expect(throws: StoreError.self) { try database.read { tx in try tx.chatCount() } }
        database.close()  // Closing twice is harmless.
    }
}
