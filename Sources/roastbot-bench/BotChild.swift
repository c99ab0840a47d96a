import Foundation
import RoastTesting

/// The `roastbot` executable built next to this one, started against a fake Bot API (or the fake Discord) with its own
/// SQLite file and throttle limits off (unless told otherwise); its log goes to a file.
final class BotChild {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("roastbot")
    }

    let directory: URL
    var databasePath: String { directory.appendingPathComponent("bot.sqlite").path }
    var logPath: String { directory.appendingPathComponent("bot.log").path }
    private var process: Process?
    /// The program started: the `roastbot` beside this benchmark unless told otherwise.
    private let command: [String]
    private let environment: [String: String]
    private let configPath: String

    /// The webhook URL the bot serves when started in webhook mode (nil: long polling).
    let webhookURL: String?

    /// - Parameters:
    ///   - throttleOff: per-chat, per-group and global limits raised out of the way.
    ///   - webhookPort: serve Telegram by webhook on this loopback port instead of long polling.
    ///   - command: the program and its first arguments, instead of this build's `roastbot run`
    ///     (another build of it, or a comparison bot); `--config <file>` follows them.
    convenience init(
        fake: FakeBotAPI, throttleOff: Bool = true, pollTimeout: Int = 50, logLevel: String = "info", webhookPort: UInt16? = nil,
        command: [String]? = nil
    ) throws {
        try self.init(
            platform: ["TELEGRAM_BOT_TOKEN": fake.token, "TELEGRAM_API_URL": fake.baseURL], throttleOff: throttleOff,
            pollTimeout: pollTimeout, logLevel: logLevel, webhookPort: webhookPort, command: command)
    }

    /// The bot serving the fake Discord (its REST base; the gateway comes from `GET /gateway/bot`). Discord's rate
    /// limits are the fake's: the bot's own throttle does not apply to Discord.
    convenience init(discord: FakeDiscord, logLevel: String = "info", command: [String]? = nil) throws {
        try self.init(
            platform: discord.botEnvironment, logLevel: logLevel, command: command)
    }

    /// - Parameter platform: the token and address of the platform served.
    private init(
        platform: [String: String], throttleOff: Bool = true, pollTimeout: Int = 50, logLevel: String = "info",
        webhookPort: UInt16? = nil, command: [String]? = nil
    ) throws {
        self.command = command ?? [Self.executable.path, "run"]
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("roastbot-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        webhookURL = webhookPort.map { "http://127.0.0.1:\($0)/telegram" }
        var environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": directory.path,
            "ROASTBOT_DB": directory.appendingPathComponent("bot.sqlite").path,
            "ROASTBOT_LIBRARY": Self.repositoryRoot.appendingPathComponent("config/library").path,
            "ROASTBOT_COLLECTIONS": Self.repositoryRoot.appendingPathComponent("config/collections.json").path,
            "ROASTBOT_BLOCKLIST": Self.repositoryRoot.appendingPathComponent("config/blocklist.txt").path,
            "ROASTBOT_LOG_LEVEL": logLevel,
            "ROASTBOT_SEED": "12345",
            // 03:00 in Vietnam, no season: no scheduled post interferes with the measurement.
            "ROASTBOT_CLOCK_START": "2026-03-02T03:00:00+07:00",
        ]
        environment.merge(platform) { $1 }
        if let webhookPort {
            environment["ROASTBOT_WEBHOOK_ADDRESS"] = "127.0.0.1:\(webhookPort)"
            environment["ROASTBOT_WEBHOOK_URL"] = webhookURL
        }
        self.environment = environment
        configPath = directory.appendingPathComponent("bench.json").path
        let throttle =
            throttleOff
            ? #""throttle": {"per_chat_interval": 0, "per_group_per_minute": 100000, "global_per_second": 100000}, "abuse": {"limit": 0}, "#
            : ""
        try #"{\#(throttle)"telegram": {"poll_timeout": \#(pollTimeout)}}"#.write(toFile: configPath, atomically: true, encoding: .utf8)
    }

    /// Starts the bot; returns the monotonic instant just before the process was launched.
    /// - Parameter openFileLimit: the bot's limit of open files (`ulimit -n`; systemd's default is
    ///   1,024); nil: this process's own.
    @discardableResult
    func start(openFileLimit: Int? = nil) throws -> Date {
        let launched = Date()
        process = try ChildProcessLauncher.launch(
            command + ["--config", configPath], environment: environment, directory: directory, logPath: logPath,
            openFileLimit: openFileLimit)
        return launched
    }

    var pid: Int32? { process?.processIdentifier }
    var isRunning: Bool { process?.isRunning ?? false }
    var residentKilobytes: Int? { pid.flatMap { ProcessMemory.residentKilobytes(of: $0) } }
    var resident: ProcessMemory.Resident? { pid.flatMap { ProcessMemory.resident(of: $0) } }
    /// User + system CPU time the process has used so far, all threads (`/proc/<pid>/stat`).
    var cpuSeconds: Double? { pid.flatMap { ProcessCPU.seconds(of: $0) } }

    /// Whether the bot has exited, as a check any task may run (the fakes' `waitFor` conditions).
    var exited: @Sendable () -> Bool {
        let pid = pid
        return { pid.map(ProcessCPU.hasExited) ?? true }
    }

    /// Why the bot is not ready: it exited (with its status and the last line it wrote: a comparison
    /// bot's traceback ends with its cause; the log itself goes with the scratch directory), or it is
    /// still running but did not get ready in time.
    func notReady() async -> BenchError {
        guard let process, exited() else { return .botDidNotStart(log: logPath) }
        // Foundation reaps the child on its own thread: wait for the status it reads.
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning, Date() < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        let lastLine = log.split(whereSeparator: \.isNewline).last.map { String($0.prefix(300)) } ?? "it wrote nothing"
        return .botExited(status: process.isRunning ? nil : process.terminationStatus, lastLine: lastLine)
    }

    func signal(_ signal: Int32) {
        if let process, process.isRunning { kill(process.processIdentifier, signal) }
    }

    /// SIGTERM and wait (up to 10 s); returns the exit status.
    @discardableResult
    func stop() async -> Int32? {
        signal(SIGTERM)
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let process, !process.isRunning { return process.terminationStatus }
            try? await Task.sleep(for: .milliseconds(20))
        }
        signal(SIGKILL)
        return nil
    }

    func cleanUp() {
        signal(SIGKILL)
        try? FileManager.default.removeItem(at: directory)
    }
}
