import ChatPlatform
import Foundation
import RoastCore
import Testing

@testable import RoastStore

struct ChatTests {
    @Test func newGroupGetsDefaultsWithDailyRoastOn() throws {
        let database = try RoastDatabase(path: ":memory:")
        let settings = try database.write { tx in try tx.ensureChat(Fixtures.group, defaultLanguage: .vi, at: Fixtures.monday) }
        #expect(settings.language == .vi)
        #expect(settings.timeZone == "Asia/Ho_Chi_Minh")
        #expect(settings.maxSpice == SpiceLevel(clamping: 3))
        #expect(settings.dailyEnabled)
        #expect(settings.dailyTime == "09:00")
        #expect(settings.weekdaysOnly == false)
        #expect(settings.remindersEnabled && settings.bannersEnabled && settings.aiEnabled && settings.isActive)
        #expect(settings.createdAt == Fixtures.monday)
        #expect(try database.read { tx in try tx.chat(Fixtures.group.id) } == settings)
    }

    /// Where the bot was last asked something in a chat is kept with it, and follows it when it migrates.
    @Test func theLastTopicIsKeptAndFollowsAMigration() throws {
        let database = try RoastDatabase(path: ":memory:")
        let moved = ChatID(-100_1001)
        let (kept, after) = try database.write { tx in
            _ = try tx.ensureChat(Fixtures.group, defaultLanguage: .vi, at: Fixtures.monday)
            try tx.setLastTopic(TopicID(12), of: Fixtures.group.id)
            let kept = try tx.chat(Fixtures.group.id)?.lastTopic
            try tx.migrateChat(from: Fixtures.group.id, to: moved)
            return (kept, try tx.chat(moved)?.lastTopic)
        }
        #expect(kept == TopicID(12))
        #expect(after == TopicID(12))
    }

    @Test func newPrivateChatHasDailyRoastOff() throws {
        let database = try RoastDatabase(path: ":memory:")
        let settings = try database.write { tx in
            try tx.ensureChat(Fixtures.privateChat, defaultLanguage: .en, at: Fixtures.monday)
        }
        #expect(settings.dailyEnabled == false)
    }

    /// In a private chat the person decides for themselves: every spice level, so every badge and
    /// the whole Premium pool are within reach. Groups keep the milder default.
    @Test func newPrivateChatAllowsEverySpiceLevelAndGroupsStayAtThree() throws {
        let database = try RoastDatabase(path: ":memory:")
        let (personal, group) = try database.write { tx in
            (
                try tx.ensureChat(Fixtures.privateChat, defaultLanguage: .en, at: Fixtures.monday),
                try tx.ensureChat(Fixtures.group, defaultLanguage: .vi, at: Fixtures.monday)
            )
        }
        #expect(personal.maxSpice == .hottest)
        #expect(group.maxSpice == SpiceLevel(clamping: 3))
        #expect(ChatSettings.defaultMaxSpice(for: .supergroup) == SpiceLevel(clamping: 3))
    }

    /// A chat created before the defaults changed keeps the cap it has stored.
    @Test func anExistingPrivateChatKeepsItsStoredCap() throws {
        let database = try RoastDatabase(path: ":memory:")
        let settings = try database.write { tx in
            var stored = try tx.ensureChat(Fixtures.privateChat, defaultLanguage: .en, at: Fixtures.monday)
            stored.maxSpice = SpiceLevel(clamping: 3)
            try tx.saveChat(stored)
            return try tx.ensureChat(Fixtures.privateChat, defaultLanguage: .en, at: Fixtures.monday.addingTimeInterval(60))
        }
        #expect(settings.maxSpice == SpiceLevel(clamping: 3))
    }

    @Test func knownChatKeepsSettingsButRefreshesKindAndTitle() throws {
        let database = try RoastDatabase(path: ":memory:")
        let later = Fixtures.monday.addingTimeInterval(3600)
        let settings = try database.write { tx in
            var chosen = try tx.ensureChat(Fixtures.group, defaultLanguage: .vi, at: Fixtures.monday)
            chosen.language = .en
            chosen.maxSpice = .hottest
            try tx.saveChat(chosen)
            return try tx.ensureChat(
                ChatRef(id: Fixtures.group.id, kind: .supergroup, title: "Dev team 2"), defaultLanguage: .vi, at: later)
        }
        #expect(settings.language == .en)
        #expect(settings.maxSpice == .hottest)
        #expect(settings.kind == .supergroup)
        #expect(settings.title == "Dev team 2")
        #expect(settings.createdAt == Fixtures.monday)
        #expect(try database.read { tx in try tx.chat(Fixtures.group.id) } == settings)
    }

    @Test func savedSettingsRoundTripEveryField() throws {
        let database = try RoastDatabase(path: ":memory:")
        let settings = ChatSettings(
            chatID: ChatID(-5), kind: .supergroup, title: nil, language: .en, timeZone: "Europe/Berlin",
            maxSpice: .mildest, dailyEnabled: false, dailyTime: "17:45", weekdaysOnly: true, dailyCategories: [.meetings, .codeReviews],
            remindersEnabled: false,
            bannersEnabled: false, aiEnabled: false, isActive: false, createdAt: Fixtures.monday)
        try database.write { tx in try tx.saveChat(settings) }
        #expect(try database.read { tx in try tx.chat(ChatID(-5)) } == settings)
    }

    @Test func inactiveChatsAreLeftOutOfActiveChats() throws {
        let database = try RoastDatabase(path: ":memory:")
        let active = try database.write { tx in
            _ = try tx.ensureChat(Fixtures.group, defaultLanguage: .vi, at: Fixtures.monday)
            _ = try tx.ensureChat(Fixtures.privateChat, defaultLanguage: .en, at: Fixtures.monday)
            try tx.setChatActive(Fixtures.group.id, false, at: Fixtures.monday)
            return try tx.activeChats().map(\.chatID)
        }
        #expect(active == [Fixtures.privateChat.id])
        #expect(try database.read { tx in try tx.chatCount() } == 2)
    }
}
