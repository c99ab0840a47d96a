import ArgumentParser
import CurlHTTP
import Foundation
import Logging
import RoastBot
import RoastCore
import RoastStore
import ServiceLifecycle
import TelegramAdapter
import TelegramBotAPI
import Timekeeping

/// Serving Telegram: the composition of the real client, throttle, poller and bot.
enum TelegramMode {
    static func run(settings: BotSettings) async throws {
        guard let token = settings.telegram.token else { Composition.fail("no bot token") }
        let logger = Composition.bootstrapLogging(level: settings.logLevel, secrets: [token, settings.ai.key].compactMap { $0 })
        // The bot's "now" may be simulated; transport waits (throttle, backoff) always use real time.
        let botClock = Composition.clock(settings)
        let transportClock = SystemClock()
        let http = CurlHTTPClient()
        defer { http.shutdown() }
        let client = TelegramBotClient(
            token: BotToken(token), baseURL: settings.telegram.apiURL, http: http, requestTimeout: settings.telegram.requestTimeout)
        // Reading the library, the collections and the block list is CPU work that does not need
        // Telegram: it runs while the database opens and getMe/deleteWebhook are on the wire. The
        // configuration still comes first: a loader that fails exits with code 2 at once, and
        // Telegram's answer (a refused token is exit code 3) is acted on only once all succeeded —
        // so a bad file is never reported as a bad token, nor waits behind an unreachable Telegram.
        async let connection = connect(client, clock: transportClock, logger: logger)
        async let loadedLibrary = Composition.loadLibrary(settings.libraryPath)
        async let loadedCollections = Composition.loadCollections(settings.collectionsPath)
        async let loadedSafety = Composition.safetyFilter(settings, logger: logger)
        let (database, lock) = try Composition.openDatabase(
            settings.databasePath ?? BotSettings.defaultTelegramDatabase, faults: settings.storeFaultFile.map(StoreFaults.init(switchFile:))
        )
        defer { withExtendedLifetime(lock) {} }
        defer { database.close() }
        let library = try await loadedLibrary
        let collections = await loadedCollections
        let safety = await loadedSafety

        let identity: BotIdentity
        switch await connection {
        case .connected(let connected): identity = connected
        case .refused:
            Composition.fail(
                "Telegram refused the bot token (HTTP 401/404); check TELEGRAM_BOT_TOKEN", code: Composition.unauthorizedExitCode)
        case .stopped: return
        }
        logger.info("connected to Telegram", metadata: ["bot": "@\(identity.username)"])

        Composition.returnLargeBlocksToTheSystem()
        let renderer = RendererProcess(executable: RendererProcess.besideThisExecutable(), logger: logger)
        defer { renderer.stop() }
        let throttle = SendThrottle(limits: settings.throttle, clock: transportClock)
        let platform = TelegramPlatform(
            client: client, renderer: TelegramMessageRenderer(botUsername: identity.username), gate: throttle, clock: transportClock,
            logger: logger)
        let runtime = try BotRuntime(
            database: database, library: library, platform: platform, clock: botClock, logger: logger, seed: settings.seed,
            safety: safety, ai: Composition.aiSource(settings, safety: safety, http: http, clock: transportClock, logger: logger),
            collections: collections, administration: TelegramChatAdministration(client: client),
            inline: TelegramInlineAnswers(client: client), abuseGate: Composition.abuseGate(settings),
            pictures: renderer, links: ShareLinks(botUsername: identity.username))
        // The command menus are registered while polling starts: start-up does not wait for them.
        let menus = Task { [menu = runtime.menu] in await registerCommands(menu, client, logger: logger) }
        defer { menus.cancel() }
        let poller = TelegramPoller(
            client: client, translator: UpdateTranslator(botUserID: identity.id, botUsername: identity.username),
            clock: transportClock, receiptClock: botClock, logger: logger, pollTimeout: settings.telegram.pollTimeout)
        let startOffset = try database.read { try $0.resumePoint(of: .telegram) }
        logger.info("polling", metadata: ["offset": "\(startOffset.map(String.init) ?? "none")"])

        let services: [any Service] = [
            OutboxService(outbox: runtime.outbox, grace: settings.shutdownGrace, logger: logger),
            PollingService(poller: poller, pipeline: runtime.pipeline, startOffset: startOffset, logger: logger),
            CollectionCatalogService(
                store: collections, clock: transportClock, reloadRequests: HangupSignal.reloadRequests(), logger: logger),
            SeasonalBannerService(database: database, collections: collections, outbox: runtime.outbox, clock: botClock, logger: logger),
            SchedulerService(
                scheduler: runtime.scheduler, outbox: runtime.outbox, clock: botClock, logger: logger,
                retention: DataRetention(database: database, period: Double(settings.retentionDays) * 86_400, logger: logger)),
        ]
        // Each service is named by its type: the library's default name is `"\(service)"`, a reflection
        // dump of the whole object graph (library, caches…), which would dominate start-up.
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: services.map { .init(service: $0, serviceName: String(describing: type(of: $0))) },
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger))
        do {
            try await group.run()
        } catch let error as TelegramPollerError {
            logger.critical("Telegram refused the bot token; check TELEGRAM_BOT_TOKEN", metadata: ["error": "\(error)"])
            throw ExitCode(Composition.unauthorizedExitCode)
        }
        logger.info("stopped")
    }

    /// `getMe` and `deleteWebhook`, retried with backoff while Telegram is unreachable; nil when the
    /// task is cancelled (shutdown requested before start-up finished).
    /// How asking Telegram who we are ended.
    private enum Connection {
        case connected(BotIdentity)
        /// The token was refused (HTTP 401/404).
        case refused
        /// Start-up was cancelled (a signal) before Telegram answered.
        case stopped
    }

    /// getMe and deleteWebhook, retried with backoff while Telegram is unreachable.
    private static func connect(_ client: TelegramBotClient, clock: any WallClock, logger: Logger) async -> Connection {
        var delay = 1.0
        while !Task.isCancelled {
            do {
                return .connected(try await TelegramPoller.prepare(client: client))
            } catch  where error.isUnauthorized {
                return .refused
            } catch {
                logger.warning("Telegram not reachable yet; retrying", metadata: ["error": "\(error)", "in": "\(delay)s"])
                try? await clock.sleep(for: delay * Double.random(in: 0.5...1))
                delay = min(delay * 2, 30)
            }
        }
        return .stopped
    }

    /// The command menu in Vietnamese (also the default) and English: everyone's commands by default
    /// and in groups; in private chats everything (anyone may change their private chat's settings);
    /// for group admins, the admin commands too.
    private static func registerCommands(_ menu: CommandMenu, _ client: TelegramBotClient, logger: Logger) async {
        let plan: [(BotCommandScope, CommandSpec.Audience)] = [
            (.default, .everyone), (.allGroupChats, .everyone), (.allPrivateChats, .admins), (.allChatAdministrators, .admins),
        ]
        for (scope, audience) in plan {
            for language in [nil, Language.vi, Language.en] {
                let entries = menu.entries(for: audience, in: language ?? .vi)
                let commands = entries.map { TelegramBotAPI.BotCommand(command: $0.command, description: $0.summary) }
                do {
                    try await client.setMyCommands(commands, scope: scope, languageCode: language?.rawValue)
                } catch {
                    logger.warning("cannot register the command menu", metadata: ["error": "\(error)"])
                }
            }
        }
    }
}
