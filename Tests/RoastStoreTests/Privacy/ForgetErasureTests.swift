import ChatPlatform
import Foundation
import RoastCore
import Testing

@testable import RoastStore

/// What `/forgetme` leaves on disk: nothing of the person in the database file or its write-ahead
/// log once the forget has committed, and a record of the request (no data of theirs) that a restore
/// of an older backup applies again.
struct ForgetErasureTests {
    static let group = ChatRef(id: ChatID(-100_771), kind: .supergroup, title: "Erasure team")
    static let person = Person(id: UserID(771_001), displayName: "Quokka Zephyrine", username: "quokka_zephyrine_77", languageCode: "en")
    static let other = Person(id: UserID(771_002), displayName: "Bystander Ode", username: "bystander_ode", languageCode: "vi")
    static let monday = Date(timeIntervalSince1970: 1_772_420_400)

    /// Whether the file at `path` (if any) holds `text`'s bytes anywhere.
    static func holds(_ path: String, _ text: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        return data.range(of: Data(text.utf8)) != nil
    }

    static func seed(_ database: RoastDatabase, at date: Date, roasts: Int = 30) throws {
        try database.write { tx in
            _ = try tx.ensureChat(group, defaultLanguage: .en, at: date)
            for person in [person, other] {
                try tx.touchProfile(chat: group.id, person: person, at: date)
                for index in 0..<roasts {
                    _ = try tx.insertRoast(
                        RoastRecord(
                            chatID: group.id, requester: person.id, kind: .requested, source: .library, libraryID: "meetings-\(index)",
                            text: "Roast number \(index) for whoever asked.", language: .en, category: .meetings,
                            spice: SpiceLevel(clamping: 2), mood: nil, collection: nil, createdAt: date))
                }
            }
        }
    }

    /// The person's name was checkpointed into the database file and is in older frames of the log;
    /// after the forget neither file holds it (SQLite overwrites deleted content with zeros, and the
    /// log is checkpointed and truncated after a forget commits).
    @Test func aForgottenPersonIsInNeitherTheDatabaseFileNorItsLog() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path()
        let database = try RoastDatabase(path: path)
        defer { database.close() }
        #expect(try database.pragma("secure_delete") == "1", "set by the store, whatever SQLite's build default")
        try Self.seed(database, at: Self.monday)
        let side = try SQLiteConnection(path: path)
        try side.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        side.close()
        // Later activity: the profile's page goes into the log again.
        try database.write { tx in
            try tx.touchProfile(chat: Self.group.id, person: Self.person, at: Self.monday.addingTimeInterval(3_600))
            try tx.touchProfile(chat: Self.group.id, person: Self.other, at: Self.monday.addingTimeInterval(3_600))
        }
        #expect(Self.holds(path, Self.person.username!) || Self.holds(path + "-wal", Self.person.username!))

        try database.write { tx in try tx.forgetAtTheirRequest(Self.person.id, in: Self.group.id, at: Self.monday.addingTimeInterval(7_200))
        }

        for file in [path, path + "-wal"] {
            #expect(!Self.holds(file, Self.person.displayName), "\(file) still holds the name")
            #expect(!Self.holds(file, Self.person.username!), "\(file) still holds the username")
        }
        #expect(Self.holds(path, Self.other.username!) || Self.holds(path + "-wal", Self.other.username!), "others are kept")
        #expect(try database.read { try $0.profile(chat: Self.group.id, user: Self.other.id) } != nil)
    }

    /// The record of a request is a keyed hash and a date: neither the person's id nor anything of
    /// theirs is in it.
    @Test func theRecordOfAForgetHoldsNoIdOrDataOfThePerson() throws {
        let database = try RoastDatabase(path: ":memory:")
        try Self.seed(database, at: Self.monday, roasts: 1)
        try database.write { tx in try tx.forgetAtTheirRequest(Self.person.id, in: Self.group.id, at: Self.monday) }
        let rows = try database.read { tx in
            try tx.connection.query("SELECT * FROM forget_requests") { (row: borrowing Row) in row.string(0) }
        }
        #expect(rows.count == 1)
        for row in rows {
            #expect(!row.contains(String(Self.person.id.rawValue)) && !row.contains(String(-Self.group.id.rawValue)))
            #expect(row.count == 64)
        }
    }

    /// A backup taken before the person asked to be forgotten still holds them; restoring it forgets
    /// them again (and nobody else), before the bot ever opens the file.
    @Test func aRestoreForgetsAgainWhoAskedToBeForgottenAfterTheBackup() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path()
        var database = try RoastDatabase(path: path)
        try Self.seed(database, at: Self.monday)
        let backup = directory.path("before-forget.sqlite")
        try DatabaseBackup.copy(from: path, to: backup)
        #expect(Self.holds(backup, Self.person.username!))
        try database.write { tx in
            try tx.forgetAtTheirRequest(Self.person.id, in: Self.group.id, at: Self.monday.addingTimeInterval(86_400))
        }
        database.close()

        let restored = try DatabaseBackup.restore(from: backup, to: path)
        #expect(restored.forgottenAgain == 1)
        #expect(!Self.holds(path, Self.person.username!) && !Self.holds(path, Self.person.displayName))
        #expect(!Self.holds(path + "-wal", Self.person.username!))
        database = try RoastDatabase(path: path)
        defer { database.close() }
        try database.read { tx throws in
            #expect(try tx.profile(chat: Self.group.id, user: Self.person.id) == nil)
            #expect(try tx.exportUser(Self.person.id, in: Self.group.id).roasts.isEmpty)
            #expect(try tx.profile(chat: Self.group.id, user: Self.other.id) != nil)
            #expect(try tx.exportUser(Self.other.id, in: Self.group.id).roasts.count == 30)
        }
        // The request stays recorded: a second restore of the same backup forgets them again too.
        database.close()
        #expect(try DatabaseBackup.restore(from: backup, to: path).forgottenAgain == 1)
    }

    /// Someone who asked to be forgotten and came back later keeps what they did since: a backup
    /// taken after their return is restored with their new profile.
    @Test func aRestoreKeepsWhatAForgottenPersonDidAfterComingBack() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path()
        let database = try RoastDatabase(path: path)
        try Self.seed(database, at: Self.monday)
        try database.write { tx in try tx.forgetAtTheirRequest(Self.person.id, in: Self.group.id, at: Self.monday.addingTimeInterval(3_600))
        }
        try database.write { tx in try tx.touchProfile(chat: Self.group.id, person: Self.person, at: Self.monday.addingTimeInterval(86_400))
        }
        let backup = directory.path("after-return.sqlite")
        try DatabaseBackup.copy(from: path, to: backup)
        database.close()

        #expect(try DatabaseBackup.restore(from: backup, to: path).forgottenAgain == 0)
        let reopened = try RoastDatabase(path: path)
        defer { reopened.close() }
        #expect(try reopened.read { try $0.profile(chat: Self.group.id, user: Self.person.id) } != nil)
    }
}
