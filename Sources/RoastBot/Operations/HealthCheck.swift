import ChatPlatform
import Dispatch
import Foundation
import RoastStore
import Timekeeping

/// Whether the bot is doing its job, in one line: the database takes writes, its HTTP listeners take
/// connections, and the platform answered recently (the last successful poll, or webhook delivery or
/// check, within ``silenceLimit``) or its link is open (Discord's gateway session; closed for longer than
/// ``silenceLimit`` is a problem, a resume within it is not). Behind the `/healthz` endpoint and the systemd watchdog.
public struct HealthCheck: Sendable {
    /// The verdict and its reason, one line for monitors and logs.
    public struct Report: Sendable, Hashable {
        public var isHealthy: Bool
        public var reason: String

        public init(isHealthy: Bool, reason: String) {
            self.isHealthy = isHealthy
            self.reason = reason
        }
    }

    /// How long without contact with the platform is still healthy.
    public let silenceLimit: Duration
    private let database: RoastDatabase
    private let store: StoreHealth
    private let contact: PlatformContact
    private let clock: any WallClock
    private let listeners: @Sendable () -> String?
    /// Write probes wait up to a quarter of a second for the lock: on a thread of their own, not the
    /// cooperative pool's.
    private static let probes = DispatchQueue(label: "roastbot.health.probe")

    /// - Parameters:
    ///   - store: the pipeline's view of the store (an outage it is waiting out).
    ///   - contact: when the platform last answered, on `clock`'s uptime.
    ///   - listeners: why the bot's HTTP listeners do not take connections (the webhook listener out of
    ///     descriptors), nil when they do or there are none.
    public init(
        database: RoastDatabase, store: StoreHealth, contact: PlatformContact, silenceLimit: Duration, clock: any WallClock,
        listeners: @escaping @Sendable () -> String? = { nil }
    ) {
        self.listeners = listeners
        self.database = database
        self.store = store
        self.contact = contact
        self.silenceLimit = silenceLimit
        self.clock = clock
    }

    /// The silence limit for a long-poll timeout: twice the timeout, and never under 10 s (a poll with
    /// timeout 0 returns at once, and is repeated as often).
    public static func silenceLimit(pollTimeout seconds: Int) -> Duration {
        .seconds(max(2 * seconds, 10))
    }

    public func evaluate() async -> Report {
        if let outage = store.unavailable {
            return Report(isHealthy: false, reason: "database unavailable since \(InstantText.utc(outage.since)): \(outage.reason)")
        }
        if let failure = await probe() {
            return Report(isHealthy: false, reason: "database not writable: \(failure)")
        }
        if let problem = listeners() {
            return Report(isHealthy: false, reason: problem)
        }
        let limit = Self.wholeSeconds(silenceLimit)
        let now = clock.uptime
        let (lastContact, isOpen) = contact.contact(atUptime: now)
        if isOpen { return Report(isHealthy: true, reason: "ok: \(contact.name) open") }
        guard let last = lastContact else {
            return Report(isHealthy: false, reason: "no successful \(contact.name) yet")
        }
        let silence = Self.wholeSeconds(now - last)
        guard now - last <= silenceLimit else {
            return Report(isHealthy: false, reason: "last successful \(contact.name) \(silence) s ago (limit \(limit) s)")
        }
        return Report(isHealthy: true, reason: "ok: last successful \(contact.name) \(silence) s ago")
    }

    /// The write probe's failure, nil when the database takes writes.
    private func probe() async -> String? {
        await withCheckedContinuation { continuation in
            Self.probes.async { [database] in
                do {
                    try database.probeWrite()
                    continuation.resume(returning: nil)
                } catch {
                    continuation.resume(returning: "\(error)")
                }
            }
        }
    }

    private static func wholeSeconds(_ duration: Duration) -> Int64 { duration.components.seconds }
}
