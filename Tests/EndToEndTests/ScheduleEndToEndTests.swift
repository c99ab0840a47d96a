import ChatPlatform
import Foundation
import RoastCore
import RoastStore
import RoastTesting
import Testing

/// Roast of the Day, settings and broadcasts through the real `roastbot` process and the fake Bot
/// API, with the bot's clock simulated (`ROASTBOT_CLOCK_START`/`ROASTBOT_CLOCK_RATE`).
@Suite(.serialized)
struct ScheduleEndToEndTests {
    static let alice = FakeUser(id: 601, firstName: "Alice", username: "alice", languageCode: "en")
    static let bao = FakeUser(id: 602, firstName: "Bảo", username: "bao", languageCode: "vi")

    /// Creates the chats in the bot's database before it starts (as if they had joined long ago),
    /// and makes them known to the fake.
    static func seed(_ bot: BotProcess, _ fake: FakeBotAPI, chats: [(FakeChat, String, Bool)], dailyTimes: [Int64: String] = [:]) throws {
        let database = try RoastDatabase(path: bot.databasePath)
        defer { database.close() }
        let joined = ISO8601DateFormatter().date(from: "2026-03-01T00:00:00Z")!
        try database.write { tx in
            for (chat, timeZone, weekdaysOnly) in chats {
                var settings = ChatSettings(
                    chatID: ChatID(chat.id), kind: .supergroup, title: chat.title, language: .vi, timeZone: timeZone, createdAt: joined)
                settings.weekdaysOnly = weekdaysOnly
                if let time = dailyTimes[chat.id] { settings.dailyTime = time }
                try tx.saveChat(settings)
            }
        }
        for (chat, _, _) in chats { fake.registerChat(chat) }
    }

    static func dailyPosts(_ fake: FakeBotAPI, _ chat: FakeChat) -> [FakeSentMessage] {
        fake.sentMessages(chat: chat.id).filter { $0.text.contains("Roast của ngày") }
    }

