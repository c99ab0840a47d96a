import ChatPlatform
import Foundation
import Testing

@testable import RoastStore

struct FavoriteTests {
    @Test func favoritesToggleAndListNewestStarredFirstWithPaging() throws {
        let database = try Fixtures.seededDatabase()
        try database.write { tx in
            let ids = try (0..<4).map { _ in try tx.insertRoast(Fixtures.roast()) }
            for (index, id) in ids.enumerated() {
                try tx.setFavorite(roast: id, user: Fixtures.alice.id, true, at: Fixtures.monday.addingTimeInterval(Double(index)))
            }
            try tx.setFavorite(roast: ids[1], user: Fixtures.alice.id, false, at: Fixtures.monday)
            #expect(try tx.isFavorite(roast: ids[1], user: Fixtures.alice.id) == false)
            #expect(try tx.isFavorite(roast: ids[2], user: Fixtures.alice.id))
            #expect(try tx.isFavorite(roast: ids[2], user: Fixtures.binh.id) == false)

            let firstPage = try tx.favorites(chat: Fixtures.group.id, user: Fixtures.alice.id, limit: 2, offset: 0)
            let secondPage = try tx.favorites(chat: Fixtures.group.id, user: Fixtures.alice.id, limit: 2, offset: 2)
            #expect(firstPage.map(\.id) == [ids[3], ids[2]])
            #expect(secondPage.map(\.id) == [ids[0]])
            #expect(try tx.favorites(chat: ChatID(-7), user: Fixtures.alice.id, limit: 10, offset: 0).isEmpty)
        }
    }
}
