import ChatPlatform
import Foundation
import RoastCore
import Testing

@testable import RoastStore

struct ReactionTests {
    @Test func newReactionReplacesTheOldOneAndNilRemovesIt() throws {
        let database = try Fixtures.seededDatabase()
        try database.write { tx in
            let id = try tx.insertRoast(Fixtures.roast())
            let alice = Fixtures.alice.id
            #expect(try tx.reaction(roast: id, user: alice) == nil)

            try tx.setReaction(roast: id, user: alice, kind: .fire, via: .button, at: Fixtures.monday)
            #expect(try tx.reaction(roast: id, user: alice) == .fire)
            #expect(try tx.reactionCounts(roast: id) == [.fire: 1])

            try tx.setReaction(roast: id, user: alice, kind: .meh, via: .native, at: Fixtures.monday)
            #expect(try tx.reaction(roast: id, user: alice) == .meh)
            #expect(try tx.reactionCounts(roast: id) == [.meh: 1])

            try tx.setReaction(roast: id, user: alice, kind: nil, via: .button, at: Fixtures.monday)
            #expect(try tx.reaction(roast: id, user: alice) == nil)
            #expect(try tx.reactionCounts(roast: id) == [:])
        }
    }

    @Test func countsAddUpAcrossPeopleAndStayPerRoast() throws {
        let database = try Fixtures.seededDatabase()
        let (counts, otherCounts) = try database.write { tx in
            let id = try tx.insertRoast(Fixtures.roast())
            let other = try tx.insertRoast(Fixtures.roast())
            for user in Int64(1)...3 {
                try tx.setReaction(roast: id, user: UserID(user), kind: .hilarious, via: .button, at: Fixtures.monday)
            }
            try tx.setReaction(roast: id, user: UserID(4), kind: .dislike, via: .native, at: Fixtures.monday)
            try tx.setReaction(roast: other, user: UserID(1), kind: .fire, via: .button, at: Fixtures.monday)
            return (try tx.reactionCounts(roast: id), try tx.reactionCounts(roast: other))
        }
        #expect(counts == [.hilarious: 3, .dislike: 1])
        #expect(otherCounts == [.fire: 1])
    }

    @Test func reactionOnAnUnknownRoastIsRefused() throws {
        let database = try Fixtures.seededDatabase()
        #expect(throws: StoreError.self) {
            try database.write { tx in
                try tx.setReaction(roast: RoastID(404), user: Fixtures.alice.id, kind: .fire, via: .button, at: Fixtures.monday)
            }
        }
    }
}
