import Foundation
import Glibc
import RoastTesting
import Testing

@testable import RoastStore

/// `/healthz`, `roastbot health` and systemd's watchdog against the real binary: healthy while it
/// polls and the database takes writes; unhealthy, with the reason, while another process holds the
/// database or the disk is full; healthy again after.
@Suite(.serialized)
struct HealthEndToEndTests {
    /// Runs `roastbot health` against the bot's metrics address; its exit status and output.
    static func healthCommand(port: UInt16) throws -> (status: Int32, output: String) {
        try DeploymentEndToEndTests.run(
            BotProcess.executable.path, ["health"], environment: ["ROASTBOT_METRICS_ADDRESS": "127.0.0.1:\(port)", "PATH": "/usr/bin:/bin"])
    }

    @Test func healthzIsUnavailableWhileTheDatabaseIsLockedOrFullAndOKAfter() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let port = OperationsProbe.freePort()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roastbot-e2e-\(UUID().uuidString)")
        let faultFile = directory.appendingPathComponent("store-fault").path
        let bot = try BotProcess(
            fake: fake, directory: directory,
            extraEnvironment: ["ROASTBOT_METRICS_ADDRESS": "127.0.0.1:\(port)", "ROASTBOT_STORE_FAULT_FILE": faultFile])
        defer { bot.cleanUp() }
        try bot.start()
        #expect(await fake.waitFor(timeout: .seconds(30)) { !fake.requests(method: "getUpdates").isEmpty })
        let url = "http://127.0.0.1:\(port)/healthz"

        let healthy = try #require(await OperationsProbe.get(url), "the health endpoint answers")
        #expect(healthy.status == 200, "\(healthy.text)")
        #expect(healthy.text.hasPrefix("ok"))
        #expect(try Self.healthCommand(port: port).status == 0)

        // Another process holds the database's write lock.
        let locker = try SQLiteConnection(path: bot.databasePath)
        try locker.execute("BEGIN EXCLUSIVE")
        let locked = try #require(await OperationsProbe.get(url))
        #expect(locked.status == 503)
        #expect(locked.text.contains("database") && locked.text.contains("locked"), "\(locked.text)")
        #expect(locked.text.split(separator: "\n").count == 1, "one line")
        let command = try Self.healthCommand(port: port)
        #expect(command.status == 1 && command.output.contains("locked"), "\(command.output)")
        try locker.execute("COMMIT")
        locker.close()
        #expect(await OperationsProbe.get(url)?.status == 200)

        // The disk is full (the store-fault hook), with a command waiting to be applied.
        try "full".write(toFile: faultFile, atomically: true, encoding: .utf8)
        fake.commandMessage(
            chat: FakeChat(id: -710_001, type: .supergroup, title: "T"), from: FakeUser(id: 7_101, firstName: "U"), text: "/help")
        let full = try #require(await OperationsProbe.get(url))
        #expect(full.status == 503)
        #expect(full.text.contains("full"), "\(full.text)")
        try FileManager.default.removeItem(atPath: faultFile)
        _ = await fake.waitForMessages(1, in: -710_001, timeout: 20)
        let recovered = try #require(await OperationsProbe.get(url))
        #expect(recovered.status == 200, "\(recovered.text)")
        await fake.stop()
    }

    @Test func healthWithoutAMetricsAddressIsAConfigurationError() throws {
        let result = try DeploymentEndToEndTests.run(BotProcess.executable.path, ["health"], environment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status == 2)
        #expect(result.output.contains("metrics.address"))
    }

    /// systemd's side of `Type=notify` with `WatchdogSec=`: a datagram socket in `NOTIFY_SOCKET`. The
    /// watchdog checks that the process is alive: an outage of the store (or of Telegram) is waited
    /// out inside the bot and shown in the unit's status, never turned into a restart, which would
    /// drop the sends confirmed but not yet recorded and send them again.
    @Test func theWatchdogKeepsBeingPingedThroughAnOutageWhoseReasonIsTheStatus() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let socket = try NotifySocket()
        defer { socket.close() }
        let bot = try BotProcess(fake: fake, extraEnvironment: ["NOTIFY_SOCKET": socket.path, "WATCHDOG_USEC": "600000"])
        defer { bot.cleanUp() }
        try bot.start()
        #expect(await socket.waitFor(timeout: 30) { $0.contains("READY=1") }, "READY=1")
        #expect(await socket.waitFor(timeout: 30) { $0.contains("WATCHDOG=1") }, "pings while healthy")

        let locker = try SQLiteConnection(path: bot.databasePath)
        try locker.execute("BEGIN EXCLUSIVE")
        #expect(await socket.waitFor(timeout: 10) { $0.contains("STATUS=database not writable") }, "the reason in the status")
        socket.clear()
        #expect(await socket.waitFor(timeout: 10) { $0.contains("WATCHDOG=1") }, "still pinged while the store is locked")
        try locker.execute("COMMIT")
        locker.close()
        #expect(await socket.waitFor(timeout: 10) { $0.contains("STATUS=ok") }, "the status says healthy again")
        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        #expect(socket.received.contains { $0.contains("STOPPING=1") })
        await fake.stop()
    }
}
