import CurlHTTP
import DiscordAPI
import DiscordGateway
import Foundation
import Logging
import RoastTesting
import Synchronization
import Testing
import Timekeeping
import WebSocketClient

/// The gateway session with the real WebSocket client, on sockets, against the fake Discord gateway:
/// identify, heartbeats, resumes with the gap delivered exactly once, fresh sessions, final close codes
/// and the identify budget — with the fake's checks of Discord's rules passing throughout.
@Suite(.timeLimit(.minutes(3))) struct DiscordGatewayEndToEndTests {
    /// A running session against a running fake, with every event the session handed up.
    final class Run: Sendable {
        /// REST and the gateway on one server, as the bot will see Discord.
        let discord: FakeDiscord
        var fake: FakeDiscordGateway { discord.gateway }
        let session: DiscordGatewaySession
        let outcome: Task<GatewayFinalError?, Never>
        private let http = CurlHTTPClient()
        private let collected = Mutex<[GatewayEvent]>([])

        init(
            configuration: FakeDiscordGatewayConfiguration = FakeDiscordGatewayConfiguration(
                heartbeatIntervalMilliseconds: 1_000, heartbeatToleranceMilliseconds: 3_000),
            gatewayToken: String? = nil, generator: some RandomNumberGenerator & Sendable = SystemRandomNumberGenerator(),
            prepare: (FakeDiscordGateway) -> Void = { _ in }
        ) async throws {
            discord = FakeDiscord(gateway: configuration)
            prepare(discord.gateway)
            try await discord.start()
            // The gateway address and the identify budget come from GET /gateway/bot, asked with the REST client.
            let rest = DiscordClient(
                token: DiscordBotToken(discord.token), http: http, configuration: DiscordClient.Configuration(baseURL: discord.apiBaseURL))
            let gatewayConfiguration = GatewayConfiguration(
                token: DiscordBotToken(gatewayToken ?? discord.token), invalidSessionDelay: 1...2)
            session = DiscordGatewaySession(
                configuration: gatewayConfiguration,
                transport: WebSocketGatewayTransport(configuration: WebSocketConfiguration(closeTimeout: 1)), clock: SystemClock(),
                generator: generator, logger: Logger(label: "gateway-e2e", factory: { _ in SwiftLogNoOpLogHandler() })
            ) {
                try await rest.getGatewayBot()
            }
            let session = self.session
            outcome = Task {
                do throws(GatewayFinalError) {
                    try await session.run()
                    return nil
                } catch {
                    return error
                }
            }
            Task { [self] in
                for await event in session.events { collected.withLock { $0.append(event) } }
            }
        }

        var events: [GatewayEvent] { collected.withLock { $0 } }

        var dispatches: [GatewayDispatch] {
            events.compactMap {
                guard case .dispatch(let dispatch) = $0 else { return nil }
                return dispatch
            }
        }

        func dispatchNames() -> [String] { dispatches.map(\.name) }

        /// Waits until the session has handed up `count` dispatches named `name`.
        func waitForDispatches(_ name: String, count: Int = 1, timeout: Duration = .seconds(30)) async -> Bool {
            await fake.waitFor(timeout: timeout) { [self] in dispatches.filter { $0.name == name }.count >= count }
        }

        func finish() async {
            session.stop()
            _ = await outcome.value
            await discord.stop()
            http.shutdown()
        }
    }

    /// Message ids carried by MESSAGE_CREATE dispatches, in the order the session handed them up.
    static func messageIDs(_ run: Run) -> [String] {
        run.dispatches.filter { $0.name == "MESSAGE_CREATE" }.compactMap {
            (try? JSONSerialization.jsonObject(with: $0.data) as? [String: Any])?["id"] as? String
        }
    }

    static func message(_ id: String) -> String { #"{"id":"\#(id)","channel_id":"7","content":""}"# }

    @Test func identifiesWithTheBotIntentsAndHeartbeatsOnTime() async throws {
        let run = try await Run()
        #expect(await run.waitForDispatches("READY"))
        let identify = try #require(run.fake.identifies.first)
        #expect(identify.intents == 5633)
        #expect(identify.properties == ["os": "linux", "browser": "roastbot", "device": "roastbot"])
        #expect(identify.outcome == "ready")
        #expect(run.fake.connections.first?.query == ["v": "10", "encoding": "json"])
        run.fake.dispatch("MESSAGE_CREATE", Self.message("m1"))
        #expect(await run.fake.waitFor(timeout: .seconds(30)) { run.fake.heartbeats.count >= 3 })
        #expect(run.fake.heartbeats.last?.sequence == 2)
        await run.finish()
        #expect(run.fake.connections.first?.clientCloseCode == 1000)
        #expect(run.fake.identifies.count == 1)
        #expect(run.fake.violations == [])
    }

    /// Draws the largest value every time: the first heartbeat waits almost the whole interval.
    struct LateJitter: RandomNumberGenerator, Sendable {
        mutating func next() -> UInt64 { .max }
    }

    @Test func answersTheServersHeartbeatRequestAtOnce() async throws {
        // A 60 s interval and a first beat due after about 60 s: a beat within seconds is the answer to op 1.
        let run = try await Run(
            configuration: FakeDiscordGatewayConfiguration(heartbeatIntervalMilliseconds: 60_000), generator: LateJitter())
        #expect(await run.waitForDispatches("READY"))
        #expect(run.fake.heartbeats.isEmpty)
        run.fake.requestHeartbeat()
        #expect(await run.fake.waitFor(timeout: .seconds(20)) { run.fake.heartbeats.count == 1 })
        #expect(run.fake.heartbeats.first?.sequence == 1)
        await run.finish()
        #expect(run.fake.violations == [])
    }

    @Test func aSlashCommandUsedOnTheFakeArrivesAsAnInteractionDispatch() async throws {
        let run = try await Run()
        #expect(await run.waitForDispatches("READY"))
        let ready = try #require(run.dispatches.first)
        guard case .ready(let session) = DiscordDispatch(name: ready.name, json: ready.data) else {
            Issue.record("READY did not decode")
            return
        }
        #expect(session.user.id == DiscordUserID(run.discord.rest.botUser.id))
        let linh = FakeDiscordUser(id: 1_200_000_000_000_000_007, username: "linh")
        let interaction = try #require(
            run.discord.useCommand("roast", by: linh, channelID: 1_300_000_000_000_000_001, guildID: 1_300_000_000_000_000_000))
        #expect(await run.waitForDispatches("INTERACTION_CREATE"))
        let dispatch = try #require(run.dispatches.last)
        guard case .interactionCreate(let decoded) = DiscordDispatch(name: dispatch.name, json: dispatch.data) else {
            Issue.record("INTERACTION_CREATE did not decode: \(DiscordDispatch(name: dispatch.name, json: dispatch.data))")
            return
        }
        #expect(decoded.id.rawValue == interaction.id)
        #expect(run.fake.gatewayBotRequests == 1)
        await run.finish()
        #expect(run.fake.violations == [])
    }

    @Test func resumesAfterAReconnectRequestDeliveringTheGapOnce() async throws {
        let run = try await Run()
        #expect(await run.waitForDispatches("READY"))
        run.fake.dispatch("MESSAGE_CREATE", Self.message("before"))
        #expect(await run.waitForDispatches("MESSAGE_CREATE"))
        run.fake.requestReconnect()
        run.fake.dispatch("MESSAGE_CREATE", Self.message("gap-1"))
        run.fake.dispatch("MESSAGE_CREATE", Self.message("gap-2"))
        #expect(await run.waitForDispatches("RESUMED"))
        run.fake.dispatch("MESSAGE_CREATE", Self.message("after"))
        #expect(await run.waitForDispatches("MESSAGE_CREATE", count: 4))
        #expect(Self.messageIDs(run) == ["before", "gap-1", "gap-2", "after"])
        #expect(run.dispatches.map(\.sequence) == Array(1...6))
        let resume = try #require(run.fake.resumes.first)
        #expect(resume.accepted)
        #expect(run.fake.connections.map(\.path) == [run.fake.gatewayPath, run.fake.resumePath])
        #expect(run.fake.connections.first.map { $0.clientCloseCode != 1000 && $0.clientCloseCode != 1001 } == true)
        #expect(run.fake.identifies.count == 1)
        await run.finish()
        #expect(run.fake.violations == [])
    }

    @Test func resumesAfterADroppedConnectionDeliveringWhatWasSentMeanwhileOnce() async throws {
        let run = try await Run()
        #expect(await run.waitForDispatches("READY"))
        run.fake.dropConnections()
        run.fake.dispatch("MESSAGE_CREATE", Self.message("while-down-1"))
        run.fake.dispatch("MESSAGE_CREATE", Self.message("while-down-2"))
        #expect(await run.waitForDispatches("RESUMED"))
        #expect(Self.messageIDs(run) == ["while-down-1", "while-down-2"])
        #expect(run.fake.resumes.first?.replayed == [2, 3])
        #expect(run.fake.deliveries.filter { $0.name == "MESSAGE_CREATE" }.map(\.isReplay) == [true, true])
        await run.finish()
        #expect(run.fake.identifies.count == 1)
        #expect(run.fake.violations == [])
    }

    @Test func closesAZombieConnectionWithoutEndingTheSessionAndResumes() async throws {
        let run = try await Run()
        #expect(await run.waitForDispatches("READY"))
        run.fake.acknowledgesHeartbeats = false
        #expect(await run.fake.waitFor(timeout: .seconds(30)) { run.fake.connections.first?.clientCloseCode != nil })
        run.fake.acknowledgesHeartbeats = true
        let code = try #require(run.fake.connections.first?.clientCloseCode)
        #expect(code != 1000 && code != 1001)
        run.fake.dispatch("MESSAGE_CREATE", Self.message("during-zombie"))
        #expect(await run.waitForDispatches("RESUMED"))
        #expect(await run.waitForDispatches("MESSAGE_CREATE"))
        #expect(Self.messageIDs(run) == ["during-zombie"])
        await run.finish()
        #expect(run.fake.identifies.count == 1)
        #expect(run.fake.resumes.map(\.accepted) == [true])
        #expect(run.fake.violations == [])
    }

    @Test func invalidSessionStartsAFreshSessionOnTheGatewayURL() async throws {
        let run = try await Run()
        #expect(await run.waitForDispatches("READY"))
        run.fake.invalidateSession(resumable: false)
        #expect(await run.waitForDispatches("READY", count: 2))
        #expect(run.fake.identifies.count == 2)
        #expect(run.fake.resumes.isEmpty)
        #expect(run.fake.connections.map(\.path) == [run.fake.gatewayPath, run.fake.gatewayPath])
        await run.finish()
        #expect(run.fake.violations == [])
    }

    @Test func staleSessionIsRefusedAndANewOneStarted() async throws {
        let run = try await Run()
        #expect(await run.waitForDispatches("READY"))
        run.fake.expireSessions()
        run.fake.dropConnections()
        #expect(await run.waitForDispatches("READY", count: 2))
        #expect(run.fake.resumes.map(\.accepted) == [false])
        #expect(run.fake.connections.map(\.path) == [run.fake.gatewayPath, run.fake.resumePath, run.fake.gatewayPath])
        await run.finish()
        #expect(run.fake.violations == [])
    }

    @Test func closeCodesDecideBetweenResumingAndANewSession() async throws {
        let run = try await Run()
        #expect(await run.waitForDispatches("READY"))
        run.fake.closeConnections(code: 4000)
        #expect(await run.waitForDispatches("RESUMED"))
        run.fake.closeConnections(code: 4009)
        #expect(await run.waitForDispatches("READY", count: 2))
        #expect(run.fake.resumes.count == 1)
        #expect(run.fake.identifies.count == 2)
        await run.finish()
        #expect(run.fake.violations == [])
    }

    @Test(arguments: [(4014, GatewayFinalError.disallowedIntents(.botDefault)), (4013, .invalidIntents(.botDefault))])
    func finalCloseCodeEndsTheSessionWithoutReconnecting(code: Int, error: GatewayFinalError) async throws {
        let run = try await Run { $0.closeNextIdentify(withCode: code) }
        #expect(await run.outcome.value == error)
        try await Task.sleep(for: .seconds(2))
        #expect(run.fake.connections.count == 1)
        #expect(run.fake.identifies.count == 1)
        await run.finish()
    }

    @Test func wrongTokenIsFinal() async throws {
        let run = try await Run(gatewayToken: "not-the-token")
        #expect(await run.outcome.value == .authenticationFailed)
        #expect(GatewayFinalError.authenticationFailed.operatorMessage.contains("DISCORD_BOT_TOKEN"))
        try await Task.sleep(for: .seconds(2))
        #expect(run.fake.connections.count == 1)
        #expect(run.fake.identifies.map(\.tokenMatched) == [false])
        await run.finish()
    }

    @Test func identifyBudgetIsNeverExceeded() async throws {
        var configuration = FakeDiscordGatewayConfiguration(heartbeatIntervalMilliseconds: 1_000, heartbeatToleranceMilliseconds: 3_000)
        configuration.sessionStartRemaining = 2
        configuration.sessionStartResetAfterMilliseconds = 3_600_000
        let run = try await Run(configuration: configuration)
        #expect(await run.waitForDispatches("READY"))
        run.fake.closeConnections(code: 4009)
        // The second Identify waits out max_concurrency's 5 seconds.
        #expect(await run.waitForDispatches("READY", count: 2))
        run.fake.closeConnections(code: 4009)
        // Nothing left: the session waits for Discord's reset (an hour here), not just the 5-second window.
        #expect(
            await run.fake.waitFor(timeout: .seconds(30)) {
                run.events.contains { if case .stateChanged(.waitingForIdentifyBudget(let seconds)) = $0 { seconds > 60 } else { false } }
            })
        try await Task.sleep(for: .seconds(2))
        #expect(run.fake.identifies.count == 2)
        #expect(run.fake.remainingSessionStarts == 0)
        await run.finish()
        #expect(run.fake.violations == [])
    }
}
