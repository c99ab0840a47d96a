import RoastCore
import Testing

@testable import RoastStore

/// The days a freeze bridged: kept apart from active days, forgotten with the person, moved with the chat.
struct FrozenDayStoreTests {
    static let frozen = LocalDate(year: 2025, month: 6, day: 15)
    static let active = LocalDate(year: 2025, month: 6, day: 16)

    @Test func frozenDaysAreReadApartFromActiveDays() throws {
        let database = try Fixtures.seededDatabase()
        try database.write { tx in
            try tx.recordActiveDay(Self.active, chat: Fixtures.group.id, user: Fixtures.alice.id)
            try tx.recordFrozenDay(Self.frozen, chat: Fixtures.group.id, user: Fixtures.alice.id)
            try tx.recordFrozenDay(Self.frozen, chat: Fixtures.group.id, user: Fixtures.alice.id)
            let from = LocalDate(year: 2025, month: 6, day: 1)
            #expect(try tx.activeDays(chat: Fixtures.group.id, user: Fixtures.alice.id, from: from) == [Self.active])
            #expect(try tx.frozenDays(chat: Fixtures.group.id, user: Fixtures.alice.id, from: from) == [Self.frozen])
            #expect(try tx.exportUser(Fixtures.alice.id, in: Fixtures.group.id).activeDays == [Self.active.iso])
        }
    }

    @Test func frozenDaysAreForgottenWithThePersonAndFollowTheChat() throws {
        let database = try Fixtures.seededDatabase()
        let new = MigrateChatTests.supergroup.id
        try database.write { tx in
            try tx.recordFrozenDay(Self.frozen, chat: Fixtures.group.id, user: Fixtures.alice.id)
            try tx.migrateChat(from: Fixtures.group.id, to: new)
            #expect(try tx.frozenDays(chat: new, user: Fixtures.alice.id, from: Self.frozen) == [Self.frozen])
            try tx.forgetUser(Fixtures.alice.id, in: new)
            #expect(try tx.frozenDays(chat: new, user: Fixtures.alice.id, from: Self.frozen).isEmpty)
        }
    }
}
