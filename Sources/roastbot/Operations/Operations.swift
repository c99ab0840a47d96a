import AIRoasts
import ChatPlatform
import Foundation
import HTTPServing
import Logging
import RoastBot
import RoastCore
import RoastStore
import ServiceLifecycle
import Timekeeping

/// The operator's side of serving a platform, one for Telegram and Discord: the metrics behind `/metrics`, the
/// health check behind `/healthz` and systemd's watchdog, the HTTP listeners, systemd's readiness notice.
///
/// A mode makes it before its runtime (the bot reports to ``metrics`` and ``store``) with its platform's health
/// input — ``contact``: Telegram's polls or webhook deliveries, Discord's gateway session — then starts the
/// listeners with its own routes (Telegram's webhook) beside `/metrics` and `/healthz`, and runs its services
/// inside ``services(around:listeners:health:logger:)``.
struct Operations: Sendable {
    let metrics: MetricsSetup
    /// The pipeline's view of the store (an outage it is waiting out), for the runtime and the health check.
    let store: StoreHealth
    /// When the platform was last in contact, recorded by the mode's ingress.
    let contact: PlatformContact
    private let metricsAddress: ListenAddress?
    private let notifier: SystemdNotifier?
    private let listenerHealth = ListenerHealth()
    private let listenerMetrics: ListenerMetrics

    /// Tells systemd (when it asked, `Type=notify`) that the process is up, with `status` as the unit's status line.
    init(metricsAddress: ListenAddress?, contact: PlatformContact, status: String, logger: Logger) {
        self.metricsAddress = metricsAddress
        self.contact = contact
        metrics = MetricsSetup(enabled: metricsAddress != nil)
        store = StoreHealth(logger: logger)
        listenerMetrics = ListenerMetrics(factory: metrics.factory)
        notifier = SystemdNotifier.fromEnvironment()
        notifier?.send("READY=1\nSTATUS=\(status)")
    }

    /// The verdict of `/healthz` and the watchdog: the store, the listeners, and ``contact`` within `silenceLimit`
    /// (on `clock`'s uptime, the clock the contact is recorded on).
    func healthCheck(database: RoastDatabase, silenceLimit: Duration, clock: any WallClock) -> HealthCheck {
        HealthCheck(
            database: database, store: store, contact: contact, silenceLimit: silenceLimit, clock: clock,
            listeners: { [listenerHealth] in listenerHealth.problem() })
    }

    /// Starts the HTTP listeners: the platform's `routes` and, on the metrics address, `/metrics` (the bot's
    /// figures, the store's and the process's gauges read at scrape time) and `/healthz`. A path of `routes` that
    /// collides with those on the same address stops start-up with one line.
    /// - Parameters:
    ///   - clock: the bot's clock, which dated the outbox rows.
    ///   - transportClock: the clock ``contact`` is recorded on.
    func startListeners(
        platformRoutes: [ListenAddress: [String: HTTPRoute]], health: HealthCheck, database: RoastDatabase,
        ai: (any AIRoastSource)?, clock: any WallClock, transportClock: any WallClock, logger: Logger
    ) async -> [HTTPServer] {
        var routes = platformRoutes
        if let address = metricsAddress, let registry = metrics.registry {
            let gauges = StateGauges(
                factory: metrics.factory, database: database, store: store, contact: contact, clock: clock,
                transportClock: transportClock)
            var circuitState: (@Sendable () -> Int)?
            if let source = ai as? ChatCompletionsRoastSource { circuitState = { source.breakerState.level } }
            let process = ProcessGauges(factory: metrics.factory, circuitState: circuitState)
            for path in [OperationsEndpoints.metricsPath, OperationsEndpoints.healthPath] where routes[address]?[path] != nil {
                Composition.fail("the webhook path \(path) is taken by the metrics listener on the same address")
            }
            routes[address, default: [:]][OperationsEndpoints.metricsPath] = OperationsEndpoints.metrics(registry: registry) {
                [listenerMetrics] in
                gauges.refresh()
                process.refresh()
                listenerMetrics.refresh()
            }
            routes[address, default: [:]][OperationsEndpoints.healthPath] = OperationsEndpoints.health(health)
        }
        return await Self.startListeners(routes, metrics: listenerMetrics, health: listenerHealth, logger: logger)
    }

    /// Runs the mode's `services` until SIGTERM or SIGINT, with the listeners' service first (stopped last:
    /// `/healthz` answers through shutdown) and systemd's watchdog last, when systemd asked for one.
    func run(_ services: [any Service], listeners: [HTTPServer], health: HealthCheck, logger: Logger) async throws {
        var all: [any Service] = []
        if !listeners.isEmpty { all.append(ListenerService(listeners: listeners, logger: logger)) }
        all += services
        if let notifier, let interval = SystemdNotifier.watchdogInterval() {
            all.append(SystemdWatchdogService(notifier: notifier, interval: interval, check: health, logger: logger))
        }
        // Each service is named by its type: the library's default name is `"\(service)"`, a reflection
        // dump of the whole object graph (library, caches…), which would dominate start-up.
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: all.map { .init(service: $0, serviceName: String(describing: type(of: $0))) },
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger))
        try await group.run()
    }

    /// What a platform's bot runs, in start order (a group stops in reverse): the outbox first, so that it
    /// delivers what `ingress` (the platform's updates) committed until they stop; then the collections'
    /// reload, the seasonal banners, the scheduler with data retention, and daily backups when configured.
    static func botServices(
        ingress: [any Service], runtime: BotRuntime, settings: BotSettings, database: RoastDatabase,
        collections: CollectionCatalogStore, botClock: any WallClock, transportClock: any WallClock, logger: Logger
    ) -> [any Service] {
        var services: [any Service] = [OutboxService(outbox: runtime.outbox, grace: settings.shutdownGrace, logger: logger)]
        services += ingress
        services += [
            CollectionCatalogService(
                store: collections, clock: transportClock, reloadRequests: HangupSignal.reloadRequests(), logger: logger),
            SeasonalBannerService(
                database: database, platform: runtime.platform, collections: collections, outbox: runtime.outbox, clock: botClock,
                logger: logger),
            SchedulerService(
                scheduler: runtime.scheduler, outbox: runtime.outbox, clock: botClock, logger: logger,
                retention: DataRetention(database: database, period: Double(settings.retentionDays) * 86_400, logger: logger)),
        ]
        if let backups = dailyBackups(settings, database: database, clock: botClock, logger: logger) { services.append(backups) }
        return services
    }

    /// The daily backups the settings ask for (`backup.directory` and `backup.time`), nil when none.
    static func dailyBackups(_ settings: BotSettings, database: RoastDatabase, clock: any WallClock, logger: Logger) -> (any Service)? {
        guard let directory = settings.backup.directory, let time = LocalTime(settings.backup.time) else { return nil }
        let backups = DailyBackups(
            database: database, directory: directory, time: time, keep: settings.backup.keep, timeZone: .current, logger: logger)
        logger.info("daily backups", metadata: ["directory": "\(directory)", "time": "\(time)", "keep": "\(settings.backup.keep)"])
        return DailyBackupService(backups: backups, clock: clock)
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

}
