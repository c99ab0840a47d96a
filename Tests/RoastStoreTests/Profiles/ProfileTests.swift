import ChatPlatform
import Foundation
import Testing

@testable import RoastStore

struct ProfileTests {
    @Test func touchingRefreshesNamesAndNeverMovesLastSeenBack() throws {
        let database = try Fixtures.seededDatabase()
        let earlier = Fixtures.monday.addingTimeInterval(-600)
        let later = Fixtures.monday.addingTimeInterval(600)
        let renamed = Person(id: Fixtures.alice.id, displayName: "Alice N.", username: "alice_n", languageCode: nil)
        let profile = try database.write { tx in
            try tx.touchProfile(chat: Fixtures.group.id, person: renamed, at: later)
            return try tx.touchProfile(chat: Fixtures.group.id, person: renamed, at: earlier)
        }
        #expect(profile.displayName == "Alice N.")
        #expect(profile.username == "alice_n")
        #expect(profile.languageCode == "en")  // a missing tag does not erase the known one
        #expect(profile.firstSeen == earlier)
        #expect(profile.lastSeen == later)
        #expect(profile.roastCount == 0)
    }

    @Test func lastSeenMovesByTheMinuteButNamesAtOnce() throws {
        let database = try Fixtures.seededDatabase()
        let seen = { try database.read { tx in try #require(try tx.profile(chat: Fixtures.group.id, user: Fixtures.alice.id)) } }
        let start = try seen().lastSeen
        try database.write { tx in try tx.touchProfile(chat: Fixtures.group.id, person: Fixtures.alice, at: start.addingTimeInterval(30)) }
        #expect(try seen().lastSeen == start)
        let renamed = Person(id: Fixtures.alice.id, displayName: "Alice N.", username: "alice", languageCode: "en")
        try database.write { tx in try tx.touchProfile(chat: Fixtures.group.id, person: renamed, at: start.addingTimeInterval(40)) }
        #expect(try seen().displayName == "Alice N.")
        #expect(try seen().lastSeen == start.addingTimeInterval(40))
        try database.write { tx in try tx.touchProfile(chat: Fixtures.group.id, person: renamed, at: start.addingTimeInterval(101)) }
        #expect(try seen().lastSeen == start.addingTimeInterval(101))
    }

    @Test func samePersonHasOneProfilePerChat() throws {
        let database = try Fixtures.seededDatabase()
        try database.write { tx in
            _ = try tx.ensureChat(Fixtures.privateChat, defaultLanguage: .en, at: Fixtures.monday)
            try tx.touchProfile(chat: Fixtures.privateChat.id, person: Fixtures.alice, at: Fixtures.monday)
            try tx.touchProfile(chat: Fixtures.group.id, person: Fixtures.binh, at: Fixtures.monday)
        }
        try database.read { tx throws in
            #expect(try tx.profiles(chat: Fixtures.group.id).map(\.userID) == [Fixtures.alice.id, Fixtures.binh.id])
            #expect(try tx.profiles(chat: Fixtures.privateChat.id).map(\.userID) == [Fixtures.alice.id])
            #expect(try tx.profile(chat: Fixtures.privateChat.id, user: Fixtures.binh.id) == nil)
        }
    }

    /// One profile per person, the one seen last, whatever chat it is in (the console finds the
    /// people of earlier sessions by name this way).
    @Test func latestProfilesGiveEachPersonTheirMostRecentProfile() throws {
        let database = try Fixtures.seededDatabase()
        let renamed = Person(id: Fixtures.alice.id, displayName: "Alice N.", username: "alice", languageCode: nil)
        try database.write { tx in
            _ = try tx.ensureChat(Fixtures.privateChat, defaultLanguage: .en, at: Fixtures.monday)
            try tx.touchProfile(chat: Fixtures.group.id, person: Fixtures.alice, at: Fixtures.monday)
            try tx.touchProfile(chat: Fixtures.privateChat.id, person: renamed, at: Fixtures.monday.addingTimeInterval(3_600))
            try tx.touchProfile(chat: Fixtures.group.id, person: Fixtures.binh, at: Fixtures.monday)
        }
        let latest = try database.read { tx in try tx.latestProfiles() }
        #expect(latest.map(\.userID) == [Fixtures.alice.id, Fixtures.binh.id])
        #expect(latest.map(\.displayName) == ["Alice N.", "Bình"])
        #expect(latest.first?.chatID == Fixtures.privateChat.id)
    }
}
