import CardModel
import ChatPlatform
import Foundation
import RoastCore
import Testing

@testable import RoastStore

/// Stored card photos (one per roast, template and format), people's card choices and active days.
struct CardStoreTests {
    static let later = Fixtures.monday.addingTimeInterval(3_600)

    @Test func aCardPhotoIsKeptPerRoastTemplateAndFormatAndTheFirstStays() throws {
        let database = try Fixtures.seededDatabase()
        try database.write { tx in
            let roast = try tx.insertRoast(Fixtures.roast())
            let post = CardKey(roast: roast, template: .crimson, format: .post)
            let story = CardKey(roast: roast, template: .crimson, format: .story)
            #expect(try tx.cardPhoto(post) == nil)
            try tx.saveCardPhoto(StoredPhotoID("first"), for: post, madeBy: Fixtures.alice.id, at: Fixtures.monday)
            try tx.saveCardPhoto(StoredPhotoID("second"), for: post, madeBy: Fixtures.alice.id, at: Self.later)
            #expect(try tx.cardPhoto(post) == StoredPhotoID("first"))
            #expect(try tx.cardPhoto(story) == nil)
        }
    }

    @Test func aPersonsCardsComeNewestFirstWithTheirRoasts() throws {
        let database = try Fixtures.seededDatabase()
        try database.write { tx in
            let first = try tx.insertRoast(Fixtures.roast(text: "first"))
            let second = try tx.insertRoast(Fixtures.roast(text: "second"))
            try tx.saveCardPhoto(
                StoredPhotoID("a"), for: CardKey(roast: first, template: .paper, format: .post), madeBy: Fixtures.alice.id,
                at: Fixtures.monday)
            try tx.saveCardPhoto(
                StoredPhotoID("b"), for: CardKey(roast: second, template: .ember, format: .story), madeBy: Fixtures.alice.id, at: Self.later
            )
            try tx.saveCardPhoto(
                StoredPhotoID("c"), for: CardKey(roast: second, template: .crimson, format: .post), madeBy: Fixtures.binh.id, at: Self.later
            )
            let cards = try tx.cardPhotos(madeBy: Fixtures.alice.id, limit: 10)
            #expect(cards.map(\.photo) == [StoredPhotoID("b"), StoredPhotoID("a")])
            #expect(cards.map(\.roast.text) == ["second", "first"])
            #expect(cards.first?.key == CardKey(roast: second, template: .ember, format: .story))
            #expect(try tx.cardPhotos(madeBy: Fixtures.alice.id, limit: 1).count == 1)
        }
    }

