import Foundation
import RoastTesting
import Testing

/// The operator's side of the real binary serving the fake Discord, as for Telegram: the metrics address serves
/// `/healthz` (healthy while the gateway session is open and the database takes writes; `roastbot health` agrees)
/// and `/metrics` (the bot's counters move with a slash command; the store's and the process's gauges are there);
/// Discord out of reach for over a minute makes it unhealthy, said in systemd's status, without a restart.
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

    /// systemd's watchdog in Discord mode: pinged while the gateway session is open, and still pinged once Discord
    /// has been out of reach for longer than the minute a resume may take — the process is alive and waits Discord
    /// out, so a restart would only lose what is in flight — while `/healthz`, `roastbot health` and the unit's
    /// status say the gateway is the reason.
    @Test func discordOutOfReachForAMinuteIsUnhealthyButTheWatchdogIsStillPinged() async throws {
        let discord = FakeDiscord()
        try await discord.start()
        let socket = try NotifySocket()
        defer { socket.close() }
        let port = OperationsProbe.freePort()
        let bot = try BotProcess(
            discord: discord,
            extraEnvironment: ["ROASTBOT_METRICS_ADDRESS": "127.0.0.1:\(port)", "NOTIFY_SOCKET": socket.path, "WATCHDOG_USEC": "2000000"])
        defer { bot.cleanUp() }
        try bot.start()
        #expect(await socket.waitFor(timeout: 60) { $0.contains("READY=1") }, "READY=1: \(bot.log)")
        #expect(await discord.rest.waitFor(timeout: .seconds(60)) { discord.gateway.currentSessionID != nil }, "\(bot.log)")
        #expect(await socket.waitFor(timeout: 30) { $0.contains("STATUS=ok") }, "\(socket.received)")

        // Discord gone: the session closes, and every attempt to reach it again fails.
        await discord.stop()
        let healthURL = "http://127.0.0.1:\(port)/healthz"
        var health = await OperationsProbe.get(healthURL)
        #expect(health?.status == 200, "a closed session is healthy while a resume may still come: \(health?.text ?? "")")
        let deadline = ContinuousClock.now + .seconds(120)
        while health?.status != 503, ContinuousClock.now < deadline {
            try await Task.sleep(for: .seconds(1))
            health = await OperationsProbe.get(healthURL)
        }
        let unhealthy = try #require(health, "the health endpoint answers: \(bot.log)")
        #expect(unhealthy.status == 503, "\(unhealthy.text)")
        #expect(unhealthy.text.contains("gateway session"), "\(unhealthy.text)")
        let command = try HealthEndToEndTests.healthCommand(port: port)
        #expect(command.status != 0, "\(command.output)")
        #expect(await socket.waitFor(timeout: 10) { $0.contains("STATUS=") && $0.contains("gateway session") && !$0.contains("STATUS=ok") })
        socket.clear()
        #expect(await socket.waitFor(timeout: 10) { $0.contains("WATCHDOG=1") }, "still pinged while Discord is out of reach")

        bot.signal(SIGTERM)
        #expect(await bot.waitForExit(timeout: 30) == 0, "\(bot.log)")
        #expect(socket.received.contains { $0.contains("STOPPING=1") })
    }
}
