/// `GET /gateway/bot`: where to connect, how many shards Discord recommends, and how many identifies are left.
/// <https://discord.com/developers/docs/events/gateway#get-gateway-bot>
public struct DiscordGatewayBot: Sendable, Hashable, Codable {
    /// The WebSocket address (`wss://gateway.discord.gg`), to which `?v=10&encoding=json` is added.
    public var url: String
    public var shards: Int
    public var sessionStartLimit: SessionStartLimit

    public init(url: String, shards: Int = 1, sessionStartLimit: SessionStartLimit) {
        self.url = url
        self.shards = shards
        self.sessionStartLimit = sessionStartLimit
    }

    /// The identify budget: past it, Discord ends every session and resets the token.
    public struct SessionStartLimit: Sendable, Hashable, Codable {
        public var total: Int
        public var remaining: Int
        /// Milliseconds until `remaining` is back to `total`.
        public var resetAfter: Int
        /// Identifies allowed per 5 seconds.
        public var maxConcurrency: Int

        public init(total: Int, remaining: Int, resetAfter: Int, maxConcurrency: Int) {
            self.total = total
            self.remaining = remaining
            self.resetAfter = resetAfter
            self.maxConcurrency = maxConcurrency
        }

        enum CodingKeys: String, CodingKey {
            case total, remaining
            case resetAfter = "reset_after"
            case maxConcurrency = "max_concurrency"
        }
    }

    enum CodingKeys: String, CodingKey {
        case url, shards
        case sessionStartLimit = "session_start_limit"
    }
}
