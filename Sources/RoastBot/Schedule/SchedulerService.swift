import Foundation
import Logging
import RoastCore
import ServiceLifecycle
import Timekeeping

/// Runs ``Scheduler`` passes on the bot clock: right away at start (catching up on posts missed
/// while the bot was down, within their late window), then whenever something becomes due and at
/// least once a minute of bot-clock time (settings may have changed). Wakes the outbox after a
/// pass that queued posts. Once a day it prunes old claims and sweeps expired data.
public struct SchedulerService: Service {
    private let scheduler: Scheduler
    private let outbox: OutboxDeliverer
    private let clock: any WallClock
    private let logger: Logger
    private let interval: TimeInterval
    private let retention: DataRetention?

    /// - Parameter retention: swept once a day with the old claims; nil keeps everything.
    public init(
        scheduler: Scheduler, outbox: OutboxDeliverer, clock: any WallClock, logger: Logger, interval: TimeInterval = 60,
        retention: DataRetention? = nil
    ) {
        self.scheduler = scheduler
        self.retention = retention
        self.outbox = outbox
        self.clock = clock
        self.logger = logger
        self.interval = interval
    }

    public func run() async throws {
        do {
            try await cancelWhenGracefulShutdown {
                var prunedOn: LocalDate?
                while !Task.isCancelled {
                    let now = clock.now
                    let today = LocalDate(now, in: TimeZone(secondsFromGMT: 0)!)
                    if prunedOn != today {
                        scheduler.pruneClaims(now: now)
                        retention?.sweep(now: now)
                        prunedOn = today
                    }
                    let pass = scheduler.runPass(now: now)
                    if pass.queued > 0 { outbox.wake() }
                    // Never busy-loop: at least a millisecond of bot time between passes.
                    let next = max(min(pass.nextDue, now.addingTimeInterval(interval)), now.addingTimeInterval(0.001))
                    try await clock.sleep(until: next)
                    // A fast simulated clock can make that sleep return at once; let others run anyway.
                    await Task.yield()
                }
            }
        } catch is CancellationError {
            logger.debug("scheduler stopped")
        }
    }
}
