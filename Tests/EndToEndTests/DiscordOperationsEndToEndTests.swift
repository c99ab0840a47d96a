import Foundation
import RoastTesting
import Testing

/// The operator's side of the real binary serving the fake Discord, as for Telegram: the metrics address serves
/// `/healthz` (healthy while the gateway session is open and the database takes writes; `roastbot health` agrees)
/// and `/metrics` (the bot's counters move with a slash command; the store's and the process's gauges are there).
@Suite(.timeLimit(.minutes(3))) struct DiscordOperationsEndToEndTests {
    static let guild: Int64 = 1_200_000_000_000_000_401
    static let channel: Int64 = 1_200_000_000_000_000_501
    static let alice = FakeDiscordUser(id: 1_300_000_000_000_000_401, username: "alice")

    @Test func healthzIsOKWhileTheGatewayIsOpenAndMetricsCountACommand() async throws {
        let discord = FakeDiscord()
        // The 3 seconds are checked elsewhere (DiscordPlatformEndToEndTests); a loaded machine must not fail this.
        discord.rest.interactionDeadline = 60
        try await discord.start()
        discord.rest.registerChannel(FakeDiscordChannel(id: Self.channel, type: 0, guildID: Self.guild, name: "general"))
        let port = OperationsProbe.freePort()
        let bot = try BotProcess(discord: discord, extraEnvironment: ["ROASTBOT_METRICS_ADDRESS": "127.0.0.1:\(port)"])
        defer { bot.cleanUp() }
        try bot.start()
        defer { Task { await discord.stop() } }
        let rest = discord.rest
        #expect(await rest.waitFor(timeout: .seconds(60)) { discord.gateway.currentSessionID != nil }, "\(bot.log)")

        let healthURL = "http://127.0.0.1:\(port)/healthz"
        var health = await OperationsProbe.get(healthURL)
        // READY reaches the bot just after the fake records the session.
        for _ in 0..<50 where health?.status != 200 {
            try await Task.sleep(for: .milliseconds(100))
            health = await OperationsProbe.get(healthURL)
        }
        let healthy = try #require(health, "the health endpoint answers: \(bot.log)")
        #expect(healthy.status == 200, "\(healthy.text)")
        #expect(healthy.text.hasPrefix("ok") && healthy.text.contains("gateway"), "\(healthy.text)")
        let command = try HealthEndToEndTests.healthCommand(port: port)
        #expect(command.status == 0, "\(command.output)")

        let used = try #require(discord.useCommand("roast", by: Self.alice, channelID: Self.channel, guildID: Self.guild))
        let answered = await rest.waitFor(timeout: .seconds(30)) {
            guard let id = rest.interaction(used.id)?.originalMessageID, let message = rest.message(id) else { return false }
            return !message.isLoading
        }
        #expect(answered, "\(bot.log)")

        let metrics = try #require(await OperationsProbe.get("http://127.0.0.1:\(port)/metrics"), "the metrics endpoint answers")
        #expect(metrics.status == 200)
        let values = OperationsProbe.samples(metrics.text)
        func value(_ name: String, _ labels: [String: String] = [:]) -> Double { values[OperationsProbe.series(name, labels)] ?? -1 }
        #expect(value("roastbot_updates_received_total", ["kind": "command"]) == 1, "\(metrics.text)")
        #expect(value("roastbot_updates_applied_total", ["kind": "command"]) == 1)
        #expect(value("roastbot_handler_duration_seconds_count", ["kind": "command"]) == 1)
        #expect(value("roastbot_database_available") == 1)
        #expect(value("roastbot_database_size_bytes") > 0)
        #expect(value("roastbot_outbox_pending") >= 0)
        #expect(value("roastbot_platform_last_contact_age_seconds") == 0, "the gateway session is open")
        #expect(value("process_resident_memory_bytes") > 1_000_000)
        #expect(value("roastbot_http_connections_open", ["listener": "metrics"]) >= 1)

        bot.signal(SIGTERM)
        #expect(await bot.waitForExit(timeout: 30) == 0, "\(bot.log)")
    }
}
