import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import Testing

/// What the reminders switch really does, said where people look: each person opts in with
/// `/remind on`; with the chat's switch off nobody is reminded there, and `/remind on` and `/streak` say so.
struct ReminderSettingTests {
    static let privateChat = ChatRef(id: ChatID(BotFixture.alice.id.rawValue), kind: .privateChat)

    func texts(_ bot: BotFixture) -> [String] { bot.platform.sentMessages.map { $0.content.text.plainText } }

    @Test func withTheChatsRemindersOffRemindOnAndStreakSaySo() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let words = Phrasebook(.en)
        await bot.run(bot.command("/settings reminders off", in: Self.privateChat))
        await bot.run(bot.command("/remind on", in: Self.privateChat))
        #expect(try #require(texts(bot).last).contains(words.remindersOffInChat))
        await bot.run(bot.command("/streak", in: Self.privateChat))
        #expect(try #require(texts(bot).last).contains(words.remindersOffInChat))
        await bot.run(bot.command("/settings reminders on", in: Self.privateChat))
        await bot.run(bot.command("/streak", in: Self.privateChat))
        #expect(!(try #require(texts(bot).last).contains(words.remindersOffInChat)))
        await bot.run(bot.command("/settings", in: Self.privateChat))
        #expect(texts(bot).contains { $0.contains(words.labelReminders + ": " + words.remindersSetting(true)) })
    }
}
