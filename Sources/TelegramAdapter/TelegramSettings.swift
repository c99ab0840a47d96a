/// How the bot reaches the Bot API: the token, the server and the timeouts of its requests.
public struct TelegramSettings: Sendable, Hashable {
    /// The bot token; nil means there is no Telegram to serve (the CLI opens the console chat).
    public var token: String?
    /// Bot API base URL, e.g. a self-hosted Bot API server.
    public var apiURL = "https://api.telegram.org"
    /// Long-poll timeout in seconds (Telegram allows up to 50).
    public var pollTimeout = 50
    /// Connect timeout of every Bot API request, seconds.
    public var connectTimeout = 10.0
    /// Total timeout of ordinary (non-polling) Bot API requests, seconds.
    public var requestTimeout = 15.0

    public init() {}
}