    @Test func chatsInSeveralTimezonesGetExactlyOneDailyPostAcrossARestart() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        // Sunday 2026-03-08. Saigon posts at 15:00 local and Berlin at 09:00 local: both 08:00Z.
        // New York posts at 05:30 local on its first day of daylight time: 09:30Z. A weekdays-only
        // chat in Pago Pago (UTC−11) has its next weekday post on Monday 20:00Z, far beyond this
        // test. The clock runs at 600× (ten bot minutes per second), so that a slow start-up on a
        // busy machine still lands well inside the three-hour late window.
        let saigon = FakeChat(id: -100_601, type: .supergroup, title: "Saigon")
        let berlin = FakeChat(id: -100_602, type: .supergroup, title: "Berlin")
        let newYork = FakeChat(id: -100_603, type: .supergroup, title: "New York")
        let weekdays = FakeChat(id: -100_604, type: .supergroup, title: "Weekdays")
        let tokyo = FakeChat(id: -100_605, type: .supergroup, title: "Tokyo")
        // First run from 07:58Z: Saigon and Berlin post.
        let first = try BotProcess(
            fake: fake, extraEnvironment: ["ROASTBOT_CLOCK_START": "2026-03-08T07:58:00Z", "ROASTBOT_CLOCK_RATE": "600"])
        defer { first.cleanUp() }
        try Self.seed(
            first, fake,
            chats: [
                (saigon, "Asia/Ho_Chi_Minh", false), (berlin, "Europe/Berlin", false), (newYork, "America/New_York", false),
                (weekdays, "Pacific/Pago_Pago", true), (tokyo, "Asia/Tokyo", false),
            ],
            dailyTimes: [saigon.id: "15:00", newYork.id: "05:30"])
        try first.start()
        #expect(
            await fake.waitFor(timeout: .seconds(30)) { !Self.dailyPosts(fake, saigon).isEmpty && !Self.dailyPosts(fake, berlin).isEmpty })
        first.signal(SIGTERM)
        #expect(await first.waitForExit(timeout: 30) == 0)

        // Restarted at 09:20Z: Saigon's and Berlin's posts are 80 minutes "late", inside the window —
        // only their claims keep them from going out again. New York's comes ten bot minutes later
        // (or came already, if the first run was slow: either way exactly once).
        let second = try BotProcess(
            fake: fake, directory: first.directory,
            extraEnvironment: ["ROASTBOT_CLOCK_START": "2026-03-08T09:20:00Z", "ROASTBOT_CLOCK_RATE": "600"])
        defer { second.signal(SIGKILL) }
        try second.start()
        #expect(await fake.waitFor(timeout: .seconds(30)) { !Self.dailyPosts(fake, newYork).isEmpty })
        try await Task.sleep(for: .seconds(2))  // twenty more bot minutes: nothing else may come
        second.signal(SIGTERM)
        #expect(await second.waitForExit(timeout: 30) == 0)

        for chat in [saigon, berlin, newYork] {
            let posts = Self.dailyPosts(fake, chat)
            #expect(posts.count == 1, "\(chat.title ?? "")")
            #expect(posts.first?.allButtons.map(\.text) == ["😂", "🔥", "😐", "👎", "⭐", "🔁", "🖼"])
        }
        #expect(fake.sentMessages(chat: weekdays.id).isEmpty)  // a weekend there

        let database = try RoastDatabase(path: first.databasePath)
        defer { database.close() }
        for chat in [saigon, berlin, newYork] {
            let claims = try database.read { try $0.scheduledPostClaims(chat: ChatID(chat.id)) }.filter { $0.kind == .daily }
            #expect(claims.filter { $0.outcome == .posted }.map(\.localDate) == [LocalDate(year: 2026, month: 3, day: 8)])
        }
        // In Tokyo the bot was "down" at 09:00 (00:00Z) and came up eight hours later, beyond the
        // late window: the day is recorded as skipped, logged, and never posted.
        #expect(fake.sentMessages(chat: tokyo.id).isEmpty)
        let tokyoClaims = try database.read { try $0.scheduledPostClaims(chat: ChatID(tokyo.id)) }.filter { $0.kind == .daily }
        #expect(tokyoClaims.map(\.outcome) == [.skipped])
        #expect(first.log.contains("scheduled post skipped"))
        await fake.stop()
    }

    @Test func aNonAdminCannotChangeSettingsButAnAdminCan() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let bot = try BotProcess(fake: fake)
        defer { bot.cleanUp() }
        let team = FakeChat(id: -100_611, type: .supergroup, title: "Team")
        fake.setMemberStatus(.administrator, of: Self.alice, in: team)
        fake.setMemberStatus(.member, of: Self.bao, in: team)
        try bot.start()

        fake.commandMessage(chat: team, from: Self.bao, text: "/settings timezone Europe/Berlin")
        let refusal = await fake.waitForMessages(1, in: team.id)
        #expect(refusal.first?.text.contains("chỉ quản trị viên") == true)
        fake.commandMessage(chat: team, from: Self.alice, text: "/settings@RoastMeLaterBot timezone Europe/Berlin")
        let changed = await fake.waitForMessages(2, in: team.id)
        #expect(changed.last?.text.contains("Giờ Berlin (UTC+") == true)  // the timezone in words
        #expect(fake.requests(method: "getChatMember").count >= 2)

        // The command menus list /settings for everyone: anyone may read the settings, admins change them.
        // They are registered while polling starts, so the last of them may still be on its way.
        #expect(await fake.waitFor { fake.commands(scope: "all_chat_administrators", languageCode: "en") != nil })
        #expect(fake.commands(scope: "all_private_chats", languageCode: "en")?.map(\.command).contains("settings") == true)
        #expect(fake.commands(scope: "all_group_chats", languageCode: "en")?.map(\.command).contains("settings") == true)
        #expect(fake.commands(scope: "all_chat_administrators", languageCode: "vi")?.map(\.command).contains("settings") == true)

        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        let database = try RoastDatabase(path: bot.databasePath)
        defer { database.close() }
        #expect(try database.read { try $0.chat(ChatID(team.id))?.timeZone } == "Europe/Berlin")
        await fake.stop()
    }

    @Test func inlineModeOffersRoastsAndCountsChosenOnesAsShares() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let bot = try BotProcess(fake: fake)
        defer { bot.cleanUp() }
        try bot.start()
        let query = fake.inlineQuery(from: Self.alice, query: "meetings 2")
        #expect(await fake.waitFor(timeout: .seconds(10)) { !fake.inlineAnswers.isEmpty })
        let answer = try #require(fake.inlineAnswers.first)
        #expect(answer.inlineQueryID == query.inlineQueryID)
        #expect(answer.resultCount > 0)
        #expect(answer.resultsJSON.contains("\"id\":\"l"))

        fake.chosenInlineResult(from: Self.alice, resultID: "lnot-in-the-library", query: "meetings 2")
        let chosen = try #require(
            answer.resultsJSON.firstRange(of: #/"id":"(l[^"]+)"/#).map { String(answer.resultsJSON[$0]).dropFirst(6).dropLast() })
        fake.chosenInlineResult(from: Self.alice, resultID: String(chosen), query: "meetings 2")
        #expect(await fake.waitFor(timeout: .seconds(10)) { fake.pendingUpdateCount == 0 })
        try await Task.sleep(for: .milliseconds(300))
        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        let database = try RoastDatabase(path: bot.databasePath)
        defer { database.close() }
        #expect(try database.read { try $0.shareCount(user: UserID(Self.alice.id)) } == 1)
        await fake.stop()
    }
}
