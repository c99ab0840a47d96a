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
        // The line names the setting that points at the library.
        #expect(bot.log.contains("cannot load the roast library from /nonexistent/roast-library (ROASTBOT_LIBRARY)"), "\(bot.log)")
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

    /// A token that cannot be a bot token (a space, a line break) is refused at once by the name of
    /// the variable, never sent and retried as if the network were down; the token is not shown.
    @Test(arguments: ["123:SECRET part", "123:SECRET\npart"])
    func aMalformedTokenStopsWithExitCodeTwoNamingTheVariable(token: String) async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let bot = try BotProcess(fake: fake, extraEnvironment: ["TELEGRAM_BOT_TOKEN": token])
        defer { bot.cleanUp() }
        try bot.start()
        #expect(await bot.waitForExit(timeout: 10) == 2)
        #expect(bot.log.contains("TELEGRAM_BOT_TOKEN is not a bot token"), "\(bot.log)")
        #expect(!bot.log.contains("SECRET"))
        #expect(!bot.log.contains("not reachable"))
    }

    /// Webhook mode serves Telegram: without a token it says so (naming where the webhook was asked
    /// for) instead of opening the console.
    @Test(arguments: [
        (["--webhook", "https://bot.example.com/telegram"], [:], "--webhook"),
        ([], ["ROASTBOT_WEBHOOK_URL": "https://bot.example.com/telegram"], "ROASTBOT_WEBHOOK_URL"),
    ])
    func webhookModeWithoutATokenStopsWithExitCodeTwo(arguments: [String], environment: [String: String], named: String) async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let bot = try BotProcess(fake: fake, extraEnvironment: environment.merging(["TELEGRAM_BOT_TOKEN": ""]) { $1 })
        defer { bot.cleanUp() }
        try bot.start(arguments: arguments)
        #expect(await bot.waitForExit(timeout: 10) == 2)
        #expect(bot.log.contains("\(named) asks for webhook mode, which needs a bot token"), "\(bot.log)")
        #expect(!bot.log.contains("console"))
    }

    /// Only the default block list may be missing; one the operator configured must exist, so that a
    /// typo in its path never turns their safety terms off.
    @Test func aConfiguredBlockListThatIsMissingStopsWithExitCodeTwo() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let bot = try BotProcess(fake: fake, extraEnvironment: ["ROASTBOT_BLOCKLIST": "/nonexistent/blocklist.txt"])
        defer { bot.cleanUp() }
        try bot.start()
        #expect(await bot.waitForExit(timeout: 10) == 2)
        #expect(bot.log.contains("ROASTBOT_BLOCKLIST (/nonexistent/blocklist.txt) does not exist"), "\(bot.log)")
    }

    @Test func aBlockListConfiguredInTheFileThatIsMissingStopsWithExitCodeTwo() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let bot = try BotProcess(fake: fake)
        defer { bot.cleanUp() }
        let file = bot.directory.appendingPathComponent("settings.json")
        try Data(#"{"blocklist": "config/blocklistt.txt"}"#.utf8).write(to: file)
        try bot.start(arguments: ["--config", file.path])
        #expect(await bot.waitForExit(timeout: 10) == 2)
        #expect(bot.log.contains("\(file.path): blocklist (config/blocklistt.txt) does not exist"), "\(bot.log)")
    }
}
