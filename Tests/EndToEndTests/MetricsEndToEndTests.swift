import ChatPlatform
import Foundation
import RoastTesting
import Testing

@testable import RoastStore

/// The real binary with its metrics listener on: `/metrics` lists every figure the operator needs,
/// and they move with traffic and faults — updates by kind, sends and a 429, an outbox backlog and
/// its age, AI calls falling back.
@Suite(.serialized)
struct MetricsEndToEndTests {
    static let team = FakeChat(id: -700_001, type: .supergroup, title: "Metrics team")
    static let backlogged = FakeChat(id: -700_002, type: .supergroup, title: "Busy team")
    static let user = FakeUser(id: 7_001, firstName: "Mia", languageCode: "en")

    /// Every series name docs/operating.md lists.
    static let names = [
        "roastbot_updates_received_total", "roastbot_updates_applied_total", "roastbot_updates_skipped_total",
        "roastbot_handler_duration_seconds_bucket", "roastbot_handler_duration_seconds_count", "roastbot_commit_duration_seconds_count",
        "roastbot_outbox_pending", "roastbot_outbox_oldest_pending_age_seconds", "roastbot_outbox_settled_total",
        "roastbot_outbox_postponed_total", "roastbot_telegram_requests_total", "roastbot_telegram_429_total",
        "roastbot_telegram_retry_after_seconds_total", "roastbot_telegram_poll_lag_seconds", "roastbot_ai_calls_total",
        "roastbot_ai_fallbacks_total", "roastbot_ai_circuit_state", "roastbot_scheduled_posts_total", "roastbot_database_size_bytes",
        "roastbot_database_wal_size_bytes", "roastbot_database_available", "roastbot_platform_last_contact_age_seconds",
        "process_resident_memory_bytes", "roastbot_http_connections_open", "roastbot_http_requests_in_handlers",
        "roastbot_http_buffered_bytes", "roastbot_http_connections_shed_total", "roastbot_http_requests_refused_total",
    ]

    @Test func metricsMoveWithTrafficBacklogAndFloodControl() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let port = OperationsProbe.freePort()
        let bot = try BotProcess(
            fake: fake,
            extraEnvironment: [
                "ROASTBOT_METRICS_ADDRESS": "127.0.0.1:\(port)",
                // An AI provider on a closed port: every call fails fast and the library answers.
                "ROASTBOT_AI_URL": "http://127.0.0.1:9/v1", "ROASTBOT_AI_MODEL": "test-model",
            ])
        defer { bot.cleanUp() }
        // 40 scheduled posts already queued for one group, from before the bot's clock starts
        // (2026-03-02 03:00 in Vietnam): a backlog of known age that the group limit drains slowly.
        let database = try RoastDatabase(path: bot.databasePath)
        let queuedAt = try #require(ISO8601DateFormatter().date(from: "2026-03-01T19:50:00Z"))
        try database.write { tx in
            _ = try tx.ensureChat(ChatRef(id: ChatID(Self.backlogged.id), kind: .supergroup), defaultLanguage: .en, at: queuedAt)
            for index in 0..<40 {
                try tx.enqueue(
                    .send(OutgoingMessage(text: RichText(plain: "Daily \(index)"))), chat: ChatID(Self.backlogged.id), anchor: nil,
                    at: queuedAt, priority: .broadcast)
            }
        }
        database.close()
        fake.registerChat(Self.backlogged)
        try bot.start()
        #expect(await fake.waitFor(timeout: .seconds(30)) { !fake.requests(method: "getUpdates").isEmpty })
        let url = "http://127.0.0.1:\(port)/metrics"

        let first = try #require(await OperationsProbe.get(url), "the metrics listener answers")
        #expect(first.status == 200)
        for name in Self.names {
            #expect(first.text.contains("\n" + name) || first.text.hasPrefix(name), "metrics list \(name)")
        }
        var values = OperationsProbe.samples(first.text)
        #expect((values[OperationsProbe.series("roastbot_outbox_pending")] ?? 0) >= 20, "the backlog shows")
        #expect((values[OperationsProbe.series("roastbot_outbox_oldest_pending_age_seconds")] ?? 0) >= 600, "its oldest row's age shows")
        #expect((values["roastbot_database_size_bytes"] ?? 0) > 0)
        #expect((values["process_resident_memory_bytes"] ?? 0) > 1_000_000)
        #expect(values["roastbot_database_available"] == 1)

        // Three commands, the first send refused once by flood control.
        fake.injectFault(.tooManyRequests(retryAfter: 1), method: "sendMessage")
        for _ in 0..<3 { fake.commandMessage(chat: Self.team, from: Self.user, text: "/roast") }
        #expect(await fake.waitForMessages(3, in: Self.team.id, timeout: 30).count == 3)
        let after = try #require(await OperationsProbe.get(url))
        values = OperationsProbe.samples(after.text)
        func value(_ name: String, _ labels: [String: String] = [:]) -> Double { values[OperationsProbe.series(name, labels)] ?? -1 }
        #expect(value("roastbot_updates_received_total", ["kind": "command"]) == 3)
        #expect(value("roastbot_updates_applied_total", ["kind": "command"]) == 3)
        #expect(value("roastbot_handler_duration_seconds_count", ["kind": "command"]) == 3)
        #expect(value("roastbot_commit_duration_seconds_count") >= 3)
        #expect(value("roastbot_telegram_429_total", ["method": "sendMessage"]) == 1, "the 429 is counted")
        #expect(value("roastbot_telegram_retry_after_seconds_total") == 1)
        #expect(value("roastbot_telegram_requests_total", ["method": "sendMessage", "outcome": "retry_after"]) == 1)
        #expect(value("roastbot_telegram_requests_total", ["method": "sendMessage", "outcome": "ok"]) >= 3)
        #expect(value("roastbot_telegram_requests_total", ["method": "getUpdates", "outcome": "ok"]) >= 1)
        #expect(value("roastbot_ai_calls_total", ["outcome": "unreachable"]) >= 1, "the AI provider was asked")
        #expect(value("roastbot_ai_fallbacks_total") == 3, "and the library answered every time")
        #expect(value("roastbot_outbox_settled_total", ["outcome": "delivered"]) >= 3)
        #expect(value("roastbot_outbox_pending") >= 1 && value("roastbot_outbox_pending") < 40, "the backlog drains")
        await fake.stop()
    }
}
