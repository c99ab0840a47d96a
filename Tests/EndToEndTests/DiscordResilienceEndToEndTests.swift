import Foundation
import RoastTesting
import Testing

/// The real binary against a fake Discord that misbehaves as Discord does: a session interrupted (op 7, a dropped
/// connection, a zombie) is resumed and what was dispatched in the gap is answered exactly once; a 429 on one route
/// bucket is waited out without holding up another; a final close code ends the process. Gateway timing: run alone
/// (the Makefile's GATEWAY_SUITES).
@Suite(.timeLimit(.minutes(3))) struct DiscordResilienceEndToEndTests {
    typealias Scenario = DiscordBotScenario

    enum Gap: String, CaseIterable, Sendable {
        /// Discord asks for a reconnect (op 7).
        case reconnectRequest
        /// The TCP connection goes away without a close frame.
        case droppedConnection
        /// Heartbeats go unacknowledged: the bot must call the connection a zombie and resume.
        case zombie
    }

    @Test(arguments: Gap.allCases)
    func aCommandInTheGapIsAnsweredOnceAfterTheResume(_ gap: Gap) async throws {
        var configuration = FakeDiscordGatewayConfiguration()
        if gap == .zombie {
            // Heartbeats every 1.5 s so that a zombie shows soon; the fake is lenient about their timing (a loaded machine).
            configuration.heartbeatIntervalMilliseconds = 1_500
            configuration.heartbeatToleranceMilliseconds = 60_000
        }
        let scenario = try await Scenario.start(gateway: configuration)
        defer { scenario.bot.cleanUp() }
        let gateway = scenario.gateway
        let first = try #require(gateway.connections.last { $0.isOpen })

        switch gap {
        case .reconnectRequest:
            gateway.requestReconnect()
        case .droppedConnection:
            gateway.dropConnections()
        case .zombie:
            gateway.acknowledgesHeartbeats = false
            let closed = await gateway.waitFor(timeout: .seconds(60)) {
                gateway.connections.first { $0.id == first.id }?.isOpen == false
            }
            #expect(closed, "the bot kept a connection whose heartbeats went unacknowledged\n\(scenario.bot.log)")
            gateway.acknowledgesHeartbeats = true
        }
        // Dispatched now: in the gap (kept in the session's log and replayed on the resume), or just before the bot
        // leaves the old connection. Either way it must be answered once.
        let used = try #require(
            scenario.discord.useCommand("roast", by: Scenario.alice, channelID: Scenario.channel, guildID: Scenario.guild))
        #expect(await gateway.waitFor(timeout: .seconds(60)) { gateway.resumes.contains(where: \.accepted) }, "\(scenario.bot.log)")
        let roast = await scenario.waitForRoast(used)
        #expect(roast != nil, "\(scenario.bot.log)")
        if gap == .droppedConnection {
            #expect(gateway.resumes.contains { !$0.replayed.isEmpty }, "the dispatch in the gap was not replayed: \(gateway.resumes)")
        }

        // A later command, answered after anything still queued: a second answer to the first would be there by now.
        let later = try #require(
            scenario.discord.useCommand("roast", by: Scenario.bob, channelID: Scenario.channel, guildID: Scenario.guild))
        #expect(await scenario.waitForRoast(later) != nil, "\(scenario.bot.log)")

        #expect(scenario.callbacks(of: used).count == 1)
        #expect(scenario.rest.interaction(used.id)?.refusedCallbacks.isEmpty == true)
        #expect(scenario.rest.interaction(used.id)?.followupIDs.isEmpty == true)
        let roasts = scenario.rest.messages(in: Scenario.channel).filter { !$0.customIDs.isEmpty }
        #expect(roasts.count == 2, "\(roasts.map(\.content))")
        #expect(gateway.identifies.count == 1, "the bot identified again instead of resuming")
        #expect(gateway.violations.isEmpty, "\(gateway.violations)")
        await scenario.stop()
    }

    /// Alice's answer meets a 429 on its bucket (her interaction's webhook); Bob's, in another bucket, is not held up
    /// behind it, and Alice's is sent again only once `retry_after` has passed.
    @Test func aRateLimitedBucketIsWaitedOutWithoutHoldingUpAnother() async throws {
        let retryAfter = 10.0
        let scenario = try await Scenario.start()
        defer { scenario.bot.cleanUp() }
        let rest = scenario.rest
        let edits = FakeDiscordRoutes.editOriginal
        rest.injectRateLimit(route: edits, retryAfter: retryAfter)
        let alices = try #require(
            scenario.discord.useCommand("roast", by: Scenario.alice, channelID: Scenario.channel, guildID: Scenario.guild))
        #expect(
            await rest.waitFor(timeout: .seconds(60)) { rest.requests(route: edits).contains { $0.status == 429 } }, "\(scenario.bot.log)")
        let bobs = try #require(
            scenario.discord.useCommand("roast", by: Scenario.bob, channelID: Scenario.channel, guildID: Scenario.guild))
        #expect(await scenario.waitForRoast(alices) != nil, "\(scenario.bot.log)")
        #expect(await scenario.waitForRoast(bobs) != nil, "\(scenario.bot.log)")

        let requests = rest.requests(route: edits)
        let limited = try #require(requests.first { $0.status == 429 })
        #expect(limited.path.contains(alices.token))
        let retried = try #require(requests.first { $0.path.contains(alices.token) && $0.status == 200 })
        let bobsEdit = try #require(requests.first { $0.path.contains(bobs.token) && $0.status == 200 })
        #expect(retried.arrivedAt - limited.arrivedAt >= retryAfter - 0.05, "sent again before retry_after had passed")
        #expect(bobsEdit.arrivedAt < retried.arrivedAt, "Bob's answer waited for Alice's bucket")
        #expect(requests.filter { $0.path.contains(alices.token) && $0.arrivedAt < retried.arrivedAt }.count == 1)
        #expect(rest.interaction(alices.id)?.refusedCallbacks.isEmpty == true)
        #expect(rest.interaction(bobs.id)?.refusedCallbacks.isEmpty == true)
        await scenario.stop()
    }

    /// 4014 (disallowed intents) and 4004 (authentication failed) are final: the process ends with a non-zero code and
    /// one line for the operator, and never identifies again.
    @Test(arguments: [4014, 4004])
    func aFinalCloseCodeEndsTheProcess(_ code: Int) async throws {
        let discord = FakeDiscord()
        try await discord.start()
        discord.gateway.closeNextIdentify(withCode: code)
        let bot = try BotProcess(discord: discord)
        defer { bot.cleanUp() }
        try bot.start()
        let status = await bot.waitForExit(timeout: 60)
        await discord.stop()
        #expect(status != nil && status != 0, "\(bot.log)")
        #expect(discord.gateway.identifies.count == 1, "\(discord.gateway.identifies)")
        let operatorLines = bot.log.split(separator: "\n").filter { $0.hasPrefix("roastbot: ") }
        #expect(operatorLines.count == 1, "\(bot.log)")
        #expect(operatorLines.first?.contains("gateway close \(code)") == true, "\(operatorLines)")
        #expect(!bot.log.contains(discord.token))
    }
}
