/// The answer of `GET /gateway/bot`: where to connect, the recommended shard count and the identify
/// budget. Decodes Discord's JSON directly, so the adapter can pass the REST body or map its own model.
///
/// Source: discord-api-docs `events/gateway.mdx`, "Get Gateway Bot" and "Session Start Limit Object".
public struct GatewayBot: Sendable, Hashable, Codable {
    /// The gateway's WSS URL, without query (`wss://gateway.discord.gg`).
    public var url: String
    public var shards: Int
    public var sessionStartLimit: SessionStartLimit

    public init(url: String, shards: Int = 1, sessionStartLimit: SessionStartLimit) {
        self.url = url
        self.shards = shards
        self.sessionStartLimit = sessionStartLimit
    }

    enum CodingKeys: String, CodingKey {
        case url
        case shards
        case sessionStartLimit = "session_start_limit"
    }
}

/// How many sessions the bot may still start (Identify; Resume does not count) and how fast.
public struct SessionStartLimit: Sendable, Hashable, Codable {
    /// Sessions allowed per reset period (1,000 per 24 hours for most bots).
    public var total: Int
    public var remaining: Int
    /// Milliseconds until `remaining` goes back to `total`.
    public var resetAfter: Int
    /// Identify requests allowed per 5 seconds (per rate-limit key `shard_id % max_concurrency`).
    public var maxConcurrency: Int

    public init(total: Int = 1_000, remaining: Int = 1_000, resetAfter: Int = 86_400_000, maxConcurrency: Int = 1) {
        self.total = total
        self.remaining = remaining
        self.resetAfter = resetAfter
        self.maxConcurrency = maxConcurrency
    }

    enum CodingKeys: String, CodingKey {
        case total
        case remaining
        case resetAfter = "reset_after"
        case maxConcurrency = "max_concurrency"
    }
}
