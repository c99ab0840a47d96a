import Foundation
import ServiceLifecycle
import Timekeeping

/// Runs ``DailyBackups`` on the bot's clock: at start (a copy missed while the bot was down is made
/// at once) and then every minute, until graceful shutdown.
public struct DailyBackupService: Service {
    private let backups: DailyBackups
    private let clock: any WallClock

    public init(backups: DailyBackups, clock: any WallClock) {
        self.backups = backups
        self.clock = clock
    }

    public func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await backups.runIfDue(now: clock.now)
                try await clock.sleep(for: 60)
            }
        }
    }
}
