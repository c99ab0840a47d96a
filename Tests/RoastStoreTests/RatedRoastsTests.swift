import ChatPlatform
import Foundation
import RoastCore
import Testing
@testable import RoastStore

/// The input of reaction feedback: reacted roasts among the chat's latest ones, newest first.
struct RatedRoastsTests {
    @Test func onlyReactedRoastsAmongTheLatestComeBackNewestFirstWithTheirCounts() throws {
        let database = try Fixtures.seededDatabase()
        let other = ChatRef(id: ChatID(-2002), kind: .group)
        try database.write { tx in
            _ = try tx.ensureChat(other, defaultLanguage: .en, at: Fixtures.monday)
            try tx.touchProfile(chat: other.id, person: Fixtures.alice, at: Fixtures.monday)
            try tx.touchProfile(chat: Fixtures.group.id, person: Fixtures.binh, at: Fixtures.monday)
            let old = try tx.insertRoast(Fixtures.roast(libraryID: "old"))
            _ = try tx.insertRoast(Fixtures.roast(libraryID: "quiet"))
            let elsewhere = try tx.insertRoast(Fixtures.roast(chat: other.id, libraryID: "elsewhere"))
            let new = try tx.insertRoast(Fixtures.roast(libraryID: "new"))
            for roast in [old, elsewhere, new] {
                try tx.setReaction(roast: roast, user: Fixtures.alice.id, kind: .fire, via: .button, at: Fixtures.monday)
            }
            try tx.setReaction(roast: new, user: Fixtures.binh.id, kind: .dislike, via: .native, at: Fixtures.monday)
        }
        let all = try database.read { try $0.ratedRoasts(chat: Fixtures.group.id, limit: 10) }
        #expect(all.map(\.libraryID) == ["new", "old"])
        #expect(all.first?.counts == [.fire: 1, .dislike: 1])
        // The window is the chat's latest roasts, reacted or not: "old" is the third latest.
        let latestTwo = try database.read { try $0.ratedRoasts(chat: Fixtures.group.id, limit: 2) }
        #expect(latestTwo.map(\.libraryID) == ["new"])
    }
}
