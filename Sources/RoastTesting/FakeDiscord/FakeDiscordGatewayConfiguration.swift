/// How the fake gateway behaves; change it before or between connections.
public struct FakeDiscordGatewayConfiguration: Sendable, Hashable {
    /// Hello's `heartbeat_interval` in milliseconds (Discord: about 41,250).
    public var heartbeatIntervalMilliseconds: Int
    /// How far a heartbeat may come after its due time (or before it, unless the fake asked for one)
    /// before the fake calls it a violation; one that is later than that is missed and the fake
    /// drops the connection.
    public var heartbeatToleranceMilliseconds: Int
    /// A heartbeat's `d` may lag the last sequence sent by up to this long (a dispatch in flight).
    public var sequenceSlackMilliseconds: Int
    /// What `GET /gateway/bot` reports and the fake enforces: sessions left, the reset, concurrency.
    public var sessionStartTotal: Int
    public var sessionStartRemaining: Int
    public var sessionStartResetAfterMilliseconds: Int
    public var maxConcurrency: Int
    public var shards: Int
    /// Privileged intents switched on "in the Developer Portal" (others close with 4014).
    public var enabledPrivilegedIntents: Int
    /// Client payloads allowed per connection per minute (Discord: 120; past it, 4008).
    public var sendLimitPerMinute: Int

    public init(
        heartbeatIntervalMilliseconds: Int = 41_250, heartbeatToleranceMilliseconds: Int = 1_000, sequenceSlackMilliseconds: Int = 500,
        sessionStartTotal: Int = 1_000, sessionStartRemaining: Int = 1_000, sessionStartResetAfterMilliseconds: Int = 86_400_000,
        maxConcurrency: Int = 1, shards: Int = 1, enabledPrivilegedIntents: Int = 0, sendLimitPerMinute: Int = 120
    ) {
        self.heartbeatIntervalMilliseconds = heartbeatIntervalMilliseconds
        self.heartbeatToleranceMilliseconds = heartbeatToleranceMilliseconds
        self.sequenceSlackMilliseconds = sequenceSlackMilliseconds
        self.sessionStartTotal = sessionStartTotal
        self.sessionStartRemaining = sessionStartRemaining
        self.sessionStartResetAfterMilliseconds = sessionStartResetAfterMilliseconds
        self.maxConcurrency = maxConcurrency
        self.shards = shards
        self.enabledPrivilegedIntents = enabledPrivilegedIntents
        self.sendLimitPerMinute = sendLimitPerMinute
    }
}
