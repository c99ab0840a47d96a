import ChatPlatform
import Foundation
import Testing

@testable import RoastStore

struct TransactionTests {
    struct Abort: Error, Equatable {}

    @Test func aFailingSavepointUndoesOnlyItsOwnChanges() throws {
        let directory = try TemporaryDirectory()
        let database = try RoastDatabase(path: directory.path())
        try database.write { tx in
            _ = try tx.ensureChat(Fixtures.group, defaultLanguage: .en, at: Fixtures.monday)
            try tx.savepoint { tx in try tx.markApplied(1, from: Fixtures.source, at: Fixtures.monday) }
            #expect(throws: Abort()) {
                try tx.savepoint { tx in
                    try tx.markApplied(2, from: Fixtures.source, at: Fixtures.monday)
                    try tx.enqueue(.send(OutgoingMessage(text: "lost")), chat: Fixtures.group.id, anchor: nil, at: Fixtures.monday)
                    throw Abort()
                }
            }
            try tx.savepoint { tx in try tx.markApplied(3, from: Fixtures.source, at: Fixtures.monday) }
        }
        try database.read { tx throws in
            #expect(try tx.chatCount() == 1)
            #expect(try tx.hasApplied(1, from: Fixtures.source))
            #expect(try tx.hasApplied(2, from: Fixtures.source) == false)
            #expect(try tx.hasApplied(3, from: Fixtures.source))
            #expect(try tx.pendingOutboxCount() == 0)
        }
    }

    @Test func throwingWriteRollsBackEveryChangeAndRethrowsTheSameError() throws {
        let directory = try TemporaryDirectory()
        let database = try RoastDatabase(path: directory.path())
        #expect(throws: Abort()) {
            try database.write { tx in
                _ = try tx.ensureChat(Fixtures.group, defaultLanguage: .en, at: Fixtures.monday)
                try tx.touchProfile(chat: Fixtures.group.id, person: Fixtures.alice, at: Fixtures.monday)
                try tx.insertRoast(Fixtures.roast())
                try tx.markApplied(10, from: Fixtures.source, at: Fixtures.monday)
                try tx.setResumePoint(11, of: Fixtures.source)
                try tx.enqueue(.send(OutgoingMessage(text: "hi")), chat: Fixtures.group.id, anchor: nil, at: Fixtures.monday)
                throw Abort()
            }
        }
        try database.read { tx throws in
            #expect(try tx.chatCount() == 0)
            #expect(try tx.profiles(chat: Fixtures.group.id).isEmpty)
            #expect(try tx.roast(RoastID(1)) == nil)
            #expect(try tx.hasApplied(10, from: Fixtures.source) == false)
            #expect(try tx.resumePoint(of: Fixtures.source) == nil)
            #expect(try tx.pendingOutboxCount() == 0)
        }
        // The connection is usable again afterwards.
        try database.write { tx in try tx.setResumePoint(5, of: Fixtures.source) }
        #expect(try database.read { tx in try tx.resumePoint(of: Fixtures.source) } == 5)
    }

    @Test func committedWriteIsVisibleAfterReopening() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path()
        let first = try RoastDatabase(path: path)
        try first.write { tx in _ = try tx.ensureChat(Fixtures.group, defaultLanguage: .en, at: Fixtures.monday) }
        first.close()
        #expect(try RoastDatabase(path: path).read { tx in try tx.chatCount() } == 1)
    }

    @Test func readTransactionRefusesWrites() throws {
        let database = try RoastDatabase(path: ":memory:")
        #expect {
            try database.read { tx in try tx.setResumePoint(1, of: Fixtures.source) }
        } throws: { error in
            if case StoreError.sqlite(let code, _) = error { code == 8 } else { false }  // SQLITE_READONLY
        }
        #expect(try database.read { tx in try tx.resumePoint(of: Fixtures.source) } == nil)
        try database.write { tx in try tx.setResumePoint(1, of: Fixtures.source) }
        #expect(try database.read { tx in try tx.resumePoint(of: Fixtures.source) } == 1)
    }

    @Test func failedStatementInsideBodyStillRollsBackWhenBodyThrowsIt() throws {
        let database = try Fixtures.seededDatabase()
        #expect(throws: StoreError.self) {
            try database.write { tx in
                try tx.setValue("before failure", forKey: "k")
                // Bob has no profile in the group: foreign key failure.
                try tx.insertRoast(Fixtures.roast(requester: UserID(99)))
            }
        }
        #expect(try database.read { tx in try tx.value(forKey: "k") } == nil)
    }
}
