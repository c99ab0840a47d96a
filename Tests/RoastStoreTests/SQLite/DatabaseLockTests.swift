import Foundation
import RoastStore
import Testing

struct DatabaseLockTests {
    @Test func aSecondHolderIsRefusedUntilTheFirstLetsGo() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path()
        var first: DatabaseLock? = try DatabaseLock(databasePath: path)
        #expect(throws: DatabaseLock.LockError.held(path: path + ".lock")) { try DatabaseLock(databasePath: path) }
        #expect(first?.path == path + ".lock")
        first = nil
        _ = try DatabaseLock(databasePath: path)
    }

    /// Two paths to one database (a symbolic link to the file) share one lock.
    @Test func aSecondPathToTheSameFileIsRefusedToo() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path()
        let database = try RoastDatabase(path: path)
        defer { database.close() }
        let link = directory.path("alias.sqlite")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        let first = try DatabaseLock(databasePath: path)
        #expect(throws: DatabaseLock.LockError.held(path: path + ".lock")) { try DatabaseLock(databasePath: link) }
        _ = first
    }

    @Test func aLockFileThatCannotBeCreatedIsSaidSo() {
        #expect(throws: DatabaseLock.LockError.self) { try DatabaseLock(databasePath: "/no/such/folder/bot.sqlite") }
    }
}
