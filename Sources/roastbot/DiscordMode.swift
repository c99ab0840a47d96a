import ArgumentParser
import ChatPlatform
import CurlHTTP
import DiscordAPI
import DiscordAdapter
import DiscordGateway
import Foundation
import Logging
import RoastBot
import RoastStore
import ServiceLifecycle
import Timekeeping

/// Serving Discord: the REST client (`DISCORD_API_URL`), the gateway session (its address from `GET /gateway/bot`),
/// the platform, the bot, and the services it shares with Telegram (outbox, scheduler, banners, collections,
/// backups) and the operator's side (``Operations``: metrics, health, systemd's watchdog).
enum DiscordMode {
    /// How long the gateway session may stay closed before the bot counts as unhealthy: a resume after op 7, a
    /// dropped connection or a zombie takes seconds (the first retry within a second); a minute without a session is
    /// Discord out of reach, the identify budget spent, or backoff after repeated failures.
    static let gatewaySilenceLimit: Duration = .seconds(60)

    static func run(settings: BotSettings) async throws {
        guard let token = settings.discord.token else { Composition.fail("no Discord bot token") }
        let (logger, pseudonyms) = Composition.bootstrapLogging(
            level: settings.logLevel, format: settings.logFormat, secrets: [token, settings.ai.key].compactMap { $0 })
        // The bot's "now" may be simulated; transport waits (rate limits, heartbeats, deadlines) always use real time.
        let botClock = Composition.clock(settings)
        let transportClock = SystemClock()
        let http = CurlHTTPClient()
        defer { http.shutdown() }
        let client = DiscordClient(
            token: DiscordBotToken(token), http: http, configuration: DiscordClient.Configuration(baseURL: settings.discord.apiURL),
            clock: transportClock, logger: logger)
        // The token is checked once before anything else: the session would otherwise retry a refused
        // GET /gateway/bot with backoff for ever. Discord unreachable is left to the session, which waits it out.
        async let tokenCheck = checkToken(client)
        async let loadedLibrary = Composition.loadLibrary(settings)
        async let loadedCollections = Composition.loadCollections(settings)
        async let loadedSafety = Composition.safetyFilter(settings, logger: logger)
        let (database, lock) = try Composition.openDatabase(
            settings.databasePath ?? BotSettings.defaultDiscordDatabase, faults: settings.storeFaultFile.map(StoreFaults.init(switchFile:)),
            pseudonyms: pseudonyms)
        defer { withExtendedLifetime(lock) {} }
        defer { database.close() }
        let operations = Operations(
            metricsAddress: settings.metricsAddress, contact: PlatformContact(name: "gateway session"),
            status: "connecting to Discord", logger: logger)
        let library = try await loadedLibrary
        let collections = await loadedCollections
        let safety = await loadedSafety
        if await tokenCheck == .refused {
            Composition.fail(
                "Discord refused the bot token (HTTP 401); check \(settings.origin(of: "discord.token"))",
                code: Composition.unauthorizedExitCode)
        }

        Composition.returnLargeBlocksToTheSystem()
        let renderer = RendererProcess(executable: RendererProcess.besideThisExecutable(), logger: logger)
        defer { renderer.stop() }
        let platform = DiscordPlatform(client: client, clock: transportClock, logger: logger)
        let ai = Composition.aiSource(settings, safety: safety, http: http, clock: transportClock, logger: logger)
        let runtime = try BotRuntime(
            database: database, library: library, platform: platform, clock: botClock, logger: logger, seed: settings.seed,
            safety: safety, ai: ai, collections: collections, abuseGate: Composition.abuseGate(settings), pictures: renderer,
            metrics: operations.metrics.bot, health: operations.store, clockRate: Composition.clockRate(settings))
        // Before any interaction: which commands' answers (and so their "thinking…") are for the person alone.
        await platform.learn(runtime.menu.published)
        let session = DiscordGatewaySession(
            configuration: GatewayConfiguration(
                token: DiscordBotToken(token), intents: .bot(messageContent: settings.discord.messageContent)),
            clock: transportClock, logger: logger, gatewayBot: { try await client.getGatewayBot() })
        let gateway = DiscordGatewayService(
            session: session, platform: platform, pipeline: runtime.pipeline, commands: runtime.menu.published, client: client,
            commandGuild: settings.discord.commandGuild.map { DiscordGuildID($0) }, contact: operations.contact,
            clock: transportClock, logger: logger)
        let health = operations.healthCheck(database: database, silenceLimit: gatewaySilenceLimit, clock: transportClock)
        let listeners = await operations.startListeners(
            platformRoutes: [:], health: health, database: database, ai: ai, clock: botClock, transportClock: transportClock,
            logger: logger)

        let services = Operations.botServices(
            ingress: [DiscordAppliedKeys(database: database, clock: transportClock, logger: logger), gateway], runtime: runtime,
            settings: settings, database: database, collections: collections, botClock: botClock, transportClock: transportClock,
            logger: logger)
        do {
            try await operations.run(services, listeners: listeners, health: health, logger: logger)
        } catch let error as GatewayFinalError {
            // 4004 and 4010–4014: reconnecting cannot help; one line for the operator, no retry loop.
            logger.critical("Discord closed the gateway for good", metadata: ["code": "\(error.closeCode)"])
            FileHandle.standardError.write(Data("roastbot: \(error.operatorMessage)\n".utf8))
            throw ExitCode(error.closeCode == 4004 ? Composition.unauthorizedExitCode : 1)
        }
        logger.info("stopped")
    }
}

