import ChatPlatform
import Foundation
import RoastCore
import Testing

@testable import RoastStore

/// Which badge measures a transaction's writes moved: badges are evaluated only for those.
struct MeasureJournalTests {
    static let day = LocalDate(iso: "2025-06-16")!

    @Test func eachTallyWriteReportsItsMeasureFromTheMarkOn() throws {
        let database = try Fixtures.seededDatabase()
        try database.write { tx in
            let start = tx.measureMark
            #expect(tx.measuresMoved(since: start).isEmpty)

            let roast = try tx.insertRoast(Fixtures.roast())
            #expect(tx.measuresMoved(since: start) == [.roasts, .variety])

            var mark = tx.measureMark
            try tx.insertRoast(Fixtures.roast(libraryID: "same-category-and-spice"))
            #expect(tx.measuresMoved(since: mark) == [.roasts], "nothing new to try")
            mark = tx.measureMark
            var hotter = Fixtures.roast(libraryID: "hotter")
            hotter.spice = SpiceLevel(clamping: 4)
            try tx.insertRoast(hotter)
            #expect(tx.measuresMoved(since: mark) == [.roasts, .variety])
            mark = tx.measureMark
            var seasonal = Fixtures.roast(libraryID: "tet")
            seasonal.collection = "tet"
            try tx.insertRoast(seasonal)
            #expect(tx.measuresMoved(since: mark) == [.roasts, .collections])

            mark = tx.measureMark
            try tx.setReaction(roast: roast, user: Fixtures.alice.id, kind: .hilarious, via: .button, at: Fixtures.monday)
            try tx.setReaction(roast: roast, user: Fixtures.alice.id, kind: nil, via: .button, at: Fixtures.monday)
            try tx.setFavorite(roast: roast, user: Fixtures.alice.id, false, at: Fixtures.monday)
            #expect(tx.measuresMoved(since: mark).isEmpty, "no write that can raise a count")

            try tx.setReaction(roast: roast, user: Fixtures.alice.id, kind: .fire, via: .native, at: Fixtures.monday)
            try tx.setFavorite(roast: roast, user: Fixtures.alice.id, true, at: Fixtures.monday)
            #expect(tx.measuresMoved(since: mark) == [.fireReceived, .favorites])

            mark = tx.measureMark
            try tx.saveStreak(
                StreakState(current: 1, longest: 1, totalDays: 1, lastActive: Self.day), chat: Fixtures.group.id, user: Fixtures.alice.id)
            try tx.recordShare(user: Fixtures.alice.id, chat: nil, roast: nil, libraryID: nil, on: Self.day, at: Fixtures.monday)
            #expect(tx.measuresMoved(since: mark) == [.streak, .shares])
        }
    }

    @Test func aDailyRoastWithoutRequesterMovesNothing() throws {
        let database = try Fixtures.seededDatabase()
        try database.write { tx in
            let mark = tx.measureMark
            try tx.insertRoast(Fixtures.roast(requester: nil, kind: .daily))
            #expect(tx.measuresMoved(since: mark).isEmpty)
        }
    }

    @Test func aTallyReadForSomeMeasuresLeavesTheOthersAtZero() throws {
        let database = try Fixtures.seededDatabase()
        try database.write { tx in
            let roast = try tx.insertRoast(Fixtures.roast())
            try tx.setFavorite(roast: roast, user: Fixtures.alice.id, true, at: Fixtures.monday)
            try tx.saveStreak(
                StreakState(current: 3, longest: 4, totalDays: 4, lastActive: Self.day), chat: Fixtures.group.id, user: Fixtures.alice.id)
        }
        let partial = try database.read {
            try $0.activityTally(chat: Fixtures.group.id, user: Fixtures.alice.id, measures: [.roasts, .streak])
        }
        #expect(partial == ActivityTally(longestStreak: 4, roasts: 1))
        let whole = try database.read { try $0.activityTally(chat: Fixtures.group.id, user: Fixtures.alice.id) }
        #expect(
            whole
                == ActivityTally(
                    longestStreak: 4, roasts: 1, categoriesTried: 1, spiceLevelsTried: 1, spiceLevels: [SpiceLevel(clamping: 2)],
                    favorites: 1))
    }
}
