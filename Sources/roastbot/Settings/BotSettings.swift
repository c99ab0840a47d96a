import DiscordAdapter
import Foundation
import TelegramAdapter

/// Every operator setting, with its default. Read from a JSON file (`config/roastbot.example.json`
/// documents each key) and overridden by environment variables; secrets come only from the
/// environment (or a token file readable by the owner alone).
struct BotSettings: Sendable, Hashable {
    /// The optional AI roast provider (OpenAI-compatible chat completions).
    public struct AI: Sendable, Hashable {
        /// Off unless enabled; also needs a base URL and a model. Chats can turn it off in /settings.
        public var enabled = false
        /// API base (`ROASTBOT_AI_URL`), e.g. `https://api.openai.com/v1`.
        public var baseURL: String?
        /// Model name (`ROASTBOT_AI_MODEL`).
        public var model: String?
        /// The API key: only from the environment (`ROASTBOT_AI_KEY`), never from the file.
        public var key: String?
        /// Whole-call timeout in seconds, the one retry included.
        public var timeout = 8.0

        /// Whether the bot should call the provider.
        public var isUsable: Bool { enabled && baseURL != nil && model != nil }
    }

    /// The abuse throttle: more than `limit` commands from one person in one chat within `window`
    /// seconds earns one polite notice and `cooldown` seconds of being ignored. `limit` 0 turns it off.
    public struct Abuse: Sendable, Hashable {
        public var limit = 5
        public var window = 10.0
        public var cooldown = 30.0
    }

    /// Webhook mode: Telegram POSTs each update to ``url`` (TLS ends at a reverse proxy in front of
    /// ``address``). Off (long polling) unless a URL is set.
    public struct Webhook: Sendable, Hashable {
        /// The public URL Telegram delivers to (`ROASTBOT_WEBHOOK_URL`, `roastbot run --webhook URL`);
        /// its path is the one served.
        public var url: String?
        /// The local address the bot listens on for deliveries (`ROASTBOT_WEBHOOK_ADDRESS`).
        var address = ListenAddress(host: "127.0.0.1", port: 8081)
        /// Connections Telegram may open at once (1–100; each carries one update at a time).
        public var maxConnections = TelegramWebhookRegistration.defaultMaxConnections
        /// The largest request body accepted, in bytes.
        public var maxBodyBytes = TelegramWebhookReceiver.defaultMaximumBodyBytes
    }

    /// Daily backups kept by the bot itself: at ``time`` (the machine's local time) a consistent copy
    /// of the database goes into ``directory`` as `roastbot-YYYY-MM-DD.sqlite`, and only the newest
    /// ``keep`` such files are kept. Off unless a directory is set.
    public struct Backup: Sendable, Hashable {
        /// `ROASTBOT_BACKUP_DIR`.
        public var directory: String?
        /// `HH:MM` (`ROASTBOT_BACKUP_TIME`).
        public var time = "04:00"
        /// Dated copies kept (`ROASTBOT_BACKUP_KEEP`).
        public var keep = 7
    }

    /// How log lines are written.
    public enum LogFormat: String, Sendable, Hashable, CaseIterable {
        /// `2026-03-02T03:00:00+0000 info roastbot: message key=value` (swift-log's stream format).
        case text
        /// One JSON object per line (see ``JSONLogHandler``).
        case json
    }

    /// The Bot API connection (its token only from the environment or a token file).
    public var telegram = TelegramSettings()
    /// The Discord connection (its token only from the environment).
    public var discord = DiscordSettings()
    public var abuse = Abuse()
    public var ai = AI()
    /// The operator's block list for the safety filter (`ROASTBOT_BLOCKLIST`). Only the default may be
    /// missing (then the built-in lists alone apply); a configured file that is missing stops start-up.
    public var blockListPath = "config/blocklist.txt"
    /// The send throttle's limits (Telegram's, unless the file says otherwise).
    public var throttle = SendThrottle.Limits.telegram
    /// SQLite file (`ROASTBOT_DB`). Console mode defaults to its own file so that a demo never mixes
    /// with a real bot's data.
    public var databasePath: String?
    /// Folder of the offline roast library (`ROASTBOT_LIBRARY`).
    public var libraryPath = "config/library"
    /// The collections file (`ROASTBOT_COLLECTIONS`), re-read on change or SIGHUP.
    public var collectionsPath = "config/collections.json"
    /// trace, debug, info, notice, warning, error, critical (`ROASTBOT_LOG_LEVEL`).
    public var logLevel = "info"
    /// Simulated clock start, ISO 8601 (`ROASTBOT_CLOCK_START`); nil uses the wall clock.
    public var clockStart: Date?
    /// Simulated seconds per real second (`ROASTBOT_CLOCK_RATE`).
    public var clockRate = 1.0
    /// Seed of the roast choices (`ROASTBOT_SEED`); nil keeps the seed stored in the database.
    public var seed: UInt64?
    /// Seconds the shutdown may spend flushing the outbox.
    public var shutdownGrace = 3.0
    /// Days a chat's data is kept after the bot was removed from it (`ROASTBOT_RETENTION_DAYS`).
    public var retentionDays = 30
    /// The loopback address of the metrics and health listener (`GET /metrics`, `GET /healthz`;
    /// `ROASTBOT_METRICS_ADDRESS`); nil: no listener.
    var metricsAddress: ListenAddress?
    public var webhook = Webhook()
    public var backup = Backup()
    /// text or json (`ROASTBOT_LOG_FORMAT`).
    public var logFormat = LogFormat.text
    /// A file whose presence makes database writes fail (`ROASTBOT_STORE_FAULT_FILE`): the fault
    /// suites' hook for a full disk. Unset in production.
    public var storeFaultFile: String?

    /// Where a setting the operator set came from, and its value as they wrote it.
    struct Source: Sendable, Hashable {
        var origin: SettingOrigin
        /// JSON from the file (`-5`, `"thirty"`), quoted text from the environment or an option.
        var written: String
    }

    /// What the operator set, by file key (the clock's by `clock_start` and `clock_rate`); every other
    /// setting is its default. Errors found after loading (a missing block list, webhook mode without
    /// a token) name the setting from here.
    var sources: [String: Source] = [:]

    public init() {}

    public static let defaultTelegramDatabase = "data/roastbot.sqlite"
    public static let defaultConsoleDatabase = "data/console.sqlite"
    /// One process and one database per bot token: a Discord bot never shares Telegram's file.
    public static let defaultDiscordDatabase = "data/discord.sqlite"

    public static let logLevels = ["trace", "debug", "info", "notice", "warning", "error", "critical"]
}