extension DiscordMode {
    enum TokenCheck {
        case accepted
        case refused
        /// Discord did not answer (or refused for another reason): the session finds out.
        case unknown
    }

    /// `GET /gateway/bot` once: whether Discord takes the token.
    static func checkToken(_ client: DiscordClient) async -> TokenCheck {
        do {
            _ = try await client.getGatewayBot()
            return .accepted
        } catch .unauthorized {
            return .refused
        } catch {
            return .unknown
        }
    }
}

/// Runs the gateway session and feeds its dispatches, one at a time and in order, through the pipeline (each is
/// received as it arrives, so the platform answers any interaction before Discord's 3 seconds, however long the
/// queue); registers the commands once the first READY names the application; refuses a dispatch older than
/// ``DiscordReplayWindow`` (its key may be forgotten); keeps ``contact`` open while the session is.
struct DiscordGatewayService: Service {
    let session: DiscordGatewaySession
    let platform: DiscordPlatform
    let pipeline: EventPipeline
    let commands: [MenuCommand]
    let client: DiscordClient
    let commandGuild: DiscordGuildID?
    /// Open while the session is (READY or RESUMED until the connection ends), for the health check.
    let contact: PlatformContact
    /// The clock `contact` is recorded on.
    let clock: any WallClock
    let logger: Logger

    func run() async throws {
        try await withGracefulShutdownHandler {
            // Received and processed apart: each dispatch is received (an interaction's deadline timer starts) as it
            // arrives, while the pipeline works through the ones before it — a burst of a thousand commands would
            // otherwise start the timer of the last only once the others were applied, seconds after Discord's 3.
            let (envelopes, queue) = AsyncStream.makeStream(of: IncomingEnvelope.self)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await session.run() }
                group.addTask {
                    await consume(into: queue)
                    queue.finish()
                }
                group.addTask {
                    for await envelope in envelopes { await pipeline.process([envelope], from: .discord, nextOffset: nil) }
                }
                try await group.waitForAll()
            }
        } onGracefulShutdown: {
            session.stop()
        }
        logger.info("gateway stopped")
    }

    /// Receives every dispatch in order and queues its event for the pipeline, in the same order.
    private func consume(into queue: AsyncStream<IncomingEnvelope>.Continuation) async {
        var translator: DiscordEventTranslator?
        var registered = false
        for await event in session.events {
            let raw: GatewayDispatch
            switch event {
            case .stateChanged(.ready), .stateChanged(.resumed):
                contact.opened(atUptime: clock.uptime)
                continue
            case .stateChanged:
                contact.closed(atUptime: clock.uptime)
                continue
            case .dispatch(let dispatch):
                raw = dispatch
            }
            let dispatch = DiscordDispatch(name: raw.name, json: raw.data)
            if case .ready(let ready) = dispatch {
                translator = DiscordEventTranslator(botUserID: ready.user.id, applicationID: ready.application.id)
                logger.info("connected to Discord", metadata: ["bot": "\(ready.user.username)", "guilds": "\(ready.guilds.count)"])
                if !registered {
                    registered = true
                    let menu = DiscordCommandMenu(client: client, application: ready.application.id, guild: commandGuild, logger: logger)
                    Task { [commands] in try? await menu.publish(commands) }
                }
                continue
            }
            guard let translator else { continue }
            if let key = DiscordReplayWindow.staleKey(of: dispatch, at: clock.now) {
                // Its key may be forgotten already (see DiscordAppliedKeys): applying it could apply it twice.
                logger.notice(
                    "dispatch older than the replay window skipped",
                    metadata: ["event": "\(raw.name)", "key": "\(key)", "made": "\(InstantText.utc(DiscordInteractionID(key).timestamp))"])
                continue
            }
            switch await platform.receive(dispatch, with: translator) {
            case .event(let envelope):
                queue.yield(envelope)
            case .skip(let reason):
                logger.debug("dispatch skipped", metadata: ["event": "\(raw.name)", "reason": "\(reason)"])
            }
        }
    }
}
