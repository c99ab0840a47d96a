import Foundation

/// Every operator setting, with its default. Read from a JSON file (`config/roastbot.example.json`
/// documents each key) and overridden by environment variables; secrets come only from the
/// environment (or a token file readable by the owner alone).
public struct BotSettings: Sendable, Hashable {
    public struct Telegram: Sendable, Hashable {
        /// The bot token (`TELEGRAM_BOT_TOKEN`); nil runs the console chat instead.
        public var token: String?
        /// Bot API base URL (`TELEGRAM_API_URL`), e.g. a self-hosted Bot API server.
        public var apiURL = "https://api.telegram.org"
        /// Long-poll timeout in seconds (Telegram allows up to 50).
        public var pollTimeout = 50
        /// Connect timeout of every Bot API request, seconds.
        public var connectTimeout = 10.0
        /// Total timeout of ordinary (non-polling) Bot API requests, seconds.
        public var requestTimeout = 15.0
    }

    public struct Throttle: Sendable, Hashable {
        /// Minimum seconds between two messages to one chat.
        public var perChatInterval = 1.0
        /// Messages per minute to one group.
        public var perGroupPerMinute = 20
        /// Messages per second to all chats together.
        public var globalPerSecond = 30
        /// Seconds added to the throttle's 1-second and 60-second windows, so that varying network
        /// delays never make Telegram see more than the limit.
        public var windowMargin = 0.03
    }

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

    public var telegram = Telegram()
    public var abuse = Abuse()
    public var ai = AI()
    /// The operator's block list for the safety filter (`ROASTBOT_BLOCKLIST`); a missing file means none.
    public var blockListPath = "config/blocklist.txt"
    public var throttle = Throttle()
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

    public init() {}

    public static let defaultTelegramDatabase = "data/roastbot.sqlite"
    public static let defaultConsoleDatabase = "data/console.sqlite"

    public static let logLevels = ["trace", "debug", "info", "notice", "warning", "error", "critical"]
}
