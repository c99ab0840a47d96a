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

    @Test func aLockFileThatCannotBeCreatedIsSaidSo() {
        #expect(throws: DatabaseLock.LockError.self) { try DatabaseLock(databasePath: "/no/such/folder/bot.sqlite") }
    }
}
