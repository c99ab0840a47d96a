import Foundation
import RoastTesting
import Testing

@testable import RoastStore

/// The HTTP listeners of the real binary in webhook mode, as an attacker on the internet meets them
/// (issue 25): heads that are too long, idle connections by the thousand, pipelined requests, floods
/// of forged deliveries — each refused cheaply, on the listener's own thread, while chats, `/healthz`
/// and SIGTERM go on.
@Suite(.serialized)
struct WebhookListenerEndToEndTests {
    static let team = FakeChat(id: -740_001, type: .supergroup, title: "Listener team")
    static let user = FakeUser(id: 7_401, firstName: "L", languageCode: "en")

    /// A bot in webhook mode, its webhook and metrics listeners on two free loopback ports (or on all
    /// interfaces with `publicHost`).
    struct ListenerBot {
        let bot: BotProcess
        let webhookPort: UInt16
        let metricsPort: UInt16
        let arguments: [String]
        var hookPath: String { "/telegram/hook" }
        var healthURL: String { "http://127.0.0.1:\(metricsPort)/healthz" }
        var metricsURL: String { "http://127.0.0.1:\(metricsPort)/metrics" }

        init(_ fake: FakeBotAPI, host: String = "127.0.0.1", environment: [String: String] = [:]) throws {
            webhookPort = OperationsProbe.freePort()
            metricsPort = OperationsProbe.freePort()
            bot = try BotProcess(
                fake: fake,
                extraEnvironment: [
                    "ROASTBOT_WEBHOOK_ADDRESS": "\(host):\(webhookPort)", "ROASTBOT_METRICS_ADDRESS": "\(host):\(metricsPort)",
                ].merging(environment) { $1 })
            let config = try CrashRecoveryEndToEndTests.fastSettings(in: bot.directory)
            arguments = ["--config", config, "--webhook", "http://127.0.0.1:\(webhookPort)/telegram/hook"]
        }

        /// One of the listener's series (`roastbot_http_…{listener="webhook"}`), nil when absent.
        func listenerMetric(_ name: String, listener: String = "webhook") async -> Double? {
            guard let text = await OperationsProbe.get(metricsURL)?.text else { return nil }
            return OperationsProbe.samples(text)[OperationsProbe.series(name, ["listener": listener])]
        }

