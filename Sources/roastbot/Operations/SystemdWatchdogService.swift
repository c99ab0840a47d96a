import Logging
import RoastBot
import ServiceLifecycle

/// systemd's watchdog (`WatchdogSec=` in the unit): a `WATCHDOG=1` ping every third of the interval
/// while the health check passes — the database takes writes and Telegram answered recently — and
/// none while it fails, so that systemd restarts a bot that stays unhealthy (or hangs) for the whole
/// interval. The reason is kept in the unit's status line (`systemctl status roastbot`).
struct SystemdWatchdogService: Service {
    let notifier: SystemdNotifier
    let interval: Duration
    let check: HealthCheck
    let logger: Logger

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            var lastReason: String?
            var failing = false
            while !Task.isCancelled {
                let report = await check.evaluate()
                if report.isHealthy {
                    notifier.send("WATCHDOG=1")
                    if failing { logger.notice("healthy again; watchdog pings resumed") }
                    failing = false
                } else if !failing {
                    failing = true
                    logger.warning("unhealthy; watchdog pings paused until it recovers", metadata: ["reason": "\(report.reason)"])
                }
                if report.reason != lastReason {
                    lastReason = report.reason
                    notifier.send("STATUS=\(report.reason)")
                }
                try await Task.sleep(for: interval / 3)
            }
        }
        notifier.send("STOPPING=1")
    }
}
