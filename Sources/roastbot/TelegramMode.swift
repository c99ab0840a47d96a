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
        let logger = Composition.bootstrapLogging(
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
            settings.databasePath ?? BotSettings.defaultTelegramDatabase, faults: settings.storeFaultFile.map(StoreFaults.init(switchFile:))
        )
        defer { withExtendedLifetime(lock) {} }
        defer { database.close() }
        let notifier = SystemdNotifier.fromEnvironment()
        notifier?.send("READY=1\nSTATUS=connecting to Telegram")
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
        let metrics = MetricsSetup(enabled: settings.metricsAddress != nil)
        let contact = PlatformContact(name: webhookURL == nil ? "poll" : "webhook delivery or check")
        // Telegram just answered getMe (and deleteWebhook): the first long poll may take its whole
        // timeout to return, and the bot is not unhealthy meanwhile.
        contact.succeeded(atUptime: transportClock.uptime)
        let storeHealth = StoreHealth(logger: logger)
        let throttle = SendThrottle(limits: settings.throttle, clock: transportClock)
        let platform = TelegramPlatform(
            client: client, renderer: TelegramMessageRenderer(botUsername: identity.username), gate: throttle, clock: transportClock,
            logger: logger, metrics: metrics.telegram)
        let ai = Composition.aiSource(settings, safety: safety, http: http, clock: transportClock, logger: logger)
        let runtime = try BotRuntime(
            database: database, library: library, platform: platform, clock: botClock, logger: logger, seed: settings.seed,
            safety: safety, ai: ai, collections: collections, administration: TelegramChatAdministration(client: client),
            inline: TelegramInlineAnswers(client: client), abuseGate: Composition.abuseGate(settings),
            pictures: renderer, metrics: metrics.bot, health: storeHealth)
        // The command menus are registered while polling starts: start-up does not wait for them.
        let menus = Task { [commands = runtime.menu.published] in
            try? await TelegramCommandMenu(client: client, logger: logger).publish(commands)
        }
        defer { menus.cancel() }
        let translator = UpdateTranslator(botUserID: identity.id, botUsername: identity.username)
        let listenerHealth = ListenerHealth()
        let health = HealthCheck(
            database: database, store: storeHealth, contact: contact,
            silenceLimit: HealthCheck.silenceLimit(pollTimeout: settings.telegram.pollTimeout), clock: transportClock,
            listeners: { listenerHealth.problem() })

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
        let listenerMetrics = ListenerMetrics(factory: metrics.factory)
        if let address = settings.metricsAddress, let registry = metrics.registry {
            let gauges = StateGauges(
                factory: metrics.factory, database: database, store: storeHealth, contact: contact, clock: botClock,
                transportClock: transportClock)
            var circuitState: (@Sendable () -> Int)?
            if let source = ai as? ChatCompletionsRoastSource { circuitState = { source.breakerState.level } }
            let process = ProcessGauges(factory: metrics.factory, circuitState: circuitState)
            for path in [OperationsEndpoints.metricsPath, OperationsEndpoints.healthPath] where routes[address]?[path] != nil {
                Composition.fail("the webhook path \(path) is taken by the metrics listener on the same address")
            }
            routes[address, default: [:]][OperationsEndpoints.metricsPath] = OperationsEndpoints.metrics(registry: registry) {
                gauges.refresh()
                process.refresh()
                listenerMetrics.refresh()
            }
            routes[address, default: [:]][OperationsEndpoints.healthPath] = OperationsEndpoints.health(health)
        }
        let listeners = await startListeners(routes, metrics: listenerMetrics, health: listenerHealth, logger: logger)

        var services: [any Service] = []
        if !listeners.isEmpty { services.append(ListenerService(listeners: listeners, logger: logger)) }
        services += [
            OutboxService(outbox: runtime.outbox, grace: settings.shutdownGrace, logger: logger),
            ingress,
            CollectionCatalogService(
                store: collections, clock: transportClock, reloadRequests: HangupSignal.reloadRequests(), logger: logger),
            SeasonalBannerService(
                database: database, platform: runtime.platform, collections: collections, outbox: runtime.outbox, clock: botClock,
                logger: logger),
            SchedulerService(
                scheduler: runtime.scheduler, outbox: runtime.outbox, clock: botClock, logger: logger,
                retention: DataRetention(database: database, period: Double(settings.retentionDays) * 86_400, logger: logger)),
        ]
        if let directory = settings.backup.directory, let time = LocalTime(settings.backup.time) {
            let backups = DailyBackups(
                database: database, directory: directory, time: time, keep: settings.backup.keep, timeZone: .current, logger: logger)
            services.append(DailyBackupService(backups: backups, clock: botClock))
            logger.info("daily backups", metadata: ["directory": "\(directory)", "time": "\(time)", "keep": "\(settings.backup.keep)"])
        }
        if let notifier, let interval = SystemdNotifier.watchdogInterval() {
            services.append(SystemdWatchdogService(notifier: notifier, interval: interval, check: health, logger: logger))
        }
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

    /// Starts one listener per address, each on a thread of its own with the listener's limits, and
    /// says what each exposes; a listener that cannot bind (the port is taken) ends the process with
    /// exit code 1 and one line — a restart may find it free.
    private static func startListeners(
        _ routes: [ListenAddress: [String: HTTPRoute]], metrics: ListenerMetrics, health: ListenerHealth, logger: Logger
    ) async -> [HTTPServer] {
        var listeners: [HTTPServer] = []
        let limits = HTTPLimits().fitted(toOpenFiles: openFileLimit(), listeners: routes.count)
        if limits.connections < HTTPLimits().connections {
            logger.notice(
                "the open-file limit (\(openFileLimit())) allows each HTTP listener \(limits.connections) connections, not \(HTTPLimits().connections): the listeners keep to half of it, the bot's own files and connections have the rest; raise it (LimitNOFILE) for more"
            )
        }
        for (address, paths) in routes.sorted(by: { $0.key.description < $1.key.description }) {
            let operations = paths[OperationsEndpoints.metricsPath] != nil
            let webhookPath = paths.keys.first { $0 != OperationsEndpoints.metricsPath && $0 != OperationsEndpoints.healthPath }
            let name = [webhookPath.map { _ in "webhook" }, operations ? "metrics" : nil].compactMap { $0 }.joined(separator: "+")
            do {
                let listener = try HTTPServer(
                    name: name, host: address.host, port: address.port, routes: paths, limits: limits, logger: logger,
                    events: metrics.events(for: name))
                listener.start()
                listeners.append(listener)
                metrics.watch(listener)
                health.watch(listener)
                logger.info(
                    "HTTP listening",
                    metadata: [
                        "listener": "\(name)", "address": "\(address.host)", "port": "\(listener.port)", "paths": "\(paths.keys.sorted())",
                    ])
                let bound = ListenAddress(host: address.host, port: listener.port)
                if let webhookPath {
                    let maximumBody = paths[webhookPath]?.maximumBodyBytes ?? 0
                    announceWebhook(on: bound, limits: limits, maximumBody: maximumBody, logger: logger)
                }
                if operations, !address.isLoopback {
                    logger.warning(
                        "\(OperationsEndpoints.metricsPath) and \(OperationsEndpoints.healthPath) on \(bound) are reachable from other machines: anyone who can connect reads the bot's figures (chats, backlog, errors, memory); firewall the port, or keep this listener on loopback (127.0.0.1)"
                    )
                }
            } catch {
                for started in listeners { await started.stop(timeout: 0) }
                Composition.fail(error.description, code: 1)
            }
        }
        return listeners
    }

    /// The process's open-file limit (`ulimit -n`, systemd's `LimitNOFILE`, soft): what every file,
    /// socket and pipe of the bot shares.
    private static func openFileLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1_024 }
        return Int(clamping: limit.rlim_cur)  // unlimited (all ones) clamps to Int.max
    }

    /// Says at start what the webhook listener exposes and what must stand in front of it.
    private static func announceWebhook(on address: ListenAddress, limits: HTTPLimits, maximumBody: Int, logger: Logger) {
        guard !address.isLoopback else {
            logger.info(
                "the webhook listener is on loopback: only a TLS reverse proxy on this machine can bring Telegram's deliveries to it")
            return
        }
        logger.warning(
            "the webhook listener on \(address) is reachable from other machines: serve it only through a TLS reverse proxy (Telegram delivers over HTTPS) and let nothing else reach this port. Itself it refuses deliveries without the secret (401), heads over \(limits.headBytes) bytes (431), bodies over \(maximumBody) bytes (413), and keeps at most \(limits.connections) connections"
        )
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