        /// Whether the series comes to hold `value` within `timeout` seconds.
        func listenerMetric(_ name: String, reaches value: Double, within timeout: Double = 10) async -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if await listenerMetric(name) == value { return true }
                try? await Task.sleep(for: .milliseconds(100))
            }
            return false
        }
    }

    /// A POST of `body` to the webhook's path, with `secret` when given; `close` asks the listener
    /// to close the connection after answering.
    static func post(_ path: String, secret: String?, body: String, close: Bool = false) -> String {
        var head = "POST \(path) HTTP/1.1\r\nHost: bot.example.com\r\nContent-Type: application/json\r\n"
        if let secret { head += "X-Telegram-Bot-Api-Secret-Token: \(secret)\r\n" }
        if close { head += "Connection: close\r\n" }
        return head + "Content-Length: \(body.utf8.count)\r\n\r\n" + body
    }

    static let forgedUpdate =
        #"{"update_id": 888888, "message": {"message_id": 5, "date": 1772398800, "chat": {"id": -740002, "type": "supergroup", "title": "X"}, "from": {"id": 7499, "is_bot": false, "first_name": "M"}, "text": "/roast", "entities": [{"type": "bot_command", "offset": 0, "length": 6}]}}"#

    /// Issue 25 §1: the head is parsed on the listener's thread with hard limits, so a header line of
    /// 256 KB — which cost FlyingFox half a minute of CPU on the cooperative pool per request, before
    /// any handler ran — is refused with 431 at once, while `/healthz`, chats and SIGTERM carry on.
    @Test func aHeaderLineTooLongIsRefused431AtOnceWhileTheBotGoesOn() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let setup = try ListenerBot(fake)
        defer { setup.bot.cleanUp() }
        try setup.bot.start(arguments: setup.arguments)
        #expect(await fake.waitFor(timeout: .seconds(30)) { fake.webhook != nil })

        let filler = String(repeating: "a", count: 256 * 1_024)
        let head = "POST \(setup.hookPath) HTTP/1.1\r\nHost: bot.example.com\r\nX-Filler: \(filler)\r\nContent-Length: 2\r\n\r\n{}"
        async let attacks: [[RawHTTPResponse]] = withTaskGroup(of: [RawHTTPResponse].self) { group in
            for _ in 0..<2 {
                group.addTask {
                    guard let connection = await RawHTTPConnection.open(port: setup.webhookPort) else { return [] }
                    defer { connection.close() }
                    await connection.send(head)
                    return await connection.responses(1, timeout: 10)
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let health = await OperationsProbe.get(setup.healthURL)
        #expect(health?.status == 200, "/healthz answers while the long heads arrive")
        fake.commandMessage(chat: Self.team, from: Self.user, text: "/roast")
        #expect(await fake.waitForMessages(1, in: Self.team.id, timeout: 30).count == 1, "chats go on")
        let answers = await attacks
        #expect(answers.map { $0.map(\.status) } == [[431], [431]])

        setup.bot.signal(SIGTERM)
        #expect(await setup.bot.waitForExit(timeout: 15) == 0, "SIGTERM is obeyed")
        #expect(setup.bot.log.contains("431"))
        await fake.stop()
    }

    /// Issue 25 §3: under systemd's default of 1,024 open files, 1,100 idle connections made
    /// `accept()` fail and the webhook listener never recovered, silently. The listener keeps at most
    /// its connection limit open, closes the longest-idle one to make room, and says so.
    @Test func moreIdleConnectionsThanTheLimitNeitherStopTheListenerNorGoUnnoticed() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let setup = try ListenerBot(fake)
        defer { setup.bot.cleanUp() }
        try setup.bot.start(arguments: setup.arguments, openFileLimit: 1_024)
        #expect(await fake.waitFor(timeout: .seconds(30)) { fake.webhook != nil })

        let idle = await RawHTTPConnection.openIdle(1_100, port: setup.webhookPort)
        defer { for connection in idle { connection.close() } }
        #expect(idle.count == 1_100, "the listener keeps accepting")
        fake.commandMessage(chat: Self.team, from: Self.user, text: "/roast")
        #expect(await fake.waitForMessages(1, in: Self.team.id, timeout: 30).count == 1, "Telegram's delivery is served")
        #expect(await OperationsProbe.get(setup.healthURL)?.status == 200)
        let open = await setup.listenerMetric("roastbot_http_connections_open")
        #expect(open != nil && open! <= 128, "at most the limit is held open: \(String(describing: open))")
        let shed = await setup.listenerMetric("roastbot_http_connections_shed_total")
        #expect((shed ?? 0) >= 1_100 - 128, "\(String(describing: shed))")
        #expect(setup.bot.log.contains("connection limit"), "the operator is told")

        setup.bot.signal(SIGTERM)
        #expect(await setup.bot.waitForExit(timeout: 15) == 0)
        await fake.stop()
    }

    /// Issue 25 §3: under an open-file limit of 128, the listeners' connection limit (128 each) let
    /// strangers' idle connections take every descriptor: `accept` failed on both listeners, `/healthz`
    /// went unanswered and the bot's own connections had none left. The listeners together keep to
    /// half of the limit, so the bot keeps its descriptors and `/healthz` and Telegram are served.
    @Test func underALowOpenFileLimitIdleConnectionsLeaveTheBotItsDescriptors() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let setup = try ListenerBot(fake)
        defer { setup.bot.cleanUp() }
        try setup.bot.start(arguments: setup.arguments, openFileLimit: 128)
        #expect(await fake.waitFor(timeout: .seconds(30)) { fake.webhook != nil })

        let idle = await RawHTTPConnection.openIdle(300, port: setup.webhookPort)
        defer { for connection in idle { connection.close() } }
        #expect(idle.count == 300)
        #expect(await OperationsProbe.get(setup.healthURL)?.status == 200, "/healthz is answered")
        fake.commandMessage(chat: Self.team, from: Self.user, text: "/roast")
        #expect(await fake.waitForMessages(1, in: Self.team.id, timeout: 15).count == 1, "Telegram's delivery is served and answered")
        let open = await setup.listenerMetric("roastbot_http_connections_open")
        #expect(open != nil && open! <= 32, "each of two listeners holds at most a quarter of 128: \(String(describing: open))")
        #expect(!setup.bot.log.contains("cannot accept connections"), "no descriptor shortage")
        #expect(setup.bot.log.contains("open-file limit"), "the lowered connection limit is said at start")

        setup.bot.signal(SIGTERM)
        #expect(await setup.bot.waitForExit(timeout: 15) == 0)
        await fake.stop()
    }

    /// Issue 25 §5: requests pipelined on one connection are all answered, in order, on both
    /// listeners (FlyingFox answered the first and left the rest hanging).
    @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let setup = try ListenerBot(fake)
        defer { setup.bot.cleanUp() }
        try setup.bot.start(arguments: setup.arguments)
        #expect(await fake.waitFor(timeout: .seconds(30)) { fake.webhook != nil })
        let secret = try #require(fake.webhook?.secretToken)

        let metrics = try #require(await RawHTTPConnection.open(port: setup.metricsPort))
        defer { metrics.close() }
        let get = { (path: String) in "GET \(path) HTTP/1.1\r\nHost: localhost\r\n\r\n" }
        await metrics.send(get("/healthz") + get("/nowhere") + get("/metrics") + get("/healthz"))
        let operations = await metrics.responses(4)
        #expect(operations.map(\.status) == [200, 404, 200, 200])
        #expect(operations.first?.body.hasPrefix("ok") == true)
        #expect(operations.dropFirst(2).first?.body.contains("roastbot_updates_received_total") == true)

        // Two forged deliveries, then Telegram's (a redelivery of one applied already), back to back.
        let update = fake.commandMessage(chat: Self.team, from: Self.user, text: "/roast")
        #expect(await fake.waitForMessages(1, in: Self.team.id, timeout: 30).count == 1)
        let hook = try #require(await RawHTTPConnection.open(port: setup.webhookPort))
        defer { hook.close() }
        // The second forged one is padded past a read buffer's size: its body must be skipped whole.
        let padded = Self.forgedUpdate + String(repeating: " ", count: 20_000)
        await hook.send(
            Self.post(setup.hookPath, secret: nil, body: Self.forgedUpdate) + Self.post(setup.hookPath, secret: "wrong", body: padded)
                + Self.post(setup.hookPath, secret: secret, body: update.json, close: true))
        let answers = await hook.responses(3, timeout: 30)
        #expect(answers.map(\.status) == [401, 401, 200])
        #expect(await hook.closedByPeer(within: 5), "Connection: close is honoured")
        #expect(fake.sentMessages(chat: Self.team.id).count == 1, "the redelivery is recognised")

        setup.bot.signal(SIGTERM)
        #expect(await setup.bot.waitForExit(timeout: 15) == 0)
        await fake.stop()
    }

    /// Issue 25 §2 and §4: a flood of forged deliveries is refused on the listener's thread — no
    /// handler runs, no buffer outlives its connection — and logged once, with a count.
    @Test func aFloodOfForgedDeliveriesHoldsNoMemoryAndLogsOneLineWithACount() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let setup = try ListenerBot(fake)
        defer { setup.bot.cleanUp() }
        try setup.bot.start(arguments: setup.arguments)
        #expect(await fake.waitFor(timeout: .seconds(30)) { fake.webhook != nil })

        let (connections, perConnection) = (8, 250)
        let batch = String(repeating: Self.post(setup.hookPath, secret: "forged", body: Self.forgedUpdate), count: perConnection)
        let statuses = await withTaskGroup(of: [Int].self) { group in
            for _ in 0..<connections {
                group.addTask {
                    guard let connection = await RawHTTPConnection.open(port: setup.webhookPort) else { return [] }
                    defer { connection.close() }
                    await connection.send(batch)
                    return await connection.responses(perConnection, timeout: 60).map(\.status)
                }
            }
            return await group.reduce(into: [Int]()) { $0 += $1 }
        }
        #expect(statuses.count == connections * perConnection)
        #expect(statuses.allSatisfy { $0 == 401 })
        #expect(await setup.listenerMetric("roastbot_http_requests_in_handlers") == 0, "no forged request reached a handler")
        #expect(await setup.listenerMetric("roastbot_http_connections_open", reaches: 0), "the connections are gone")
        #expect(await setup.listenerMetric("roastbot_http_buffered_bytes") == 0, "and nothing they sent is held")
        let refusals = setup.bot.log.components(separatedBy: "\n").filter { $0.contains("secret token") }
        #expect(refusals.count == 1, "one line for the flood so far: \(refusals.count)")

        setup.bot.signal(SIGTERM)
        #expect(await setup.bot.waitForExit(timeout: 15) == 0)
        let counted = setup.bot.log.components(separatedBy: "\n").filter { $0.contains("secret token") }
        #expect(counted.count == 2, "the count of the rest when the bot stops")
        #expect(counted.last?.contains("\(connections * perConnection - 1)") == true, "\(counted.last ?? "")")
        let webhookRequests = setup.bot.log.components(separatedBy: "\n").filter { $0.contains("forged") }
        #expect(webhookRequests.isEmpty, "a refused secret is never logged")
        await fake.stop()
    }

    /// Issue 25 §6: what a listener on a public address exposes is said at start, with what must stand
    /// in front of it.
    @Test func aListenerOnAPublicAddressIsNamedAtStartWithWhatMustStandInFront() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let setup = try ListenerBot(fake, host: "0.0.0.0")
        defer { setup.bot.cleanUp() }
        try setup.bot.start(arguments: setup.arguments)
        #expect(await fake.waitFor(timeout: .seconds(30)) { fake.webhook != nil })
        let log = setup.bot.log.components(separatedBy: "\n")
        let webhook = log.filter { $0.contains("0.0.0.0:\(setup.webhookPort)") && $0.contains("reachable from other machines") }
        let metrics = log.filter { $0.contains("0.0.0.0:\(setup.metricsPort)") && $0.contains("reachable from other machines") }
        #expect(webhook.count == 1 && webhook.first!.contains("reverse proxy"), "\(webhook)")
        #expect(metrics.count == 1 && metrics.first!.contains("firewall"), "\(metrics)")
        #expect(webhook.first?.contains("warning") == true && metrics.first?.contains("warning") == true)
        setup.bot.signal(SIGTERM)
        #expect(await setup.bot.waitForExit(timeout: 15) == 0)
        await fake.stop()
    }
}
