import ChatPlatform
import Foundation
import RoastCore
import Testing

@testable import RoastStore

struct StreakStoreTests {
    static let day = LocalDate(iso: "2025-06-16")!
    static let supergroup = ChatID(-100_1001)

    @Test func streakRoundTripsWithItsOfferAndKeepsTheReminderChoice() throws {
        let database = try Fixtures.seededDatabase()
        let state = StreakState(
            current: 2, longest: 9, totalDays: 12, lastActive: Self.day, freezes: 1, daysTowardFreeze: 0,
            offer: FreezeOffer(brokenLength: 9, restartedOn: Self.day.adding(days: -1)))
        try database.write { tx in
            #expect(try tx.streak(chat: Fixtures.group.id, user: Fixtures.alice.id) == nil)
            #expect(try !tx.remindersOn(chat: Fixtures.group.id, user: Fixtures.alice.id))
            try tx.setReminders(chat: Fixtures.group.id, user: Fixtures.alice.id, true)
            try tx.saveStreak(state, chat: Fixtures.group.id, user: Fixtures.alice.id)
        }
        try database.read { tx in
            #expect(try tx.streak(chat: Fixtures.group.id, user: Fixtures.alice.id) == state)
            #expect(try tx.remindersOn(chat: Fixtures.group.id, user: Fixtures.alice.id))
            let standings = try tx.streakStandings(chat: Fixtures.group.id)
            #expect(standings.map(\.streak) == [state])
            #expect(standings.map(\.remindersOn) == [true])
        }
    }

    @Test func reminderCandidatesAreThoseWhoseStreakBreaksTonight() throws {
        let database = try Fixtures.seededDatabase()
        try database.write { tx in
            try tx.touchProfile(chat: Fixtures.group.id, person: Fixtures.binh, at: Fixtures.monday)
            for person in [Fixtures.alice, Fixtures.binh] {
                try tx.setReminders(chat: Fixtures.group.id, user: person.id, true)
            }
            try tx.saveStreak(
                StreakState(current: 3, longest: 3, totalDays: 3, lastActive: Self.day.adding(days: -1)), chat: Fixtures.group.id,
                user: Fixtures.alice.id)
            try tx.saveStreak(
                StreakState(current: 3, longest: 3, totalDays: 3, lastActive: Self.day), chat: Fixtures.group.id, user: Fixtures.binh.id)
        }
        let due = try database.read { try $0.reminderCandidates(chat: Fixtures.group.id, today: Self.day) }
        #expect(due.map(\.userID) == [Fixtures.alice.id])
    }

    @Test func aBadgeIsEarnedOnlyOnce() throws {
        let database = try Fixtures.seededDatabase()
        let results = try database.write { tx in
            [
                try tx.earnBadge(
                    "streak-3", chat: Fixtures.group.id, user: Fixtures.alice.id, at: Fixtures.monday, on: Self.day),
                try tx.earnBadge(
                    "streak-3", chat: Fixtures.group.id, user: Fixtures.alice.id, at: Fixtures.monday + 60, on: Self.day),
                try tx.earnBadge(
                    "shares-1", chat: Fixtures.group.id, user: Fixtures.alice.id, at: Fixtures.monday + 120, on: Self.day),
            ]
        }
        #expect(results == [true, false, true])
        try database.read { tx in
            let earned = try tx.earnedBadges(chat: Fixtures.group.id, user: Fixtures.alice.id)
            #expect(earned.map(\.badge) == ["streak-3", "shares-1"])
            #expect(earned.first?.unlockedAt == Fixtures.monday)
            #expect(try tx.earnedBadgeIDs(chat: Fixtures.group.id, user: Fixtures.alice.id) == ["streak-3", "shares-1"])
            #expect(try tx.earnedBadgeIDs(chat: Fixtures.group.id, user: Fixtures.binh.id).isEmpty)
            #expect(try tx.earnedBadgeIDs(chat: Fixtures.privateChat.id, user: Fixtures.alice.id).isEmpty)
        }
    }

