import Foundation
import RoastCore
import RoastStore
import RoastTesting
import Testing

/// 35 simulated days in one group through the real binary and the fake Bot API: updates carry
/// their own dates, the bot restarts halfway, and every announcement appears exactly once.
@Suite(.serialized)
struct StreaksEndToEndTests {
    static let team = FakeChat(id: -100_353, type: .supergroup, title: "Streakers")
    static let an = FakeUser(id: 701, firstName: "An", languageCode: "vi")
    static let binh = FakeUser(id: 702, firstName: "Bình", languageCode: "vi")
    static let chi = FakeUser(id: 703, firstName: "Chi", languageCode: "vi")
    /// 2026-03-01 10:00 in Asia/Ho_Chi_Minh.
    static let firstDay = Date(timeIntervalSince1970: 1_772_334_000)

    @Test func thirtyFiveDaysAnnounceEveryMilestoneOnceAndTheBoardsAgree() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        // The bot's clock stands on the last simulated day, so /streak judges "today" like the updates do.
        let bot = try BotProcess(fake: fake, extraEnvironment: ["ROASTBOT_CLOCK_START": "2026-04-04T11:00:00+07:00"])
        defer { bot.cleanUp() }
        let config = try CrashRecoveryEndToEndTests.fastSettings(in: bot.directory)
        try bot.start(arguments: ["--config", config])
        var expectedUpdates = 0
        for day in 0..<35 {
            if day == 18 {
                // Restart halfway: nothing is announced twice afterwards.
                _ = await fake.waitFor(timeout: .seconds(30)) { fake.pendingUpdateCount == 0 }
                try await Task.sleep(for: .milliseconds(300))
                bot.signal(SIGTERM)
                #expect(await bot.waitForExit() == 0)
                try bot.start(arguments: ["--config", config])
            }
            let date = Self.firstDay.addingTimeInterval(Double(day) * 86_400)
            fake.commandMessage(chat: Self.team, from: Self.an, text: "/roast", date: date)  // every day
            expectedUpdates += 1
            if day != 10 {  // Bình misses one day: a freeze could bridge it
                fake.commandMessage(chat: Self.team, from: Self.binh, text: "/roast", date: date.addingTimeInterval(60))
                expectedUpdates += 1
            }
            if day < 5 {  // Chi stops after five days
                fake.commandMessage(chat: Self.team, from: Self.chi, text: "/roast", date: date.addingTimeInterval(120))
                expectedUpdates += 1
            }
        }
        let last = Self.firstDay.addingTimeInterval(34 * 86_400 + 3_600)
        fake.commandMessage(chat: Self.team, from: Self.an, text: "/streak", date: last)
        fake.commandMessage(chat: Self.team, from: Self.binh, text: "/badges", date: last)
        fake.commandMessage(chat: Self.team, from: Self.an, text: "/top", date: last)
        #expect(await fake.waitFor(timeout: .seconds(60)) { fake.allSentMessages.contains { $0.text.hasPrefix("🏆") } })
        try await Task.sleep(for: .milliseconds(500))
        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)

        let texts = fake.sentMessages(chat: Self.team.id).map(\.text)
        func count(_ needle: String) -> Int { texts.filter { $0.contains(needle) }.count }
        // An: 3, 7, 14 and 30 days, once each; Bình: 3 and 7 (before the break), then 3, 7, 14 again
        // after it (celebrated, no second badge); Chi: 3 only.
        #expect(count("🎉 An đạt chuỗi 3 ngày") == 1)
        #expect(count("🎉 An đạt chuỗi 7 ngày") == 1)
        #expect(count("🎉 An đạt chuỗi 14 ngày") == 1)
        #expect(count("🎉 An đạt chuỗi 30 ngày") == 1)
        #expect(count("🎉 Chi đạt chuỗi 3 ngày") == 1)
        #expect(count("🏅 An nhận huy hiệu mới: 🌱") == 1)
        #expect(count("🏅 An nhận huy hiệu mới: ⚔️") == 1)
        #expect(count("🏅 An nhận huy hiệu mới: 👑") == 1)
        #expect(count("🏅 Bình nhận huy hiệu mới: 🌱") == 1)
        #expect(count("🏅 Chi nhận huy hiệu mới: 🌱") == 1)
        #expect(count("🏅 Chi nhận huy hiệu mới: ⚔️") == 0)
        // Bình broke a 10-day streak by missing one day: the freeze is offered exactly once.
        #expect(count("🧊") >= 1)
        #expect(texts.filter { $0.hasPrefix("🧊") }.count == 1)
        // Every roast was applied exactly once.
        #expect(texts.filter { $0.hasPrefix("🔥 Roast cho") }.count == expectedUpdates)

        let streak = try #require(texts.first { $0.contains("Chuỗi ngày của An") })
        #expect(streak.contains("🔥 Hiện tại: 35 ngày"))
        #expect(streak.contains("🏔️ Dài nhất: 35 ngày"))
        let badges = try #require(texts.first { $0.contains("Huy hiệu của Bình") })
        #expect(badges.contains("🌱") && badges.contains("⚔️"))
        let top = try #require(texts.last { $0.hasPrefix("🏆") })
        let lines = top.split(separator: "\n").map(String.init)
        #expect(lines.first { $0.hasPrefix("🥇") }?.contains("An") == true)
        #expect(lines.first { $0.hasPrefix("🥈") }?.contains("Bình") == true)
        #expect(!top.contains("Chi"))  // Chi's streak is 0 now

        let database = try RoastDatabase(path: bot.databasePath)
        defer { database.close() }
        #expect(try database.integrityCheck() == "ok")
        await fake.stop()
    }
}
