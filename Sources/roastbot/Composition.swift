import AIRoasts
import ArgumentParser
import CMalloc
import CurlHTTP
import Foundation
import Logging
import RoastBot
import RoastContent
import RoastCore
import RoastStore
import Timekeeping

/// Start-up steps shared by the console and Telegram modes.
enum Composition {
    /// Logs go to standard error, as text or one JSON object per line, with every secret scrubbed.
    static func bootstrapLogging(level: String, format: BotSettings.LogFormat = .text, secrets: [String]) -> Logger {
        let parsed = Logger.Level(rawValue: level) ?? .info
        LoggingSystem.bootstrap { label in
            var handler: any LogHandler =
                switch format {
                case .text: StreamLogHandler.standardError(label: label)
                case .json: JSONLogHandler(label: label)
                }
            handler.logLevel = parsed
            return RedactingLogHandler(wrapping: handler, secrets: secrets)
        }
        return Logger(label: "roastbot")
    }

    static func clock(_ settings: BotSettings) -> any WallClock {
        guard let start = settings.clockStart else { return SystemClock() }
        return SimulatedClock(start: start, rate: settings.clockRate)
    }

    /// Takes the database's lock (a second process on the same file exits with
    /// ``databaseInUseExitCode``), then opens it. The lock is held while the returned value lives.
    ///
    /// Every file the bot creates from here on (the database, its log and lock, share cards) holds
    /// people's data, so the process's umask becomes 077 first: readable by the bot's user alone,
    /// whatever umask it was started with (a container's default is 022); database files created
    /// before with wider permissions are narrowed to 0600.
    static func openDatabase(_ path: String, faults: StoreFaults? = nil) throws -> (RoastDatabase, DatabaseLock) {
        umask(0o077)
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        let lock: DatabaseLock
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            lock = try DatabaseLock(databasePath: path)
        } catch let error as DatabaseLock.LockError {
            if case .held = error { fail("\(path): \(error)", code: databaseInUseExitCode) }
            fail("\(error)")
        } catch {
            fail("cannot create the database folder \(directory.path): \(error)")
        }
        let database: RoastDatabase
        do {
            database = try RoastDatabase(path: path, faults: faults)
        } catch {
            fail("cannot open the database \(path): \(error)")
        }
        // A database an older version (or a container's 022 umask) left readable by others is made private.
        for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
            _ = chmod(file, 0o600)
        }
        return (database, lock)
    }

    /// The roast library of `settings.libraryPath`; a problem stops start-up with one line naming the
    /// setting (`ROASTBOT_LIBRARY`, the file's `library`, or the default) and the file.
    static func loadLibrary(_ settings: BotSettings) throws -> RoastLibrary {
        let path = settings.libraryPath
        do {
            return try RoastLibrary.load(directory: URL(fileURLWithPath: path, isDirectory: true))
        } catch {
            fail("cannot load the roast library from \(path) (\(settings.origin(of: "library"))): \(error)")
        }
    }

    /// The safety filter with the operator's block list. Only the default path may be missing (the
    /// built-in lists alone then apply); a block list the operator configured (`blocklist`,
    /// `ROASTBOT_BLOCKLIST`) that cannot be read stops start-up with exit code 2, so that a typo in
    /// its path never turns their safety terms off.
    static func safetyFilter(_ settings: BotSettings, logger: Logger) -> SafetyFilter {
        guard let text = try? String(contentsOfFile: settings.blockListPath, encoding: .utf8) else {
            if let configured = settings.sources["blocklist"]?.origin {
                let problem = FileManager.default.fileExists(atPath: settings.blockListPath) ? "cannot be read as text" : "does not exist"
                fail(
                    "\(SettingsError.unusableFile(configured, path: settings.blockListPath, problem: problem)): "
                        + "expected the operator's block list (remove the setting to use the built-in lists only)")
            }
            logger.info("no block list file; built-in safety lists only", metadata: ["path": "\(settings.blockListPath)"])
            return SafetyFilter()
        }
        return SafetyFilter(blockList: SafetyFilter.parseBlockList(text))
    }

    /// The AI roast source when configured and enabled; nil keeps the bot on the offline library.
    static func aiSource(
        _ settings: BotSettings, safety: SafetyFilter, http: any HTTPClient, clock: any WallClock, logger: Logger
    ) -> (any AIRoastSource)? {
        guard settings.ai.isUsable, let base = settings.ai.baseURL, let model = settings.ai.model else { return nil }
        let configuration = AIProviderConfiguration(baseURL: base, model: model, apiKey: settings.ai.key, timeout: settings.ai.timeout)
        logger.notice("AI roasts on", metadata: ["provider": "\(configuration)"])
        return ChatCompletionsRoastSource(
            configuration: configuration, client: http, safety: safety, logger: logger, now: { clock.now })
    }

    /// The abuse throttle as configured; nil when turned off.
    static func abuseGate(_ settings: BotSettings) -> AbuseGate? {
        guard settings.abuse.limit > 0 else { return nil }
        return AbuseGate(limit: settings.abuse.limit, window: settings.abuse.window, cooldown: settings.abuse.cooldown)
    }

    /// The collections of `settings.collectionsPath`; a problem stops start-up with one line naming
    /// the setting and the file.
    static func loadCollections(_ settings: BotSettings) -> CollectionCatalogStore {
        do {
            return try CollectionCatalogStore(path: settings.collectionsPath)
        } catch {
            fail("cannot load the collections (\(settings.origin(of: "collections"))): \(error)")
        }
    }

    /// Large blocks (pictures of ~0.4 MB pass through the bot on their way from roastbot-render to
    /// the platform, in a few copies) are mapped from the system and returned to it when freed.
    /// glibc's default raises its mapping threshold above any block freed once, after which such
    /// blocks come from the heap and stay resident: 41 story cards left the bot 4 MB larger
    /// (46.8 MB), with this 0.2 MB (42.9 MB).
    static func returnLargeBlocksToTheSystem() {
        _ = mallopt(M_MMAP_THRESHOLD, 256 * 1_024)
    }

    /// Exit status for an unusable configuration (restarting will not help).
    static let configurationExitCode: Int32 = 2
    /// Exit status when Telegram refuses the token (restarting will not help either).
    static let unauthorizedExitCode: Int32 = 3
    /// Exit status when another process already uses the database file.
    static let databaseInUseExitCode: Int32 = 4

    /// Prints one line to standard error and exits.
    static func fail(_ message: String, code: Int32 = configurationExitCode) -> Never {
        FileHandle.standardError.write(Data("roastbot: \(message)\n".utf8))
        exit(code)
    }
}
