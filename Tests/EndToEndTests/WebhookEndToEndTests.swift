import ChatPlatform
import Foundation
import RoastCore
import RoastTesting
import TelegramAdapter
import Testing

@testable import RoastStore

/// Webhook mode with the real binary: the fake Bot API delivers updates by POST as Telegram does
/// (retrying whatever is not answered 200), a request without the secret gets 401 and changes
/// nothing, malformed and oversized bodies are refused, a crash between receipt and commit leads to
/// a redelivery applied once, and polling again removes the webhook.
@Suite(.serialized)
struct WebhookEndToEndTests {
    static let team = FakeChat(id: -730_001, type: .supergroup, title: "Hook team")
    static let chats = (0..<8).map { FakeChat(id: -730_100 - Int64($0), type: .supergroup, title: "Hook team \($0)") }
    static let users = (0..<4).map { FakeUser(id: 7_300 + Int64($0), firstName: "W\($0)", languageCode: "en") }

    /// A bot in webhook mode on a free loopback port; the webhook's public URL is that port.
    static func webhookBot(_ fake: FakeBotAPI, directory: URL? = nil) throws -> (bot: BotProcess, url: String, arguments: [String]) {
        let port = OperationsProbe.freePort()
        let url = "http://127.0.0.1:\(port)/telegram/hook"
        let bot = try BotProcess(fake: fake, directory: directory, extraEnvironment: ["ROASTBOT_WEBHOOK_ADDRESS": "127.0.0.1:\(port)"])
        let config = try CrashRecoveryEndToEndTests.fastSettings(in: bot.directory)
        return (bot, url, ["--config", config, "--webhook", url])
    }

    static func roasts(in database: String, chat: Int64) throws -> Int {
        let store = try RoastDatabase(path: database)
        defer { store.close() }
        return try store.read { tx in
            try tx.connection.queryOne("SELECT count(*) FROM roasts WHERE chat_id = ?", chat) { (row: borrowing Row) in row.int(0) } ?? 0
        }
    }

    @Test func updatesArriveByPostAndRequestsWithoutTheSecretChangeNothing() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let (bot, url, arguments) = try Self.webhookBot(fake)
        defer { bot.cleanUp() }
        try bot.start(arguments: arguments)
        #expect(await fake.waitFor(timeout: .seconds(30)) { fake.webhook != nil }, "the bot sets its webhook")
        let webhook = try #require(fake.webhook)
        #expect(webhook.url == url)
        #expect(webhook.maxConnections == TelegramWebhookRegistration.defaultMaxConnections)
        #expect(webhook.allowedUpdates == Set(TelegramPoller.defaultAllowedUpdates))
        let secret = try #require(webhook.secretToken)
        #expect(secret.count >= 32)
        #expect(fake.requests(method: "getUpdates").isEmpty && fake.requests(method: "deleteWebhook").isEmpty)

        let roast = fake.commandMessage(chat: Self.team, from: Self.users[0], text: "/roast")
        #expect(await fake.waitForMessages(1, in: Self.team.id, timeout: 30).count == 1)
        #expect(fake.webhookDeliveries.contains { $0.updateID == roast.updateID && $0.status == 200 })
        #expect(fake.pendingUpdateCount == 0)

        // Requests that did not come from Telegram: no secret, a wrong one.
        let forged =
            #"{"update_id": 999999, "message": {"message_id": 5, "date": 1772398800, "chat": {"id": -730002, "type": "supergroup", "title": "X"}, "from": {"id": 7399, "is_bot": false, "first_name": "M"}, "text": "/roast", "entities": [{"type": "bot_command", "offset": 0, "length": 6}]}}"#
        let json = [(name: "Content-Type", value: "application/json")]
        for headers in [json, json + [(name: "X-Telegram-Bot-Api-Secret-Token", value: String(secret.dropLast()) + "x")]] {
            let response = await OperationsProbe.request(url, method: .post, headers: headers, body: Array(forged.utf8))
            #expect(response?.status == 401)
        }
        let withSecret = json + [(name: "X-Telegram-Bot-Api-Secret-Token", value: secret)]
        // Not JSON, an oversized body, a GET.
        #expect(await OperationsProbe.request(url, method: .post, headers: withSecret, body: Array("{not json".utf8))?.status == 400)
        let huge = [UInt8](repeating: UInt8(ascii: " "), count: 2 << 20)
        #expect(await OperationsProbe.request(url, method: .post, headers: withSecret, body: huge)?.status == 413)
        #expect(await OperationsProbe.request(url)?.status == 405)
        #expect(await OperationsProbe.request("http://127.0.0.1:\(URL(string: url)!.port!)/other")?.status == 404)

