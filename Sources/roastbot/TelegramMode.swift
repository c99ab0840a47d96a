import AIRoasts
import ArgumentParser
import ChatPlatform
import CurlHTTP
import Foundation
import HTTPServing
import Logging
import RoastBot
import RoastCore
import RoastStore
import ServiceLifecycle
import TelegramAdapter
import TelegramBotAPI
import Timekeeping

/// Serving Telegram: the composition of the real client, throttle, ingress (long polling or a
/// webhook), bot, and the operator's side (metrics, health, backups, systemd's watchdog).
enum TelegramMode {
    static func run(settings: BotSettings) async throws {
        guard let token = settings.telegram.token else { Composition.fail("no bot token") }
        let webhookURL = settings.webhook.url
        // Made before logging starts, so that the log handler scrubs it like the token.
        let secret = webhookURL.map { _ in WebhookSecret.random() }
        let (logger, pseudonyms) = Composition.bootstrapLogging(
            level: settings.logLevel, format: settings.logFormat, secrets: [token, settings.ai.key, secret?.value].compactMap { $0 })
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
        async let connection = connect(client, forWebhook: webhookURL != nil, clock: transportClock, logger: logger)
        async let loadedLibrary = Composition.loadLibrary(settings)
        async let loadedCollections = Composition.loadCollections(settings)
        async let loadedSafety = Composition.safetyFilter(settings, logger: logger)
        let (database, lock) = try Composition.openDatabase(
            settings.databasePath ?? BotSettings.defaultTelegramDatabase,
            faults: settings.storeFaultFile.map(StoreFaults.init(switchFile:)),
            pseudonyms: pseudonyms)
        defer { withExtendedLifetime(lock) {} }
        defer { database.close() }
        let operations = Operations(
            metricsAddress: settings.metricsAddress,
            contact: PlatformContact(name: webhookURL == nil ? "poll" : "webhook delivery or check"), status: "connecting to Telegram",
            logger: logger)
        let metrics = operations.metrics
        let contact = operations.contact
        let library = try await loadedLibrary
        let collections = await loadedCollections
        let safety = await loadedSafety

        let identity: BotIdentity
        switch await connection {
        case .connected(let connected): identity = connected
        case .refused:
            Composition.fail(
                "Telegram refused the bot token (HTTP 401/404); check \(settings.origin(of: "telegram.token"))",
                code: Composition.unauthorizedExitCode)
        case .stopped: return
        }
        logger.info("connected to Telegram", metadata: ["bot": "@\(identity.username)"])

        Composition.returnLargeBlocksToTheSystem()
        let renderer = RendererProcess(executable: RendererProcess.besideThisExecutable(), logger: logger)
        defer { renderer.stop() }
        // Telegram just answered getMe (and deleteWebhook): the first long poll may take its whole
        // timeout to return, and the bot is not unhealthy meanwhile.
        contact.succeeded(atUptime: transportClock.uptime)
        let throttle = SendThrottle(limits: settings.throttle, clock: transportClock)
        let platform = TelegramPlatform(
            client: client, renderer: TelegramMessageRenderer(botUsername: identity.username), gate: throttle, clock: transportClock,
            logger: logger, metrics: metrics.telegram)
        let ai = Composition.aiSource(settings, safety: safety, http: http, clock: transportClock, logger: logger)
        let runtime = try BotRuntime(
            database: database, library: library, platform: platform, clock: botClock, logger: logger, seed: settings.seed,
            safety: safety, ai: ai, collections: collections, administration: TelegramChatAdministration(client: client),
            inline: TelegramInlineAnswers(client: client), abuseGate: Composition.abuseGate(settings),
            pictures: renderer, metrics: metrics.bot, health: operations.store, clockRate: Composition.clockRate(settings))
        // The command menus are registered while polling starts: start-up does not wait for them.
        let menus = Task { [commands = runtime.menu.published] in
            try? await TelegramCommandMenu(client: client, logger: logger).publish(commands)
        }
        defer { menus.cancel() }
        let translator = UpdateTranslator(botUserID: identity.id, botUsername: identity.username)
        let health = operations.healthCheck(
            database: database, silenceLimit: HealthCheck.silenceLimit(pollTimeout: settings.telegram.pollTimeout), clock: transportClock)

        // A week without updates may have Telegram number the next ones anew, below the mark of
        // applied ids: a mark that old is forgotten before any update is taken.
        AppliedUpdateIDs.forgetStaleMark(in: database, at: botClock.now, logger: logger)

        // The ingress: Telegram's updates by long polling, or delivered to the webhook.
        let ingress: any Service
        var routes: [ListenAddress: [String: HTTPRoute]] = [:]
        if let webhookURL, let secret, let path = settings.webhookPath {
            let pipeline = runtime.pipeline
            let receiver = TelegramWebhookReceiver(
                secret: secret, translator: translator, clock: transportClock, receiptClock: botClock, logger: logger,
                metrics: metrics.telegram, contact: contact, maximumBodyBytes: settings.webhook.maxBodyBytes,
                apply: { envelope in await pipeline.settle([envelope], from: .telegram) },
                skipped: { updateID, reason in PollingService.skipped(updateID, reason, logger: logger, metrics: metrics.bot) })
            let registration = TelegramWebhookRegistration(
                client: client, url: webhookURL, secret: secret, maxConnections: settings.webhook.maxConnections, clock: transportClock,
                logger: logger, contact: contact, confirmingPolledBelow: try database.read { try $0.resumePoint(of: .telegram) })
            ingress = WebhookService(
                registration: registration, receiver: receiver, database: database, clock: botClock,
                checkInterval: Double(max(settings.telegram.pollTimeout, 5)), logger: logger)
            routes[settings.webhook.address, default: [:]][path] = OperationsEndpoints.webhook(receiver)
            logger.info("webhook mode", metadata: ["listen": "\(settings.webhook.address)", "path": "\(path)"])
        } else {
            let poller = TelegramPoller(
                client: client, translator: translator, clock: transportClock, receiptClock: botClock, logger: logger,
                pollTimeout: settings.telegram.pollTimeout, metrics: metrics.telegram, contact: contact)
            let startOffset = try database.read { try $0.resumePoint(of: .telegram) }
            logger.info("polling", metadata: ["offset": "\(startOffset.map(String.init) ?? "none")"])
            ingress = PollingService(
                poller: poller, pipeline: runtime.pipeline, database: database, startOffset: startOffset, logger: logger,
                metrics: metrics.bot)
        }
        let listeners = await operations.startListeners(
            platformRoutes: routes, health: health, database: database, ai: ai, clock: botClock, transportClock: transportClock,
            logger: logger)

        let services = Operations.botServices(
            ingress: [ingress], runtime: runtime, settings: settings, database: database, collections: collections,
            botClock: botClock, transportClock: transportClock, logger: logger)
        do {
            try await operations.run(services, listeners: listeners, health: health, logger: logger)
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

    /// getMe, and for polling deleteWebhook (a webhook is set later, once its listener is up),
    /// retried with backoff while Telegram is unreachable.
    private static func connect(_ client: TelegramBotClient, forWebhook: Bool, clock: any WallClock, logger: Logger) async -> Connection {
        var delay = 1.0
        while !Task.isCancelled {
            do {
                if forWebhook {
                    let me = try await client.getMe()
                    return .connected(BotIdentity(id: me.id, username: me.username ?? ""))
                }
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
}
