import ChatPlatform
import Foundation
import Testing

@testable import RoastStore

/// What the operator's side reads and writes: the outbox summary, forgetting old applied ids of a
/// source without resume points, the write probe, and reads that never wait for the writer.
struct OperationsQueryTests {
    @Test func theOutboxSummaryCountsPendingRowsAndDatesTheOldest() throws {
        let database = try Fixtures.seededDatabase()
        #expect(try database.read { try $0.pendingOutboxSummary() } == (0, nil))
        try database.write { tx in
            for minutes in [30.0, 10, 20] {
                try tx.enqueue(
                    .send(OutgoingMessage(text: RichText(plain: "hi"))), chat: Fixtures.group.id, anchor: nil,
                    at: Fixtures.monday.addingTimeInterval(minutes * 60))
            }
        }
        let summary = try database.read { try $0.pendingOutboxSummary() }
        #expect(summary.count == 3)
        #expect(summary.oldest == Fixtures.monday.addingTimeInterval(600))
    }

    @Test func oldAppliedIdsOfOneSourceAreForgottenByAge() throws {
        let database = try Fixtures.seededDatabase()
        let other = EventSource("console")
        try database.write { tx in
            try tx.markApplied(1, from: Fixtures.source, at: Fixtures.monday)
            try tx.markApplied(2, from: Fixtures.source, at: Fixtures.monday.addingTimeInterval(86_400))
            try tx.markApplied(1, from: other, at: Fixtures.monday)
        }
        let forgotten = try database.write {
            try $0.pruneApplied(from: Fixtures.source, appliedBefore: Fixtures.monday.addingTimeInterval(60))
        }
        #expect(forgotten == 1)
        #expect(try database.read { try UpdateTests.remembered(1, $0) } == false)
        #expect(try database.read { try UpdateTests.remembered(2, $0) })
        #expect(try database.read { try UpdateTests.remembered(1, $0, source: other) })

        // All old: all forgotten. One applied out of order (an old id applied late) stays, and so do
        // the ids after it, until it is old too; nothing recent is ever forgotten.
        try database.write { tx in
            try tx.markApplied(10, from: Fixtures.source, at: Fixtures.monday)
            try tx.markApplied(11, from: Fixtures.source, at: Fixtures.monday.addingTimeInterval(3 * 86_400))
            try tx.markApplied(12, from: Fixtures.source, at: Fixtures.monday)
        }
        #expect(
            try database.write { try $0.pruneApplied(from: Fixtures.source, appliedBefore: Fixtures.monday.addingTimeInterval(2 * 86_400)) }
                == 2)
        #expect(
            try database.read { tx in try [2, 10, 11, 12].map { try UpdateTests.remembered($0, tx) } } == [
                false, false, true, true,
            ])
        #expect(
            try database.write { try $0.pruneApplied(from: Fixtures.source, appliedBefore: Fixtures.monday.addingTimeInterval(4 * 86_400)) }
                == 2)
        #expect(try database.read { try $0.appliedEventCount() } == 1)  // the other source's
    }

    @Test func theWriteProbeFailsWhileAnotherConnectionWritesAndPassesAfter() throws {
        let directory = try TemporaryDirectory()
        let database = try RoastDatabase(path: directory.path())
        defer { database.close() }
        try database.probeWrite()
        let other = try SQLiteConnection(path: directory.path())
        defer { other.close() }
        try other.execute("BEGIN IMMEDIATE")
        #expect(throws: StoreError.self) { try database.probeWrite() }
        try other.execute("COMMIT")
        try database.probeWrite()
    }

    @Test func inspectionSeesTheLastCommitWithoutWaitingForTheWriter() throws {
        let directory = try TemporaryDirectory()
        let database = try RoastDatabase(path: directory.path())
        defer { database.close() }
        try database.write { try $0.markApplied(1, from: Fixtures.source, at: Fixtures.monday) }
        // Inside a write transaction (the writer's lock held), a second connection still reads.
        let seen = try database.write { tx in
            try tx.markApplied(2, from: Fixtures.source, at: Fixtures.monday)
            return try database.inspect { try $0.appliedEventCount() }
        }
        #expect(seen == 1)
        #expect(try database.inspect { try $0.appliedEventCount() } == 2)
    }

    @Test func fileSizesAreTheDatabaseAndItsLog() throws {
        let directory = try TemporaryDirectory()
        let database = try RoastDatabase(path: directory.path())
        defer { database.close() }
        let sizes = database.fileSizes
        #expect(sizes.database > 0)
        #expect(sizes.log >= 0)
        #expect(try RoastDatabase(path: ":memory:").fileSizes == (0, 0))
    }
}