    @Test func exportAndForgetCoverActiveDaysCardChoicesAndTheCardsAPersonAskedFor() throws {
        let database = try Fixtures.seededDatabase()
        try database.write { (tx: borrowing StoreTransaction) throws in
            _ = try tx.ensureChat(Fixtures.privateChat, defaultLanguage: .en, at: Fixtures.monday)
            try tx.touchProfile(chat: Fixtures.privateChat.id, person: Fixtures.alice, at: Fixtures.monday)
            try tx.touchProfile(chat: Fixtures.group.id, person: Fixtures.binh, at: Fixtures.monday)
            let mine = try tx.insertRoast(Fixtures.roast())
            let binhs = try tx.insertRoast(Fixtures.roast(requester: Fixtures.binh.id))
            let elsewhere = try tx.insertRoast(Fixtures.roast(chat: Fixtures.privateChat.id))
            let ofMine = CardKey(roast: mine, template: .crimson, format: .post)
            let madeByMe = CardKey(roast: binhs, template: .paper, format: .post)
            let madeByBinh = CardKey(roast: binhs, template: .crimson, format: .post)
            let myOtherChat = CardKey(roast: elsewhere, template: .crimson, format: .post)
            try tx.saveCardPhoto(StoredPhotoID("1"), for: ofMine, madeBy: Fixtures.binh.id, at: Fixtures.monday)
            try tx.saveCardPhoto(StoredPhotoID("2"), for: madeByMe, madeBy: Fixtures.alice.id, at: Fixtures.monday)
            try tx.saveCardPhoto(StoredPhotoID("3"), for: madeByBinh, madeBy: Fixtures.binh.id, at: Fixtures.monday)
            try tx.saveCardPhoto(StoredPhotoID("4"), for: myOtherChat, madeBy: Fixtures.alice.id, at: Fixtures.monday)
            try tx.saveCardChoice(CardChoice(template: .midnight, format: .story), chat: Fixtures.group.id, user: Fixtures.alice.id)
            try tx.recordActiveDay(LocalDate(year: 2025, month: 6, day: 16), chat: Fixtures.group.id, user: Fixtures.alice.id)

            let export = try tx.exportUser(Fixtures.alice.id, in: Fixtures.group.id)
            #expect(export.activeDays == ["2025-06-16"])
            #expect(export.cardChoice == CardChoice(template: .midnight, format: .story))
            #expect(export.cards.map(\.roastID) == [binhs.rawValue])

            try tx.forgetUser(Fixtures.alice.id, in: Fixtures.group.id)
            let forgotten = try tx.exportUser(Fixtures.alice.id, in: Fixtures.group.id)
            #expect(forgotten.activeDays.isEmpty && forgotten.cardChoice == nil && forgotten.cards.isEmpty)

            #expect(try tx.cardPhoto(ofMine) == nil)
            #expect(try tx.cardPhoto(madeByMe) == nil)
            #expect(try tx.cardPhoto(madeByBinh) == StoredPhotoID("3"))
            #expect(try tx.cardPhoto(myOtherChat) == StoredPhotoID("4"))
            #expect(try tx.cardChoice(chat: Fixtures.group.id, user: Fixtures.alice.id) == nil)
            #expect(
                try tx.activeDays(chat: Fixtures.group.id, user: Fixtures.alice.id, from: LocalDate(year: 2025, month: 1, day: 1)).isEmpty)
        }
    }

    @Test func aPersonsCardChoiceIsKeptPerChat() throws {
        let database = try Fixtures.seededDatabase()
        try database.write { tx in
            #expect(try tx.cardChoice(chat: Fixtures.group.id, user: Fixtures.alice.id) == nil)
            try tx.saveCardChoice(CardChoice(template: .sunset, format: .story), chat: Fixtures.group.id, user: Fixtures.alice.id)
            try tx.saveCardChoice(CardChoice(template: .paper, format: .story), chat: Fixtures.group.id, user: Fixtures.alice.id)
            #expect(try tx.cardChoice(chat: Fixtures.group.id, user: Fixtures.alice.id) == CardChoice(template: .paper, format: .story))
        }
    }

    @Test func activeDaysAreRecordedOnceAndReadInOrderFromADay() throws {
        let database = try Fixtures.seededDatabase()
        let days = [
            LocalDate(year: 2025, month: 6, day: 18), LocalDate(year: 2025, month: 1, day: 2), LocalDate(year: 2025, month: 6, day: 16),
        ]
        try database.write { tx in
            for day in days + days { try tx.recordActiveDay(day, chat: Fixtures.group.id, user: Fixtures.alice.id) }
            #expect(
                try tx.activeDays(chat: Fixtures.group.id, user: Fixtures.alice.id, from: LocalDate(year: 2025, month: 6, day: 1))
                    == [days[2], days[0]])
            #expect(try tx.activeDays(chat: Fixtures.group.id, user: Fixtures.binh.id, from: days[1]).isEmpty)
        }
    }

    @Test func activeDaysAndCardChoicesFollowTheChatToItsNewID() throws {
        let database = try Fixtures.seededDatabase()
        let new = MigrateChatTests.supergroup.id
        let day = LocalDate(year: 2025, month: 6, day: 16)
        try database.write { tx in
            try tx.recordActiveDay(day, chat: Fixtures.group.id, user: Fixtures.alice.id)
            try tx.saveCardChoice(CardChoice(template: .midnight, format: .story), chat: Fixtures.group.id, user: Fixtures.alice.id)
            try tx.migrateChat(from: Fixtures.group.id, to: new)
            #expect(try tx.activeDays(chat: new, user: Fixtures.alice.id, from: day) == [day])
            #expect(try tx.cardChoice(chat: new, user: Fixtures.alice.id) == CardChoice(template: .midnight, format: .story))
        }
    }

    @Test func completingAPictureRowStoresItsCardPhotoInTheSameWrite() throws {
        let database = try Fixtures.seededDatabase()
        try database.write { tx in
            let roast = try tx.insertRoast(Fixtures.roast())
            let key = CardKey(roast: roast, template: .crimson, format: .post)
            let id = try tx.enqueue(.send(OutgoingMessage(text: "x")), chat: Fixtures.group.id, anchor: nil, at: Fixtures.monday)
            try tx.completeOutbox(id, message: MessageID(9), cardPhoto: (key, StoredPhotoID("file"), Fixtures.alice.id), at: Self.later)
            #expect(try tx.cardPhoto(key) == StoredPhotoID("file"))
            #expect(try tx.pendingOutboxCount() == 0)
        }
    }
}
