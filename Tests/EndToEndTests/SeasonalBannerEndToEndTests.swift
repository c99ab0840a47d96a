import Foundation
import RoastCore
import RoastStore
import RoastTesting
import Testing

/// The real binary on a simulated clock that crosses the start of the Tết 2026 window
/// (2026-02-07 00:00 in Vietnam), with a restart in the middle of the season.
@Suite(.serialized)
struct SeasonalBannerEndToEndTests {
    static let team = FakeChat(id: -100_888, type: .supergroup, title: "Team")
    static let alice = FakeUser(id: 601, firstName: "Alice", username: "alice", languageCode: "en")
    static let bao = FakeUser(id: 602, firstName: "Bảo", username: "bao", languageCode: "vi")

    private static func instant(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    private static func banners(_ messages: [FakeSentMessage]) -> [FakeSentMessage] {
        messages.filter { $0.allButtons.contains { $0.callbackData == "tc:tet" } }
    }

    @Test func theTetBannerIsPostedOncePerChatAcrossTheStartOfTheSeasonAndARestart() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        // 30 simulated minutes before the window opens; 10 simulated minutes per real second.
        let first = try BotProcess(
            fake: fake, extraEnvironment: ["ROASTBOT_CLOCK_START": "2026-02-06T23:30:00+07:00", "ROASTBOT_CLOCK_RATE": "600"])
        try first.start()
        fake.commandMessage(chat: Self.team, from: Self.alice, text: "/start", date: Self.instant("2026-02-06T23:30:05+07:00"))
        let greeting = await fake.waitForMessages(1, in: Self.team.id)
        #expect(greeting.count == 1)
        #expect(Self.banners(greeting).isEmpty)  // still the day before the window

        // The season starts in the chat's timezone: the service posts the banner by itself.
        let withBanner = await fake.waitForMessages(2, in: Self.team.id, timeout: 30)
        let banner = try #require(Self.banners(withBanner).first)
        #expect(banner.text.contains("Tết"))
        #expect(banner.allButtons.count == 1)
        first.signal(SIGTERM)
        #expect(await first.waitForExit() == 0)

        // Restart two days later, same database: no second banner, and the season's roasts work.
        let second = try BotProcess(
            fake: fake, directory: first.directory,
            extraEnvironment: ["ROASTBOT_CLOCK_START": "2026-02-09T10:00:00+07:00", "ROASTBOT_CLOCK_RATE": "600"])
        defer { second.cleanUp() }
        try second.start()
        fake.commandMessage(chat: Self.team, from: Self.alice, text: "/roast tết", date: Self.instant("2026-02-09T10:00:05+07:00"))
        let afterRestart = await fake.waitForMessages(3, in: Self.team.id)
        #expect(afterRestart.last?.allButtons.map(\.text) == ["😂", "🔥", "😐", "👎", "⭐", "🔁", "🖼"])

        // A chat that joins during the season gets the banner with its first roast, once.
        let direct = FakeChat.privateChat(with: Self.bao)
        fake.commandMessage(chat: direct, from: Self.bao, text: "/roast", date: Self.instant("2026-02-09T10:01:00+07:00"))
        let directMessages = await fake.waitForMessages(2, in: direct.id)
        #expect(Self.banners(directMessages).count == 1)
        #expect(directMessages.last.map { Self.banners([$0]).count } == 1)  // the banner comes after the roast

        // Let several simulated hours of sweeps pass, then press the banner's button.
        try await Task.sleep(for: .seconds(2))
        // The team chat holds the greeting, the banner, the Roast of the Day (due at 09:00, posted an
        // hour late after the restart) and the `/roast tết` reply: the press's roast is the fifth.
        _ = fake.callbackQuery(from: Self.bao, message: banner, data: "tc:tet")
        _ = await fake.waitForMessages(5, in: Self.team.id)
        second.signal(SIGTERM)
        #expect(await second.waitForExit() == 0)

        #expect(Self.banners(fake.sentMessages(chat: Self.team.id)).count == 1)
        #expect(Self.banners(fake.sentMessages(chat: direct.id)).count == 1)
        let database = try RoastDatabase(path: second.databasePath)
        defer { database.close() }
        let served = try database.read { tx in
            (
                try tx.collectionRoastsServed(chat: .init(Self.team.id), user: .init(Self.alice.id)),
                try tx.collectionRoastsServed(chat: .init(Self.team.id), user: .init(Self.bao.id))
            )
        }
        #expect(served.0["tet"]?.count == 1)  // `/roast tết`
        #expect(served.1["tet"]?.count == 1)  // the banner's button
        #expect(try database.read { try $0.hasSeasonalBanner(chat: .init(Self.team.id), event: "tet", seasonYear: 2026) })
        await fake.stop()
    }
}