    @Test func tallyCountsVarietyFavoritesSharesAndFireFromOthersOnly() throws {
        let database = try Fixtures.seededDatabase()
        try database.write { tx in
            try tx.touchProfile(chat: Fixtures.group.id, person: Fixtures.binh, at: Fixtures.monday)
            let first = try tx.insertRoast(Fixtures.roast(libraryID: "a"))
            var second = Fixtures.roast(libraryID: "b")
            second.category = .meetings
            second.spice = SpiceLevel(clamping: 5)
            second.collection = "tet"
            let other = try tx.insertRoast(second)
            _ = try tx.insertRoast(Fixtures.roast(libraryID: "c"))  // a category and spice tried before
            try tx.setReaction(roast: first, user: Fixtures.binh.id, kind: .fire, via: .button, at: Fixtures.monday)
            try tx.setReaction(roast: other, user: Fixtures.alice.id, kind: .fire, via: .button, at: Fixtures.monday)
            try tx.setFavorite(roast: other, user: Fixtures.alice.id, true, at: Fixtures.monday)
            for _ in 0..<2 {
                try tx.recordShare(
                    user: Fixtures.alice.id, chat: nil, roast: nil, libraryID: "en.general.001", on: Self.day, at: Fixtures.monday)
            }
            try tx.saveStreak(
                StreakState(current: 1, longest: 5, totalDays: 6, lastActive: Self.day), chat: Fixtures.group.id, user: Fixtures.alice.id)
        }
        let tally = try database.read { try $0.activityTally(chat: Fixtures.group.id, user: Fixtures.alice.id) }
        #expect(
            tally
                == ActivityTally(
                    longestStreak: 5, roasts: 3, categoriesTried: 2, spiceLevelsTried: 2,
                    spiceLevels: [SpiceLevel(clamping: 2), .hottest], favorites: 1, shares: 2, fireReceived: 1,
                    collectionRoasts: ["tet": 1]))
        #expect(try database.read { try $0.fireReceived(chat: Fixtures.group.id) } == [Fixtures.alice.id: 1])
    }

    @Test func migrateChatMergesStreaksAndBadgesIntoAnExistingSupergroup() throws {
        let database = try Fixtures.seededDatabase()
        let old = Fixtures.group.id
        try database.write { tx in
            _ = try tx.ensureChat(ChatRef(id: Self.supergroup, kind: .supergroup), defaultLanguage: .vi, at: Fixtures.monday)
            try tx.touchProfile(chat: Self.supergroup, person: Fixtures.alice, at: Fixtures.monday)
            try tx.saveStreak(
                StreakState(current: 10, longest: 10, totalDays: 10, lastActive: Self.day.adding(days: -1), freezes: 1), chat: old,
                user: Fixtures.alice.id)
            try tx.setReminders(chat: old, user: Fixtures.alice.id, true)
            try tx.saveStreak(
                StreakState(current: 1, longest: 1, totalDays: 1, lastActive: Self.day), chat: Self.supergroup, user: Fixtures.alice.id)
            try tx.earnBadge(
                "streak-7", chat: old, user: Fixtures.alice.id, at: Fixtures.monday, on: Self.day.adding(days: -4))
            try tx.earnBadge(
                "streak-7", chat: Self.supergroup, user: Fixtures.alice.id, at: Fixtures.monday + 99, on: Self.day)

            try tx.migrateChat(from: old, to: Self.supergroup)
        }
        try database.read { tx in
            #expect(try tx.streak(chat: old, user: Fixtures.alice.id) == nil)
            let merged = try #require(try tx.streak(chat: Self.supergroup, user: Fixtures.alice.id))
            #expect(merged.current == 11)
            #expect(merged.totalDays == 11)
            #expect(merged.freezes == 1)
            #expect(try tx.remindersOn(chat: Self.supergroup, user: Fixtures.alice.id))
            let badges = try tx.earnedBadges(chat: Self.supergroup, user: Fixtures.alice.id)
            #expect(badges.map(\.badge) == ["streak-7"])
            #expect(badges.first?.unlockedOn == Self.day.adding(days: -4))
            #expect(try tx.earnedBadges(chat: old, user: Fixtures.alice.id).isEmpty)
        }
        #expect(try database.integrityCheck() == "ok")
    }
}
