import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastStore
import RoastTesting
import Testing

/// What an `/export` file says, and how a pending one reaches its person.
struct ExportDocumentTests {
    static let bobPrivately = PrivacyFeatureTests.bobPrivately
    static let admins = FixedAdministration(admins: [BotFixture.alice.id])

    static func documents(_ bot: BotFixture) -> [(chat: ChatID, document: OutgoingDocument)] {
        bot.platform.deliveries.compactMap { delivery in
            if case .document(let chat, _, let document) = delivery { return (chat, document) }
            return nil
        }
    }

    static func text(_ document: OutgoingDocument) -> String { String(decoding: document.contents, as: UTF8.self) }

    /// Every day in an export is an ISO date (`"2026-09-21"`), the way the badges' and moods' days
    /// already were; no day is an object of year, month and day.
    @Test func everyDayInAnExportIsAnISODate() async throws {
        var bot = try BotFixture(administration: Self.admins)
        defer { bot.cleanUp() }
        await bot.run(bot.command("/start", from: BotFixture.bob, in: Self.bobPrivately))
        await bot.run(bot.command("/roast", from: BotFixture.bob))
        await bot.run(bot.command("/export", from: BotFixture.bob))
        let mine = try #require(Self.documents(bot).last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(mine.document.contents)) as? [String: Any])
        let streak = try #require(object["streak"] as? [String: Any])
        let today = bot.localToday.iso
        #expect(streak["lastActive"] as? String == today, "\(Self.text(mine.document))")
        #expect(!Self.text(mine.document).contains("\"day\""))

        // A chat's export: its scheduled posts (tomorrow's Roast of the Day at 09:05, decided by the
        // scheduler; the fixture's clock is at 21:13 in Vietnam) are dated the same way.
        #expect(bot.runtime.scheduler.runPass(now: bot.clock.now.addingTimeInterval(42_700)).queued == 1)
        let tomorrow = bot.localToday.adding(days: 1).iso
        await bot.run(bot.command("/start", from: BotFixture.alice, in: PrivacyFeatureTests.alicePrivately))
        await bot.run(bot.command("/export chat", from: BotFixture.alice))
        let chat = try #require(Self.documents(bot).last { $0.chat == PrivacyFeatureTests.alicePrivately.id })
        let posts = try #require(
            (try JSONSerialization.jsonObject(with: Data(chat.document.contents)) as? [String: Any])?["scheduledPosts"] as? [[String: Any]])
        #expect(posts.first?["localDate"] as? String == tomorrow, "\(Self.text(chat.document))")
        #expect(!Self.text(chat.document).contains("\"day\""))
    }

    /// The chat's export says AI is on only when the operator configured a provider (the settings
    /// panel says "not configured" then; the export said enabled).
    @Test func aChatExportSaysAIIsOffWithoutAProvider() async throws {
        var bot = try BotFixture(administration: Self.admins)
        defer { bot.cleanUp() }
        await bot.run(bot.command("/start", from: BotFixture.alice, in: PrivacyFeatureTests.alicePrivately))
        await bot.run(bot.command("/export chat", from: BotFixture.alice))
        let chat = try #require(Self.documents(bot).last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(chat.document.contents)) as? [String: Any])
        let settings = try #require(object["settings"] as? [String: Any])
        #expect(settings["aiEnabled"] as? Bool == false, "\(Self.text(chat.document))")
        #expect(object["aiConfigured"] as? Bool == false)
    }

    /// Asked in a group by someone who never opened the private chat, the export waits; opening that
    /// chat with a plain /start (not through the button's link) delivers it.
    @Test func aPendingGroupExportIsDeliveredByAPlainStartInPrivate() async throws {
        var bot = try BotFixture(administration: Self.admins)
        defer { bot.cleanUp() }
        await bot.run(bot.command("/roast", from: BotFixture.bob))
        await bot.run(bot.command("/export", from: BotFixture.bob))
        #expect(Self.documents(bot).isEmpty)
        await bot.run(bot.command("/start", from: BotFixture.bob, in: Self.bobPrivately))
        let delivered = try #require(Self.documents(bot).first)
        #expect(delivered.chat == Self.bobPrivately.id)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(delivered.document.contents)) as? [String: Any])
        #expect(object["chatID"] as? Int == Int(BotFixture.group.id.rawValue))
        // Once: a second /start, or the button's link, brings no second file.
        await bot.run(bot.command("/start", from: BotFixture.bob, in: Self.bobPrivately))
        #expect(Self.documents(bot).count == 1)
    }
}
