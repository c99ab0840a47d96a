import ChatPlatform
import Foundation
import RoastCore
import Testing

@testable import RoastStore

@Suite struct CollectionStoreTests {
    @Test func aSeasonalBannerCanBeClaimedOncePerChatAndSeason() throws {
        let database = try Fixtures.seededDatabase()
        try database.write { (tx) throws in
            #expect(try tx.claimSeasonalBanner(chat: Fixtures.group.id, event: "tet", seasonYear: 2026, at: Fixtures.monday))
            #expect(try !tx.claimSeasonalBanner(chat: Fixtures.group.id, event: "tet", seasonYear: 2026, at: Fixtures.monday))
            #expect(try tx.claimSeasonalBanner(chat: Fixtures.group.id, event: "tet", seasonYear: 2027, at: Fixtures.monday))
            #expect(try tx.claimSeasonalBanner(chat: Fixtures.group.id, event: "mid_autumn", seasonYear: 2026, at: Fixtures.monday))
            #expect(try tx.hasSeasonalBanner(chat: Fixtures.group.id, event: "tet", seasonYear: 2026))
            #expect(try !tx.hasSeasonalBanner(chat: Fixtures.privateChat.id, event: "tet", seasonYear: 2026))
        }
    }

    @Test func aPickIsPerPersonAndCanBeCleared() throws {
        let database = try Fixtures.seededDatabase()
        try database.write { (tx) throws in
            try tx.chooseCollection("tet", chat: Fixtures.group.id, user: Fixtures.alice.id, at: Fixtures.monday)
            try tx.chooseCollection("tech_life", chat: Fixtures.group.id, user: Fixtures.alice.id, at: Fixtures.monday)
            #expect(try tx.chosenCollection(chat: Fixtures.group.id, user: Fixtures.alice.id) == "tech_life")
            #expect(try tx.chosenCollection(chat: Fixtures.group.id, user: Fixtures.binh.id) == nil)
            try tx.forgetCollectionChoice(chat: Fixtures.group.id, user: Fixtures.alice.id)
            #expect(try tx.chosenCollection(chat: Fixtures.group.id, user: Fixtures.alice.id) == nil)
        }
    }

    @Test func servedCollectionRoastsAreGroupedByCollection() throws {
        let database = try Fixtures.seededDatabase()
        try database.write { (tx) throws in
            var roast = Fixtures.roast(libraryID: "tet.en.001")
            roast.collection = "tet"
            try tx.insertRoast(roast)
            roast.libraryID = "tet.en.002"
            try tx.insertRoast(roast)
            try tx.insertRoast(roast)
            try tx.insertRoast(Fixtures.roast(libraryID: "en.deadlines.001"))
            #expect(
                try tx.collectionRoastsServed(chat: Fixtures.group.id, user: Fixtures.alice.id) == ["tet": ["tet.en.001", "tet.en.002"]])
        }
    }

    @Test func migratingAChatMovesPicksAndBannerClaims() throws {
        let database = try Fixtures.seededDatabase()
        let supergroup = ChatRef(id: ChatID(-100_1001), kind: .supergroup, title: "Dev team")
        try database.write { (tx) throws in
            try tx.chooseCollection("tet", chat: Fixtures.group.id, user: Fixtures.alice.id, at: Fixtures.monday)
            _ = try tx.claimSeasonalBanner(chat: Fixtures.group.id, event: "tet", seasonYear: 2026, at: Fixtures.monday)
            try tx.migrateChat(from: Fixtures.group.id, to: supergroup.id)
            #expect(try tx.chosenCollection(chat: supergroup.id, user: Fixtures.alice.id) == "tet")
            #expect(try tx.chosenCollection(chat: Fixtures.group.id, user: Fixtures.alice.id) == nil)
            #expect(try tx.hasSeasonalBanner(chat: supergroup.id, event: "tet", seasonYear: 2026))
            #expect(try !tx.hasSeasonalBanner(chat: Fixtures.group.id, event: "tet", seasonYear: 2026))
        }
    }
}
