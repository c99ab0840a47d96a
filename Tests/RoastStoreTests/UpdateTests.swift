import Foundation
import Testing

@testable import RoastStore

struct UpdateTests {
    @Test func processedUpdatesAndOffsetSurviveReopening() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path()
        let database = try RoastDatabase(path: path)
        try database.write { tx in
            #expect(try tx.hasProcessed(update: 100) == false)
            try tx.markProcessed(update: 100, at: Fixtures.monday)
            try tx.markProcessed(update: 100, at: Fixtures.monday)  // idempotent
            try tx.markProcessed(update: 101, at: Fixtures.monday)
            try tx.setPollOffset(102)
        }
        database.close()

        let reopened = try RoastDatabase(path: path)
        try reopened.read { tx throws in
            #expect(try tx.hasProcessed(update: 100))
            #expect(try tx.hasProcessed(update: 101))
            #expect(try tx.hasProcessed(update: 102) == false)
            #expect(try tx.processedUpdateCount() == 2)
            #expect(try tx.pollOffset() == 102)
        }
    }

    @Test func offsetIsReplacedNotAccumulated() throws {
        let database = try RoastDatabase(path: ":memory:")
        try database.write { tx in
            try tx.setPollOffset(5)
            try tx.setPollOffset(9)
            #expect(try tx.pollOffset() == 9)
        }
    }

    @Test func pruningForgetsOnlyUpdatesBelowTheBound() throws {
        let database = try RoastDatabase(path: ":memory:")
        try database.write { tx in
            for update in Int64(1)...5 { try tx.markProcessed(update: update, at: Fixtures.monday) }
            try tx.pruneProcessedUpdates(below: 4)
            #expect(try tx.processedUpdateCount() == 2)
            #expect(try tx.hasProcessed(update: 3) == false)
            #expect(try tx.hasProcessed(update: 4))
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
}