        // Still alive, and the forged update left no trace.
        fake.commandMessage(chat: Self.team, from: Self.users[1], text: "/roast")
        #expect(await fake.waitForMessages(2, in: Self.team.id, timeout: 30).count == 2)
        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        let store = try RoastDatabase(path: bot.databasePath)
        defer { store.close() }
        #expect(try store.read { try $0.hasApplied(999_999, from: .telegram) } == false)
        #expect(try store.read { try $0.chat(ChatID(-730_002)) } == nil)
        #expect(fake.sentMessages(chat: -730_002).isEmpty)
        #expect(bot.log.contains("not an update"))
        #expect(!bot.log.contains(secret), "the secret is never logged")
        await fake.stop()
    }

    @Test func aCrashBetweenReceiptAndCommitIsRedeliveredAndAppliedOnce() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let (bot, _, arguments) = try Self.webhookBot(fake)
        defer { bot.cleanUp() }
        try bot.start(arguments: arguments)
        #expect(await fake.waitFor(timeout: .seconds(30)) { fake.webhook != nil })
        // The update arrives while another process holds the database: received, not committed.
        let locker = try SQLiteConnection(path: bot.databasePath)
        try locker.execute("BEGIN EXCLUSIVE")
        let update = fake.commandMessage(chat: Self.team, from: Self.users[0], text: "/roast")
        #expect(await fake.waitFor(timeout: .seconds(30)) { bot.log.contains("database unavailable") }, "received, waiting to commit")
        bot.signal(SIGKILL)
        #expect(await bot.waitForExit() != nil)
        try locker.execute("COMMIT")
        locker.close()
        #expect(await fake.waitFor(timeout: .seconds(10)) { fake.webhookDeliveries.contains { $0.updateID == update.updateID } })
        #expect(fake.sentMessages(chat: Self.team.id).isEmpty)

        try bot.start(arguments: arguments)
        #expect(await fake.waitForMessages(1, in: Self.team.id, timeout: 60).count == 1)
        #expect(await fake.waitFor(timeout: .seconds(10)) { fake.pendingUpdateCount == 0 })
        try await Task.sleep(for: .seconds(1))
        let attempts = fake.webhookDeliveries.filter { $0.updateID == update.updateID }
        #expect(attempts.count >= 2, "delivered again after the crash")
        #expect(attempts.last?.status == 200)
        #expect(fake.sentMessages(chat: Self.team.id).count == 1, "answered once")
        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        #expect(try Self.roasts(in: bot.databasePath, chat: Self.team.id) == 1, "applied once")
        await fake.stop()
    }

    /// `kill -9` three times while 240 commands are delivered: each applied once, each crash
    /// re-sending at most one message per chat.
    @Test func killsDuringAWebhookStreamApplyEveryUpdateOnce() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        fake.webhookRetryDelay = 0.1
        let (bot, _, arguments) = try Self.webhookBot(fake)
        defer { bot.cleanUp() }
        try bot.start(arguments: arguments)
        #expect(await fake.waitFor(timeout: .seconds(30)) { fake.webhook != nil })
        let total = 240
        var perChat: [Int64: Int] = [:]
        for index in 0..<total {
            let chat = Self.chats[index % Self.chats.count]
            perChat[chat.id, default: 0] += 1
            fake.commandMessage(chat: chat, from: Self.users[index % Self.users.count], text: "/roast")
        }
        for threshold in [total / 4, total / 2, 3 * total / 4] {
            _ = await fake.waitFor(timeout: .seconds(60)) { fake.allSentMessages.count >= threshold }
            bot.signal(SIGKILL)
            #expect(await bot.waitForExit() != nil)
            try bot.start(arguments: arguments)
        }
        #expect(await fake.waitFor(timeout: .seconds(120)) { fake.pendingUpdateCount == 0 && fake.allSentMessages.count >= total })
        try await Task.sleep(for: .seconds(1))
        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        for chat in Self.chats {
            let expected = perChat[chat.id] ?? 0
            #expect(try Self.roasts(in: bot.databasePath, chat: chat.id) == expected, "chat \(chat.id) applied once each")
            let sent = fake.sentMessages(chat: chat.id).count
            #expect(sent >= expected && sent <= expected + 3, "chat \(chat.id): \(sent) messages for \(expected) commands")
        }
        await fake.stop()
    }

    /// Issue 25 §6: webhook mode forgets applied update ids after two days (it has no resume point),
    /// and the low-water mark of what it forgot keeps a replay of one of them from being applied again.
    @Test func anUpdateReplayedAfterItsIdWasForgottenIsNotAppliedAgain() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let port = OperationsProbe.freePort()
        let url = "http://127.0.0.1:\(port)/telegram/hook"
        // Half a day of the bot's clock per second: its hourly pruning forgets the id within seconds.
        let bot = try BotProcess(
            fake: fake, extraEnvironment: ["ROASTBOT_WEBHOOK_ADDRESS": "127.0.0.1:\(port)", "ROASTBOT_CLOCK_RATE": "43200"])
        defer { bot.cleanUp() }
        try bot.start(arguments: ["--config", try CrashRecoveryEndToEndTests.fastSettings(in: bot.directory), "--webhook", url])
        #expect(await fake.waitFor(timeout: .seconds(30)) { fake.webhook != nil })
        let secret = try #require(fake.webhook?.secretToken)
        // A private chat: no Roast of the Day is posted there as the days fly by.
        let person = FakeChat.privateChat(with: Self.users[0])
        let update = fake.commandMessage(chat: person, from: Self.users[0], text: "/roast")
        #expect(await fake.waitForMessages(1, in: person.id, timeout: 30).count == 1)
        #expect(try Self.roasts(in: bot.databasePath, chat: person.id) == 1)

        let store = try RoastDatabase(path: bot.databasePath)
        defer { store.close() }
        @Sendable func remembered() -> Bool {
            (try? store.read { tx in
                try tx.connection.queryOne("SELECT count(*) FROM applied_events WHERE sequence = ?", Int64(update.updateID)) {
                    (row: borrowing Row) in row.int(0)
                }
            }) != 0
        }
        #expect(await fake.waitFor(timeout: .seconds(30)) { !remembered() }, "its id is forgotten after two days")
        let replay = await OperationsProbe.request(
            url, method: .post,
            headers: [(name: "Content-Type", value: "application/json"), (name: "X-Telegram-Bot-Api-Secret-Token", value: secret)],
            body: Array(update.json.utf8))
        #expect(replay?.status == 200, "answered as applied")
        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        #expect(try Self.roasts(in: bot.databasePath, chat: person.id) == 1, "not applied again")
        await fake.stop()
    }

    @Test func pollingAgainRemovesTheWebhook() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let (bot, _, arguments) = try Self.webhookBot(fake)
        defer { bot.cleanUp() }
        try bot.start(arguments: arguments)
        #expect(await fake.waitFor(timeout: .seconds(30)) { fake.webhook != nil })
        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        #expect(fake.webhook != nil, "a stopped bot keeps its webhook: Telegram holds the updates for its next start")
        fake.commandMessage(chat: Self.team, from: Self.users[0], text: "/help")

        try bot.start(arguments: ["--config", try CrashRecoveryEndToEndTests.fastSettings(in: bot.directory)])
        #expect(await fake.waitForMessages(1, in: Self.team.id, timeout: 30).count == 1, "the update waiting is polled")
        #expect(fake.webhook == nil)
        #expect(fake.requests(method: "deleteWebhook").count == 1)
        await fake.stop()
    }
}
