import ChatPlatform
import Foundation
import RoastCore
import Testing

@testable import RoastStore

struct RoastTests {
    @Test func insertedRoastReadsBackWithEveryField() throws {
        let database = try Fixtures.seededDatabase()
        var roast = Fixtures.roast()
        roast.collection = "tet-2026"
        roast.mood = nil
        let stored = try database.write { tx in
            let id = try tx.insertRoast(roast)
            return try #require(try tx.roast(id))
        }
        #expect(stored.record == roast)
        #expect(stored.messageID == nil)
    }

    @Test func onlyRequestedRoastsCountOnTheRequestersProfile() throws {
        let database = try Fixtures.seededDatabase()
        let count = try database.write { tx in
            try tx.insertRoast(Fixtures.roast(kind: .requested))
            try tx.insertRoast(Fixtures.roast(kind: .requested))
            try tx.insertRoast(Fixtures.roast(kind: .daily))
            try tx.insertRoast(Fixtures.roast(requester: nil, kind: .daily))
            return try tx.profile(chat: Fixtures.group.id, user: Fixtures.alice.id)?.roastCount
        }
        #expect(count == 2)
    }

    @Test func roastIsFoundByItsMessageOnceRecorded() throws {
        let database = try Fixtures.seededDatabase()
        try database.write { tx in
            let id = try tx.insertRoast(Fixtures.roast())
            #expect(try tx.roast(chat: Fixtures.group.id, message: MessageID(77)) == nil)
            try tx.setRoastMessage(id, message: MessageID(77))
            #expect(try tx.roast(chat: Fixtures.group.id, message: MessageID(77))?.id == id)
            #expect(try tx.roast(chat: ChatID(-999), message: MessageID(77)) == nil)
        }
    }

    @Test func servedLibraryIDsArePerChatAndUser() throws {
        let database = try Fixtures.seededDatabase()
        let served = try database.write { tx in
            try tx.touchProfile(chat: Fixtures.group.id, person: Fixtures.binh, at: Fixtures.monday)
            let first = try tx.insertRoast(Fixtures.roast(libraryID: "a"))
            let second = try tx.insertRoast(Fixtures.roast(libraryID: "b"))
            let third = try tx.insertRoast(Fixtures.roast(libraryID: "a"))
            try tx.insertRoast(Fixtures.roast(libraryID: nil))
            try tx.insertRoast(Fixtures.roast(requester: Fixtures.binh.id, libraryID: "c"))
            #expect(first < third)
            return (try tx.libraryIDsServed(chat: Fixtures.group.id, user: Fixtures.alice.id), second.rawValue, third.rawValue)
        }
        // Each with the latest time it was received.
        #expect(served.0 == ["a": served.2, "b": served.1])
    }

    /// What the whole chat saw (the Roast of the Day, posted for no requester) within the window, and
    /// the chat's latest roasts whoever asked.
    @Test func postsForEveryoneAndTheChatsLatestRoastsAreRead() throws {
        let database = try Fixtures.seededDatabase()
        let (shown, latest) = try database.write { tx in
            try tx.touchProfile(chat: Fixtures.group.id, person: Fixtures.binh, at: Fixtures.monday)
            try tx.insertRoast(
                Fixtures.roast(requester: nil, kind: .daily, libraryID: "old", at: Fixtures.monday.addingTimeInterval(-40 * 86_400)))
            let posted = try tx.insertRoast(Fixtures.roast(requester: nil, kind: .daily, libraryID: "d"))
            try tx.insertRoast(Fixtures.roast(libraryID: "a"))
            try tx.insertRoast(Fixtures.roast(requester: Fixtures.binh.id, libraryID: "b"))
            try tx.insertRoast(Fixtures.roast(libraryID: nil))
            let window = Fixtures.monday.addingTimeInterval(-30 * 86_400)
            return (
                [try tx.libraryIDsShownToAll(chat: Fixtures.group.id, since: window), ["d": posted.rawValue]],
                try tx.latestLibraryIDs(chat: Fixtures.group.id, limit: 3)
            )
        }
        #expect(shown[0] == shown[1])
        // The latest three roasts: an AI roast (no id), b, a.
        #expect(latest == ["b", "a"])
    }

    @Test func recentRoastsAreNewestFirstAndLimited() throws {
        let database = try Fixtures.seededDatabase()
        let texts = try database.write { tx in
            for minute in 0..<5 {
                try tx.insertRoast(Fixtures.roast(text: "roast \(minute)", at: Fixtures.monday.addingTimeInterval(Double(minute) * 60)))
            }
            return try tx.recentRoasts(chat: Fixtures.group.id, user: Fixtures.alice.id, limit: 3).map(\.text)
        }
        #expect(texts == ["roast 4", "roast 3", "roast 2"])
    }

    @Test func roastForAPersonWithoutProfileIsRefused() throws {
        let database = try Fixtures.seededDatabase()
        #expect(throws: StoreError.self) {
            try database.write { tx in try tx.insertRoast(Fixtures.roast(requester: Fixtures.binh.id)) }
        }
    }
}
