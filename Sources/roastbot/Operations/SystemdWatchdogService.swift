import Logging
import RoastBot
import ServiceLifecycle

/// systemd's watchdog (`WatchdogSec=` in the unit): a `WATCHDOG=1` ping every third of the interval
/// for as long as the process is alive and its health check completes, so that systemd restarts a
/// bot that hangs. An unhealthy state — the store refusing writes, Telegram out of reach — is not a
/// reason to restart: the bot waits those out itself, and a restart would drop the sends Telegram
/// confirmed but the store could not record yet, and send them again. Its reason is the unit's status
/// line (`systemctl status roastbot`) and `/healthz`'s answer instead.
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
                notifier.send("WATCHDOG=1")
                if report.isHealthy {
                    if failing { logger.notice("healthy again") }
                    failing = false
                } else if !failing {
                    failing = true
                    logger.warning("unhealthy; waiting it out", metadata: ["reason": "\(report.reason)"])
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
