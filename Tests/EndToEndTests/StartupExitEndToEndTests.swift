import Foundation
import RoastTesting
import Testing

/// How `roastbot run` stops when it cannot serve: a configuration problem is exit code 2 whatever
/// Telegram answers (and without waiting for an unreachable Telegram); a refused token is 3.
@Suite(.serialized)
struct StartupExitEndToEndTests {
    static let missingLibrary = ["ROASTBOT_LIBRARY": "/nonexistent/roast-library"]

    @Test func aRefusedTokenStopsWithExitCodeThree() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let bot = try BotProcess(fake: fake, extraEnvironment: ["TELEGRAM_BOT_TOKEN": "999:refused"])
        defer { bot.cleanUp() }
        try bot.start()
        #expect(await bot.waitForExit(timeout: 20) == 3)
        #expect(bot.log.contains("refused the bot token"))
        #expect(!bot.log.contains("999:refused"))
    }

    @Test func aBadLibraryStopsWithExitCodeTwoEvenWhenTheTokenIsRefused() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let bot = try BotProcess(fake: fake, extraEnvironment: Self.missingLibrary.merging(["TELEGRAM_BOT_TOKEN": "999:refused"]) { $1 })
        defer { bot.cleanUp() }
        try bot.start()
        #expect(await bot.waitForExit(timeout: 20) == 2)
        #expect(!bot.log.contains("refused the bot token"))
    }

    @Test func aBadLibraryStopsWithExitCodeTwoWhileTelegramIsUnreachable() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        // A server that stopped: its port refuses connections.
        let gone = FakeBotAPI()
        try await gone.start()
        let unreachable = gone.baseURL
        await gone.stop()
        let bot = try BotProcess(fake: fake, extraEnvironment: Self.missingLibrary.merging(["TELEGRAM_API_URL": unreachable]) { $1 })
        defer { bot.cleanUp() }
        try bot.start()
        // Telegram is retried with backoff for ever; the library problem must not wait behind it.
        #expect(await bot.waitForExit(timeout: 10) == 2)
    }
}
