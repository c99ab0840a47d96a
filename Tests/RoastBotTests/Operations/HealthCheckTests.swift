import ChatPlatform
import Foundation
import Logging
import RoastBot
import Synchronization
import Testing
import Timekeeping

@testable import RoastStore

/// The health verdict behind `/healthz` and the watchdog: the store's outage, a write probe, and how
/// long since the platform answered.
struct HealthCheckTests {
    final class Setup {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("health-\(UUID().uuidString)")
        let database: RoastDatabase
        let faults = StoreFaults()
        let store = StoreHealth(logger: Logger(label: "test"))
        let contact = PlatformContact(name: "poll")
        let clock = ManualClock()
        let listenerProblem = ListenerProblem()
        var path: String { directory.appendingPathComponent("bot.sqlite").path }

        init() throws {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            database = try RoastDatabase(path: directory.appendingPathComponent("bot.sqlite").path, faults: faults)
        }

        var check: HealthCheck {
            HealthCheck(
                database: database, store: store, contact: contact, silenceLimit: HealthCheck.silenceLimit(pollTimeout: 50), clock: clock,
                listeners: { [listenerProblem] in listenerProblem.text })
        }

        deinit {
            database.close()
            try? FileManager.default.removeItem(at: directory)
        }
    }

    @Test func healthyWhileTheDatabaseTakesWritesAndThePlatformAnsweredRecently() async throws {
        let setup = try Setup()
        setup.contact.succeeded(atUptime: setup.clock.uptime)
        setup.clock.advance(by: 60)
        let report = await setup.check.evaluate()
        #expect(report.isHealthy)
        #expect(report.reason == "ok: last successful poll 60 s ago")
    }

    @Test func unhealthyBeforeAnyContactAndAfterTwicePollTimeoutWithout() async throws {
        let setup = try Setup()
        #expect(await setup.check.evaluate() == HealthCheck.Report(isHealthy: false, reason: "no successful poll yet"))
        setup.contact.succeeded(atUptime: setup.clock.uptime)
        setup.clock.advance(by: 100)
        #expect(await setup.check.evaluate().isHealthy, "exactly the limit is still healthy")
        setup.clock.advance(by: 1)
        #expect(
            await setup.check.evaluate() == HealthCheck.Report(isHealthy: false, reason: "last successful poll 101 s ago (limit 100 s)"))
        setup.contact.succeeded(atUptime: setup.clock.uptime)
        #expect(await setup.check.evaluate().isHealthy)
    }

    /// Discord's gateway is a link that stays open, silent for as long as nobody uses the bot: healthy while it
    /// is open however long; once closed (a resume under way), healthy for the silence limit, then not.
    @Test func anOpenLinkIsContactAndOneClosedForLongerThanTheLimitIsNot() async throws {
        let setup = try Setup()
        let gateway = PlatformContact(name: "gateway session")
        let check = HealthCheck(
            database: setup.database, store: setup.store, contact: gateway, silenceLimit: .seconds(60), clock: setup.clock)
        #expect(await check.evaluate() == HealthCheck.Report(isHealthy: false, reason: "no successful gateway session yet"))
        gateway.opened(atUptime: setup.clock.uptime)
        setup.clock.advance(by: 3_600)
        #expect(await check.evaluate() == HealthCheck.Report(isHealthy: true, reason: "ok: gateway session open"))
        gateway.closed(atUptime: setup.clock.uptime)
        setup.clock.advance(by: 60)
        #expect(await check.evaluate() == HealthCheck.Report(isHealthy: true, reason: "ok: last successful gateway session 60 s ago"))
        gateway.closed(atUptime: setup.clock.uptime)
        setup.clock.advance(by: 1)
        #expect(
            await check.evaluate()
                == HealthCheck.Report(isHealthy: false, reason: "last successful gateway session 61 s ago (limit 60 s)"),
            "closing again while closed does not count as contact")
        gateway.opened(atUptime: setup.clock.uptime)
        #expect(await check.evaluate().isHealthy, "healthy again once resumed")
    }

    /// What the listeners report (the composition root asks them).
    final class ListenerProblem: Sendable {
        private let problem = Mutex<String?>(nil)
        var text: String? {
            get { problem.withLock { $0 } }
            set { problem.withLock { $0 = newValue } }
        }
    }

    /// Issue 25 §3: the webhook listener, out of descriptors, stopped taking connections while
    /// `/healthz` said 200 and the watchdog was content.
    @Test func unhealthyWhileAListenerCannotTakeConnections() async throws {
        let setup = try Setup()
        setup.contact.succeeded(atUptime: setup.clock.uptime)
        setup.listenerProblem.text = "webhook listener cannot accept connections for 12 s: Too many open files"
        #expect(
            await setup.check.evaluate()
                == HealthCheck.Report(isHealthy: false, reason: "webhook listener cannot accept connections for 12 s: Too many open files"))
        setup.listenerProblem.text = nil
        #expect(await setup.check.evaluate().isHealthy)
    }

    @Test(arguments: [(0, 10), (1, 10), (5, 10), (30, 60), (50, 100)])
    func theSilenceLimitIsTwicePollTimeoutAndAtLeastTenSeconds(pollTimeout: Int, seconds: Int64) {
        #expect(HealthCheck.silenceLimit(pollTimeout: pollTimeout) == .seconds(seconds))
    }

    @Test func anotherProcessHoldingTheWriteLockIsUnhealthy() async throws {
        let setup = try Setup()
        setup.contact.succeeded(atUptime: setup.clock.uptime)
        let other = try SQLiteConnection(path: setup.path)
        defer { other.close() }
        try other.execute("BEGIN IMMEDIATE")
        let report = await setup.check.evaluate()
        try other.execute("ROLLBACK")
        #expect(!report.isHealthy)
        #expect(report.reason.hasPrefix("database not writable: database is locked"), "\(report.reason)")
        #expect(await setup.check.evaluate().isHealthy, "healthy once the lock is released")
    }

    @Test func anInjectedFullDiskIsUnhealthy() async throws {
        let setup = try Setup()
        setup.contact.succeeded(atUptime: setup.clock.uptime)
        setup.faults.inject(.full)
        let report = await setup.check.evaluate()
        #expect(!report.isHealthy)
        #expect(report.reason.contains("database or disk is full"))
        setup.faults.inject(nil)
        #expect(await setup.check.evaluate().isHealthy)
    }

    @Test func theProbeWritesNothing() async throws {
        let setup = try Setup()
        setup.contact.succeeded(atUptime: setup.clock.uptime)
        func files() throws -> [Data] {
            try [setup.path, setup.path + "-wal"].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        }
        let before = try files()
        for _ in 0..<5 { _ = await setup.check.evaluate() }
        #expect(try files() == before, "neither the database nor its log changed")
    }
}
