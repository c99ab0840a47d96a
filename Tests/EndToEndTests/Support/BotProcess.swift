import Foundation
import RoastTesting
import Synchronization

/// The real `roastbot` executable, started as a child process against a fake Bot API server,
/// with its own SQLite file; standard error is captured to a log file the tests can read.
final class BotProcess: Sendable {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The binary `swift build` produced next to the test bundle.
    static let executable: URL = {
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("roastbot"),
            repositoryRoot.appendingPathComponent(".build/debug/roastbot"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[1]
    }()

    let directory: URL
    var databasePath: String { directory.appendingPathComponent("bot.sqlite").path }
    var logPath: String { directory.appendingPathComponent("bot.log").path }
    private let process = Mutex<Process?>(nil)
    private let environment: [String: String]

    /// - Parameter extraEnvironment: added to (and overriding) the defaults below.
    convenience init(fake: FakeBotAPI, directory: URL? = nil, extraEnvironment: [String: String] = [:]) throws {
        try self.init(
            platform: ["TELEGRAM_BOT_TOKEN": fake.token, "TELEGRAM_API_URL": fake.baseURL], directory: directory,
            extraEnvironment: extraEnvironment)
    }

    /// The bot serving the fake Discord (REST base from `DISCORD_API_URL`, the gateway from its `GET /gateway/bot`).
    convenience init(discord: FakeDiscord, directory: URL? = nil, extraEnvironment: [String: String] = [:]) throws {
        try self.init(
            platform: discord.botEnvironment, directory: directory,
            extraEnvironment: extraEnvironment)
    }

    /// - Parameter platform: the token and address of the platform served.
    init(platform: [String: String], directory: URL?, extraEnvironment: [String: String]) throws {
        let directory = directory ?? FileManager.default.temporaryDirectory.appendingPathComponent("roastbot-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.directory = directory
        var environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": directory.path,
            "ROASTBOT_DB": directory.appendingPathComponent("bot.sqlite").path,
            "ROASTBOT_LIBRARY": Self.repositoryRoot.appendingPathComponent("config/library").path,
            "ROASTBOT_COLLECTIONS": Self.repositoryRoot.appendingPathComponent("config/collections.json").path,
            "ROASTBOT_LOG_LEVEL": "trace",
            "ROASTBOT_SEED": "12345",
            // A quiet moment for the bot's clock (03:00 in Vietnam, no season): no Roast of the Day,
            // reminder or banner is due, whatever the time the suite runs at. Scenarios about those
            // set their own start.
            "ROASTBOT_CLOCK_START": "2026-03-02T03:00:00+07:00",
            // The scenarios send commands as fast as they like; the spam throttle (tested in process)
            // would otherwise drop some depending on how quickly the machine runs.
            "ROASTBOT_ABUSE_LIMIT": "0",
        ]
        environment.merge(platform) { $1 }
        environment.merge(extraEnvironment) { $1 }
        self.environment = environment
    }

    /// Starts the bot (`roastbot run` plus `arguments`); its log is appended to ``logPath``.
    /// - Parameter openFileLimit: the bot's limit of open files (`ulimit -n`), e.g. systemd's default
    ///   1,024; nil: this process's own.
    func start(arguments: [String] = [], openFileLimit: Int? = nil) throws {
        let process = try ChildProcessLauncher.launch(
            [Self.executable.path, "run"] + arguments, environment: environment, directory: directory, logPath: logPath,
            openFileLimit: openFileLimit)
        self.process.withLock { $0 = process }
    }

    var isRunning: Bool { process.withLock { $0?.isRunning ?? false } }

    /// The running bot's process id.
    var processIdentifier: Int32? { process.withLock { process in process.flatMap { $0.isRunning ? $0.processIdentifier : nil } } }

    /// The processes the running bot started that still run (the picture renderer), read from `/proc`.
    var children: [Int32] {
        guard let parent = processIdentifier else { return [] }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            // `pid (comm) state ppid …`: the name may hold spaces and parentheses, so read after the last ')'.
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == parent
        }
    }

    /// The environment a process started with, from `/proc/<pid>/environ`.
    static func environment(of pid: Int32) -> [String: String] {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return [:] }
        var variables: [String: String] = [:]
        for entry in data.split(separator: 0) {
            let text = String(decoding: entry, as: UTF8.self)
            guard let equals = text.firstIndex(of: "=") else { continue }
            variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        return variables
    }

    /// Sends `signal` (SIGTERM, SIGKILL…) to the running bot.
    func signal(_ signal: Int32) {
        process.withLock { process in
            if let process, process.isRunning { kill(process.processIdentifier, signal) }
        }
    }

    /// Waits for the bot to exit, up to `timeout` seconds; returns its exit status (nil: still running).
    func waitForExit(timeout: Double = 30) async -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let process = process.withLock({ $0 }), !process.isRunning { return process.terminationStatus }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return nil
    }

    /// Everything the bot logged so far.
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Kills a bot that is still running and removes the directory.
    func cleanUp() {
        signal(SIGKILL)
        try? FileManager.default.removeItem(at: directory)
    }
}
