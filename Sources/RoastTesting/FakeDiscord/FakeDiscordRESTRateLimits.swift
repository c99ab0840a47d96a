/// The rate limits the fake Discord enforces, small enough for tests to reach: per route (keyed, as Discord does, on
/// the route and its top-level resource), and a global limit per second on routes other than interactions.
public struct FakeDiscordRateLimits: Sendable, Equatable {
    /// A route's bucket: `limit` requests per `window` seconds, counted from the first request of a window.
    public struct Bucket: Sendable, Equatable {
        public var limit: Int
        public var window: Double

        public init(limit: Int, window: Double) {
            self.limit = limit
            self.window = window
        }
    }

    /// Buckets by route (`"POST /channels/{channel_id}/messages"`); routes not listed send no bucket headers.
    public var routes: [String: Bucket]
    /// Requests per second on routes bound by the global limit.
    public var globalPerSecond: Int

    public init(routes: [String: Bucket], globalPerSecond: Int = 50) {
        self.routes = routes
        self.globalPerSecond = globalPerSecond
    }

    /// Discord-like limits: 5 messages per 5 s per channel, 5 edits per 5 s per channel, 5 webhook calls per 2 s per
    /// interaction token, DMs and command registration per bot, 50 requests per second overall.
    public static let discordLike = FakeDiscordRateLimits(routes: [
        "POST /channels/{channel_id}/messages": Bucket(limit: 5, window: 5),
        "PATCH /channels/{channel_id}/messages/{message_id}": Bucket(limit: 5, window: 5),
        "POST /channels/{channel_id}/threads": Bucket(limit: 5, window: 5),
        "POST /users/@me/channels": Bucket(limit: 5, window: 5),
        "PUT /applications/{application_id}/commands": Bucket(limit: 2, window: 10),
        "PUT /applications/{application_id}/guilds/{guild_id}/commands": Bucket(limit: 2, window: 10),
        "POST /interactions/{interaction_id}/{interaction_token}/callback": Bucket(limit: 5, window: 5),
        "PATCH /webhooks/{application_id}/{interaction_token}/messages/@original": Bucket(limit: 5, window: 2),
        "POST /webhooks/{application_id}/{interaction_token}": Bucket(limit: 5, window: 2),
        "PATCH /webhooks/{application_id}/{interaction_token}/messages/{message_id}": Bucket(limit: 5, window: 2),
    ])
}

/// A 429 a test schedules.
struct ScriptedRateLimit: Sendable {
    /// Only requests to this route take it; nil means any route.
    var route: String?
    var retryAfter: Double
    var global: Bool
    var scope: String
}
