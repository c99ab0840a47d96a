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
            #expect(try Self.remembered(3, tx) == false)
            #expect(try Self.remembered(4, tx))
        }
    }

    /// Whether `sequence` of the fixtures' source is still in the table of applied ids.
    static func remembered(_ sequence: Int64, _ tx: borrowing StoreTransaction, source: EventSource = Fixtures.source) throws -> Bool {
        try tx.connection.queryOne("SELECT count(*) FROM applied_events WHERE source = ? AND sequence = ?", source.rawValue, sequence) {
            (row: borrowing Row) in row.int(0)
        } == 1
    }

    /// Issue 25 §6: a source's forgotten ids leave a low-water mark, and whatever is at or below it
    /// still counts as applied: a replay of an update older than the ids remembered is not applied
    /// again. Each source has its own.
    @Test func idsAtOrBelowWhatASourceForgotStillCountAsApplied() throws {
        let database = try RoastDatabase(path: ":memory:")
        let console = EventSource("console")
        try database.write { tx in
            for update in Int64(1)...5 { try tx.markApplied(update, from: Fixtures.source, at: Fixtures.monday) }
            try tx.pruneApplied(from: Fixtures.source, below: 4)
            #expect(try tx.appliedEventCount() == 2, "1–3 forgotten")
            #expect(try (Int64(0)...6).map { try tx.hasApplied($0, from: Fixtures.source) } == [true, true, true, true, true, true, false])
            #expect(try tx.hasApplied(2, from: console) == false)
            #expect(try tx.appliedLowWaterMark(of: Fixtures.source)?.sequence == 3)
            // A lower bound later never lowers the mark.
            try tx.pruneApplied(from: Fixtures.source, below: 2)
            #expect(try tx.appliedLowWaterMark(of: Fixtures.source)?.sequence == 3)
        }
    }

    /// The same for ids forgotten by age (webhook mode): the mark is the highest id forgotten, dated
    /// when the last of them was applied; an old id above a recent one stays remembered above it.
    @Test func idsForgottenByAgeStillCountAsApplied() throws {
        let database = try RoastDatabase(path: ":memory:")
        try database.write { tx in
            try tx.markApplied(10, from: Fixtures.source, at: Fixtures.monday)
            try tx.markApplied(12, from: Fixtures.source, at: Fixtures.monday)
            try tx.markApplied(11, from: Fixtures.source, at: Fixtures.monday.addingTimeInterval(3_600))
            try tx.markApplied(13, from: Fixtures.source, at: Fixtures.monday.addingTimeInterval(3 * 86_400))
            try tx.markApplied(14, from: Fixtures.source, at: Fixtures.monday)
            #expect(try tx.pruneApplied(from: Fixtures.source, appliedBefore: Fixtures.monday.addingTimeInterval(2 * 86_400)) == 3)
            let mark = try #require(try tx.appliedLowWaterMark(of: Fixtures.source))
            #expect(mark.sequence == 12 && mark.date == Fixtures.monday.addingTimeInterval(3_600))
            #expect(try Self.remembered(14, tx), "above a recent id: kept until that one goes")
            #expect(
                try (Int64(9)...15).map { try tx.hasApplied($0, from: Fixtures.source) } == [true, true, true, true, true, true, false])
            // Nothing old left to forget: the mark stays as it is.
            #expect(try tx.pruneApplied(from: Fixtures.source, appliedBefore: Fixtures.monday.addingTimeInterval(2 * 86_400)) == 0)
            #expect(try tx.appliedLowWaterMark(of: Fixtures.source)?.sequence == 12)
        }
    }

    /// Telegram numbers updates one after another, except after a week without any, when it may start
    /// again from a random id below the mark: the mark lapses once nothing was applied since the
    /// given date, and can be forgotten outright when a source sees its numbering restart.
    @Test func theLowWaterMarkLapsesAfterAQuietSpellAndCanBeForgotten() throws {
        let database = try RoastDatabase(path: ":memory:")
        let day = 86_400.0
        try database.write { tx in
            try tx.markApplied(5, from: Fixtures.source, at: Fixtures.monday)
            try tx.pruneApplied(from: Fixtures.source, below: 6)
            #expect(try tx.forgetLowWaterMark(of: Fixtures.source, ifQuietSince: Fixtures.monday) == false, "applied at that time")
            // Something applied later and still remembered means the numbering is alive.
            try tx.markApplied(20, from: Fixtures.source, at: Fixtures.monday.addingTimeInterval(5 * day))
            #expect(try tx.forgetLowWaterMark(of: Fixtures.source, ifQuietSince: Fixtures.monday.addingTimeInterval(day)) == false)
            #expect(try tx.hasApplied(4, from: Fixtures.source))
            try tx.pruneApplied(from: Fixtures.source, below: 21)
            #expect(try tx.forgetLowWaterMark(of: Fixtures.source, ifQuietSince: Fixtures.monday.addingTimeInterval(5 * day)) == false)
            #expect(try tx.forgetLowWaterMark(of: Fixtures.source, ifQuietSince: Fixtures.monday.addingTimeInterval(6 * day)))
            #expect(try tx.hasApplied(4, from: Fixtures.source) == false)
            #expect(try tx.appliedLowWaterMark(of: Fixtures.source) == nil)

            try tx.markApplied(30, from: Fixtures.source, at: Fixtures.monday.addingTimeInterval(7 * day))
            try tx.pruneApplied(from: Fixtures.source, below: 31)
            try tx.forgetLowWaterMark(of: Fixtures.source)
            #expect(try tx.hasApplied(30, from: Fixtures.source) == false)
        }
    }

    /// The mark is consulted for every event: one search of its primary key beside the applied ids'.
    @Test func checkingAnEventSearchesBothPrimaryKeys() throws {
        let directory = try TemporaryDirectory()
        let database = try RoastDatabase(path: directory.path())
        defer { database.close() }
        let plan = try database.write { tx in
            try tx.connection.query("EXPLAIN QUERY PLAN " + StoreTransaction.hasAppliedQuery, "telegram", 5) { (row: borrowing Row) in
                row.string(3)
            }
        }
        #expect(plan.filter { $0.hasPrefix("SEARCH") && $0.contains("PRIMARY KEY") }.count == 2, "\(plan)")
        #expect(plan.allSatisfy { !$0.hasPrefix("SCAN") || $0 == "SCAN CONSTANT ROW" }, "\(plan)")
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
            #expect(try Self.remembered(7, tx, source: console) == false)
            #expect(try Self.remembered(7, tx))
            #expect(try tx.hasApplied(50, from: console))
            #expect(try tx.hasApplied(50, from: Fixtures.source) == false)
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
        // The low-water mark is raised first, to the highest id about to be forgotten: the same walk.
        for statement in [StoreTransaction.pruneAppliedByAge, StoreTransaction.markAppliedByAge] {
            let plan = try database.write { tx in
                try tx.connection.query("EXPLAIN QUERY PLAN " + statement, "telegram", Fixtures.monday) { (row: borrowing Row) in
                    row.string(3)
                }
            }
            #expect(plan.allSatisfy { !$0.hasPrefix("SCAN") && !$0.contains("TEMP B-TREE") }, "\(plan)")
            #expect(plan.filter { $0.contains("PRIMARY KEY") }.count == 2, "\(plan)")
        }
    }
}
