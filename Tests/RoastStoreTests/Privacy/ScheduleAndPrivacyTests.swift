import ChatPlatform
import Foundation
import RoastCore
import Testing

@testable import RoastStore

private let day = LocalDate(year: 2026, month: 2, day: 10)

struct ScheduleAndPrivacyTests {

    @Test func aScheduledPostIsClaimedOncePerChatDayAndKind() throws {
        let database = try Fixtures.seededDatabase()
        try database.write { (tx: borrowing StoreTransaction) throws in
            let chat = Fixtures.group.id
            #expect(try tx.claimScheduledPost(chat: chat, on: day, kind: .daily, outcome: .posted, at: Fixtures.monday))
            #expect(try !tx.claimScheduledPost(chat: chat, on: day, kind: .daily, outcome: .skipped, at: Fixtures.monday))
            #expect(try tx.claimScheduledPost(chat: chat, on: day, kind: .reminder, outcome: .nothing, at: Fixtures.monday))
            #expect(try tx.claimScheduledPost(chat: chat, on: day.adding(days: 1), kind: .daily, outcome: .posted, at: Fixtures.monday))
            #expect(try tx.isScheduledPostClaimed(chat: chat, on: day, kind: .daily))
            #expect(try !tx.isScheduledPostClaimed(chat: ChatID(5), on: day, kind: .daily))
            #expect(try tx.claimedDates(chat: chat, kind: .daily, since: day) == [day, day.adding(days: 1)])
            #expect(try tx.scheduledPostClaims(chat: chat).first?.outcome == .posted)
        }
    }

    @Test func claimsFollowAMigratedChatWithoutDuplicatingADay() throws {
        let database = try Fixtures.seededDatabase()
        let supergroup = ChatRef(id: ChatID(-100_1001), kind: .supergroup, title: "Dev team")
        try database.write { (tx: borrowing StoreTransaction) throws in
            _ = try tx.claimScheduledPost(chat: Fixtures.group.id, on: day, kind: .daily, outcome: .posted, at: Fixtures.monday)
            _ = try tx.claimScheduledPost(
                chat: Fixtures.group.id, on: day.adding(days: -1), kind: .daily, outcome: .posted, at: Fixtures.monday)
            _ = try tx.ensureChat(supergroup, defaultLanguage: .vi, at: Fixtures.monday)
            _ = try tx.claimScheduledPost(chat: supergroup.id, on: day, kind: .daily, outcome: .posted, at: Fixtures.monday)
            try tx.migrateChat(from: Fixtures.group.id, to: supergroup.id)
            #expect(try tx.scheduledPostClaims(chat: supergroup.id).count == 2)
            #expect(try tx.scheduledPostClaims(chat: Fixtures.group.id).isEmpty)
        }
    }

    @Test func forgettingAUserRemovesTheirDataInThatChatOnly() throws {
        let database = try Fixtures.seededDatabase()
        try database.write { (tx: borrowing StoreTransaction) throws in
            _ = try tx.ensureChat(Fixtures.privateChat, defaultLanguage: .en, at: Fixtures.monday)
            try tx.touchProfile(chat: Fixtures.privateChat.id, person: Fixtures.alice, at: Fixtures.monday)
            try tx.touchProfile(chat: Fixtures.group.id, person: Fixtures.binh, at: Fixtures.monday)
            let mine = try tx.insertRoast(Fixtures.roast())
            let binhs = try tx.insertRoast(Fixtures.roast(requester: Fixtures.binh.id))
            let elsewhere = try tx.insertRoast(Fixtures.roast(chat: Fixtures.privateChat.id))
            try tx.setReaction(roast: binhs, user: Fixtures.alice.id, kind: .fire, via: .button, at: Fixtures.monday)
            try tx.setReaction(roast: mine, user: Fixtures.binh.id, kind: .hilarious, via: .button, at: Fixtures.monday)
            try tx.setFavorite(roast: binhs, user: Fixtures.alice.id, true, at: Fixtures.monday)

            let before = try tx.exportUser(Fixtures.alice.id, in: Fixtures.group.id)
            #expect(before.roasts.map(\.id) == [mine.rawValue])
            #expect(before.reactions.map(\.roastID) == [binhs.rawValue])
            #expect(before.favorites == [binhs.rawValue])

            try tx.forgetUser(Fixtures.alice.id, in: Fixtures.group.id)
            let after = try tx.exportUser(Fixtures.alice.id, in: Fixtures.group.id)
            #expect(after.profile == nil && after.roasts.isEmpty && after.reactions.isEmpty && after.favorites.isEmpty)
            #expect(try tx.roast(binhs) != nil)  // Bình's roast stays, without Alice's reaction
            #expect(try tx.reaction(roast: binhs, user: Fixtures.alice.id) == nil)
            #expect(try tx.roast(elsewhere) != nil)
            #expect(try tx.profile(chat: Fixtures.privateChat.id, user: Fixtures.alice.id) != nil)
        }
    }

    /// A person's private chat is found by the person, whatever the platform numbers it by (a Discord
    /// DM channel has an id of its own; here 42 for Alice, who is 1), and forgetting oneself there
    /// deletes it.
    @Test func aPrivateChatIsFoundByItsPersonWhateverItsID() throws {
        let database = try Fixtures.seededDatabase()
        try database.write { (tx: borrowing StoreTransaction) throws in
            #expect(try !tx.reachesPrivately(Fixtures.alice.id))
            _ = try tx.ensureChat(Fixtures.privateChat, defaultLanguage: .en, at: Fixtures.monday)
            try tx.touchProfile(chat: Fixtures.privateChat.id, person: Fixtures.alice, at: Fixtures.monday)
            #expect(try tx.reachesPrivately(Fixtures.alice.id))
            #expect(try !tx.reachesPrivately(Fixtures.binh.id))
            try tx.setChatActive(Fixtures.privateChat.id, false, at: Fixtures.monday)
            #expect(try !tx.reachesPrivately(Fixtures.alice.id))
            try tx.setChatActive(Fixtures.privateChat.id, true, at: Fixtures.monday)

            try tx.forgetUser(Fixtures.alice.id, in: Fixtures.privateChat.id)
            #expect(try tx.chat(Fixtures.privateChat.id) == nil)
            #expect(try tx.chat(Fixtures.group.id) != nil)
            #expect(try !tx.reachesPrivately(Fixtures.alice.id))
        }
    }

    @Test func sharesAreCountedPerUser() throws {
        let database = try Fixtures.seededDatabase()
        try database.write { (tx: borrowing StoreTransaction) throws in
            for _ in 0..<3 {
                try tx.recordShare(user: Fixtures.alice.id, chat: nil, roast: nil, libraryID: "deadlines-001", on: day, at: Fixtures.monday)
            }
            #expect(try tx.shareCount(user: Fixtures.alice.id) == 3)
            #expect(try tx.shareCount(user: Fixtures.binh.id) == 0)
        }
    }
}

extension ScheduleAndPrivacyTests {
    @Test func oldClaimsArePrunedAndRecentOnesKept() throws {
        let database = try Fixtures.seededDatabase()
        try database.write { (tx: borrowing StoreTransaction) throws in
            for offset in 0..<5 {
                _ = try tx.claimScheduledPost(
                    chat: Fixtures.group.id, on: day.adding(days: -offset), kind: .daily, outcome: .posted, at: Fixtures.monday)
            }
            #expect(try tx.pruneScheduledPostClaims(before: day.adding(days: -2)) == 2)
            #expect(try tx.claimedDates(chat: Fixtures.group.id, kind: .daily, since: day.adding(days: -10)).count == 3)
        }
    }
}
