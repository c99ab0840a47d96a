import ChatPlatform
import Foundation
import RoastCore
import Testing

@testable import RoastStore

struct MigrateChatTests {
    static let supergroup = ChatRef(id: ChatID(-100_1001), kind: .supergroup, title: "Dev team")

    @Test func everythingFollowsTheChatToItsNewID() throws {
        let database = try Fixtures.seededDatabase()
        let old = Fixtures.group.id
        let new = Self.supergroup.id
        let (roast, favorite) = try database.write { tx in
            var settings = try #require(try tx.chat(old))
            settings.language = .en
            settings.dailyTime = "08:30"
            try tx.saveChat(settings)
            let roast = try tx.insertRoast(Fixtures.roast())
            let favorite = try tx.insertRoast(Fixtures.roast(libraryID: "fav"))
            try tx.setRoastMessage(roast, message: MessageID(10))
            try tx.setReaction(roast: roast, user: Fixtures.alice.id, kind: .fire, via: .button, at: Fixtures.monday)
            try tx.setFavorite(roast: favorite, user: Fixtures.alice.id, true, at: Fixtures.monday)
            try tx.enqueue(.send(OutgoingMessage(text: "queued")), chat: old, anchor: favorite, at: Fixtures.monday)

            try tx.migrateChat(from: old, to: new)
            return (roast, favorite)
        }

        try database.read { tx in
            #expect(try tx.chat(old) == nil)
            let settings = try #require(try tx.chat(new))
            #expect(settings.language == .en)
            #expect(settings.dailyTime == "08:30")
            #expect(try tx.chatCount() == 1)

            #expect(try tx.profiles(chat: old).isEmpty)
            #expect(try tx.profile(chat: new, user: Fixtures.alice.id)?.roastCount == 2)

            #expect(try tx.roast(chat: new, message: MessageID(10))?.id == roast)
            #expect(Set(try tx.libraryIDsServed(chat: new, user: Fixtures.alice.id).keys) == ["deadlines-001", "fav"])
            #expect(try tx.recentRoasts(chat: old, user: Fixtures.alice.id, limit: 10).isEmpty)
            #expect(try tx.reactionCounts(roast: roast) == [.fire: 1])
            #expect(try tx.favorites(chat: new, user: Fixtures.alice.id, limit: 10, offset: 0).map(\.id) == [favorite])

            let queued = try tx.pendingOutbox(limit: 10)
            #expect(queued.map(\.chatID) == [new])
            #expect(queued.map(\.anchor) == [favorite])
        }
        #expect(try database.integrityCheck() == "ok")
    }

    @Test func existingTargetMergesSettingsAndProfiles() throws {
        let database = try Fixtures.seededDatabase()
        let old = Fixtures.group.id
        let new = Self.supergroup.id
        let later = Fixtures.monday.addingTimeInterval(600)
        let renamed = Person(id: Fixtures.alice.id, displayName: "Alice (new)", username: "alice2")
        try database.write { tx in
            var settings = try #require(try tx.chat(old))
            settings.maxSpice = .hottest
            try tx.saveChat(settings)
            try tx.insertRoast(Fixtures.roast())
            // The supergroup was seen before the migration event arrived.
            _ = try tx.ensureChat(Self.supergroup, defaultLanguage: .vi, at: later)
            try tx.touchProfile(chat: new, person: renamed, at: later)
            try tx.touchProfile(chat: new, person: Fixtures.binh, at: later)
            try tx.insertRoast(Fixtures.roast(chat: new, at: later))

            try tx.migrateChat(from: old, to: new)
        }
        try database.read { tx in
            let settings = try #require(try tx.chat(new))
            #expect(settings.maxSpice == .hottest)  // chosen in the old group
            #expect(settings.kind == .supergroup)
            #expect(settings.createdAt == Fixtures.monday)
            #expect(try tx.chatCount() == 1)

            let alice = try #require(try tx.profile(chat: new, user: Fixtures.alice.id))
            #expect(alice.roastCount == 2)
            #expect(alice.firstSeen == Fixtures.monday)
            #expect(alice.lastSeen == later)
            #expect(alice.displayName == "Alice (new)")
            #expect(try tx.profiles(chat: new).count == 2)
            #expect(try tx.recentRoasts(chat: new, user: Fixtures.alice.id, limit: 10).count == 2)
        }
    }
}
