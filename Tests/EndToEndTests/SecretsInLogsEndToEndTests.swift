import Foundation
import RoastTesting
import Testing

/// The bot token and the AI key appear in no log line at any level, in either log format: the bot
/// runs at trace level through requests, a button press and failures whose errors carry URLs (which
/// embed the token). In the JSON format every line is one object with the documented fields.
@Suite(.serialized)
struct SecretsInLogsEndToEndTests {
    static let aiKey = "sk-proof-7f3c1e9a5b2d4f60"

    @Test(arguments: ["text", "json"])
    func tokenAndAIKeyNeverReachTheLogAtTraceLevel(format: String) async throws {
        let fake = FakeBotAPI(token: "987654:AAH-proof-secret-Zq9")
        try await fake.start()
        // The AI endpoint points at a closed loopback port: calls fail fast and log their errors.
        let bot = try BotProcess(
            fake: fake,
            extraEnvironment: [
                "ROASTBOT_LOG_LEVEL": "trace", "ROASTBOT_AI_KEY": Self.aiKey, "ROASTBOT_AI_URL": "http://127.0.0.1:9/v1",
                "ROASTBOT_AI_BASE_URL": "http://127.0.0.1:9/v1", "ROASTBOT_LOG_FORMAT": format,
            ])
        defer { bot.cleanUp() }
        let team = FakeChat(id: -500_100, type: .supergroup, title: "Sec")
        let user = FakeUser(id: 5_555, firstName: "Eve", languageCode: "en")
        fake.injectFault(.dropConnection, method: "sendMessage")
        fake.injectFault(.serverError(status: 502), method: "sendMessage")
        fake.injectFault(.apiError(code: 400, description: "Bad Request: can't parse entities"), method: "sendMessage")
        fake.injectFault(.truncatedJSON, method: "getUpdates")
        try bot.start()
        fake.commandMessage(chat: team, from: user, text: "/roast")
        fake.commandMessage(chat: team, from: user, text: "/roast ai")
        fake.commandMessage(chat: team, from: user, text: "/help")
        _ = await fake.waitForMessages(2, in: team.id, timeout: 20)
        if let roast = fake.sentMessages(chat: team.id).first(where: { !$0.allButtons.isEmpty }),
            let data = roast.allButtons.first?.callbackData
        {
            fake.callbackQuery(from: user, message: roast, data: data)
            _ = await fake.waitFor(timeout: .seconds(10)) { !fake.callbackAnswers.isEmpty }
        }
        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)

        let log = bot.log
        #expect(log.contains("trace") || log.contains("debug"), "the run logged at trace level")
        for secret in [fake.token, "AAH-proof-secret-Zq9", Self.aiKey] {
            let lines = log.split(separator: "\n").filter { $0.contains(secret) }
            #expect(lines.isEmpty, "\(lines.count) log lines contain a secret")
        }
        if format == "json" {
            let lines = log.split(separator: "\n")
            #expect(lines.count > 10)
            for line in lines {
                let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                #expect(object != nil, "not one JSON object: \(line.prefix(120))")
                guard let object else { continue }
                #expect(object["time"] is String && object["level"] is String && object["logger"] is String)
                #expect(object["message"] is String && object["metadata"] is [String: Any])
            }
            #expect(lines.contains { $0.contains(#""level":"debug""#) || $0.contains(#""level":"trace""#) })
        }
        await fake.stop()
    }

    /// Webhook mode adds a secret of its own (sent by Telegram with every delivery): neither it nor the
    /// token appears in the log, also when a forged delivery is refused and when the webhook is set.
    @Test(arguments: ["text", "json"])
    func theWebhookSecretNeverReachesTheLog(format: String) async throws {
        let fake = FakeBotAPI(token: "987655:AAH-proof-secret-Wh7")
        try await fake.start()
        let port = OperationsProbe.freePort()
        let url = "http://127.0.0.1:\(port)/hook"
        let bot = try BotProcess(
            fake: fake,
            extraEnvironment: [
                "ROASTBOT_LOG_LEVEL": "trace", "ROASTBOT_LOG_FORMAT": format, "ROASTBOT_WEBHOOK_ADDRESS": "127.0.0.1:\(port)",
                "ROASTBOT_WEBHOOK_URL": url,
            ])
        defer { bot.cleanUp() }
        try bot.start()
        #expect(await fake.waitFor(timeout: .seconds(30)) { fake.webhook != nil })
        let secret = try #require(fake.webhook?.secretToken)
        let team = FakeChat(id: -500_200, type: .supergroup, title: "Sec hook")
        fake.commandMessage(chat: team, from: FakeUser(id: 5_556, firstName: "Eve", languageCode: "en"), text: "/roast")
        _ = await fake.waitForMessages(1, in: team.id, timeout: 20)
        let forged = await OperationsProbe.request(
            url, method: .post, headers: [(name: "X-Telegram-Bot-Api-Secret-Token", value: String(secret.prefix(40)))],
            body: Array("{}".utf8))
        #expect(forged?.status == 401)
        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)

        let log = bot.log
        #expect(log.contains("webhook"), "the run logged about its webhook")
        for value in [secret, String(secret.prefix(40)), fake.token, "AAH-proof-secret-Wh7"] {
            let lines = log.split(separator: "\n").filter { $0.contains(value) }
            #expect(lines.isEmpty, "\(lines.count) log lines contain a secret")
        }
        await fake.stop()
    }
}
