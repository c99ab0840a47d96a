import ChatPlatform
import Foundation
import Testing

@testable import RoastStore

struct UpdateTests {
    @Test func processedUpdatesAndOffsetSurviveReopening() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path()
        let database = try RoastDatabase(path: path)
        try database.write { tx in
            #expect(try tx.hasApplied(100, from: Fixtures.source) == false)
            try tx.markApplied(100, from: Fixtures.source, at: Fixtures.monday)
            try tx.markApplied(100, from: Fixtures.source, at: Fixtures.monday)  // idempotent
            try tx.markApplied(101, from: Fixtures.source, at: Fixtures.monday)
            try tx.setResumePoint(102, of: Fixtures.source)
        }
        database.close()

        let reopened = try RoastDatabase(path: path)
        try reopened.read { tx throws in
            #expect(try tx.hasApplied(100, from: Fixtures.source))
            #expect(try tx.hasApplied(101, from: Fixtures.source))
            #expect(try tx.hasApplied(102, from: Fixtures.source) == false)
            #expect(try tx.appliedEventCount() == 2)
            #expect(try tx.resumePoint(of: Fixtures.source) == 102)
        }
    }

    @Test func offsetIsReplacedNotAccumulated() throws {
        let database = try RoastDatabase(path: ":memory:")
        try database.write { tx in
            try tx.setResumePoint(5, of: Fixtures.source)
            try tx.setResumePoint(9, of: Fixtures.source)
            #expect(try tx.resumePoint(of: Fixtures.source) == 9)
        }
    }

    @Test func pruningForgetsOnlyUpdatesBelowTheBound() throws {
        let database = try RoastDatabase(path: ":memory:")
        try database.write { tx in
            for update in Int64(1)...5 { try tx.markApplied(update, from: Fixtures.source, at: Fixtures.monday) }
            try tx.pruneApplied(from: Fixtures.source, below: 4)
            #expect(try tx.appliedEventCount() == 2)
            #expect(try tx.hasApplied(3, from: Fixtures.source) == false)
            #expect(try tx.hasApplied(4, from: Fixtures.source))
        }
    }

    @Test func eachSourceKeepsItsOwnAppliedEventsAndResumePoint() throws {
        let database = try RoastDatabase(path: ":memory:")
        let console = EventSource("console")
        try database.write { tx in
            try tx.markApplied(7, from: Fixtures.source, at: Fixtures.monday)
            try tx.setResumePoint(8, of: Fixtures.source)
            #expect(try tx.hasApplied(7, from: console) == false)
            #expect(try tx.resumePoint(of: console) == nil)
            try tx.markApplied(7, from: console, at: Fixtures.monday)
            try tx.setResumePoint(3, of: console)
            try tx.pruneApplied(from: console, below: 100)
            #expect(try tx.hasApplied(7, from: console) == false)
            #expect(try tx.hasApplied(7, from: Fixtures.source))
            #expect(try tx.resumePoint(of: Fixtures.source) == 8)
            #expect(try tx.resumePoint(of: console) == 3)
        }
    }

    @Test func keyValueStateSetsReplacesAndRemoves() throws {
        let database = try RoastDatabase(path: ":memory:")
        try database.write { tx in
            #expect(try tx.value(forKey: "season") == nil)
            try tx.setValue("tet", forKey: "season")
            try tx.setValue("summer", forKey: "season")
            #expect(try tx.value(forKey: "season") == "summer")
            try tx.setValue(nil, forKey: "season")
            #expect(try tx.value(forKey: "season") == nil)
        }
    }

    /// Forgetting applied events by age (webhook mode, hourly, inside the writer's transaction) walks
    /// the primary key from the oldest id and stops at the first recent one: a search, no scan of the
    /// table and no sort; what it keeps and forgets is checked in OperationsQueryTests.
    @Test func forgettingAppliedEventsByAgeWalksThePrimaryKey() throws {
        let directory = try TemporaryDirectory()
        let database = try RoastDatabase(path: directory.path())
        defer { database.close() }
        let plan = try database.write { tx in
            try tx.connection.query(
                "EXPLAIN QUERY PLAN " + StoreTransaction.pruneAppliedByAge, "telegram", Fixtures.monday
            ) { (row: borrowing Row) in row.string(3) }
        }
        #expect(plan.allSatisfy { !$0.hasPrefix("SCAN") && !$0.contains("TEMP B-TREE") }, "\(plan)")
        #expect(plan.filter { $0.contains("PRIMARY KEY") }.count == 2, "\(plan)")
    }
}
