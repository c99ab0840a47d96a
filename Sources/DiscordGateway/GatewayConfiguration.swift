import DiscordAPI

/// What a gateway session identifies with, and its timing rules. The defaults follow Discord's
/// documentation; tests shorten the delays.
public struct GatewayConfiguration: Sendable, Hashable {
    public var token: DiscordBotToken
    /// Defaults to ``GatewayIntents/botDefault`` (5633, nothing privileged).
    public var intents: GatewayIntents
    /// Identify's `properties`: the operating system, and the library name as `browser` and `device`.
    public var properties: IdentifyProperties

    /// Seconds to wait for Hello after the connection opened before giving up on it.
    public var helloTimeout: Double
    /// Backoff between failed attempts: the first retry after 0–1 s, then `base·2ⁿ⁻¹` seconds up to
    /// `maximumBackoff`, each scaled by a random factor in [0.5, 1].
    public var backoffBase: Double
    public var maximumBackoff: Double
    /// After op 9 with `d: false`, a fresh Identify waits a random time in this range (Discord: 1–5 s).
    public var invalidSessionDelay: ClosedRange<Double>
    /// Failed resumes in a row after which the session is dropped and a fresh Identify is sent.
    public var resumeFailureLimit: Int
    /// Failed connections to the cached gateway URL in a row after which `GET /gateway/bot` is asked again.
    public var connectFailuresBeforeRefresh: Int
    /// Seconds added to Discord's 5-second `max_concurrency` window between Identify payloads: Discord
    /// counts when they arrive, and the first may be slower on its way than the next.
    public var identifySpacingMargin: Double
    /// `GET /gateway/bot` is asked again before a fresh Identify when its answer is older than this (seconds),
    /// so that `remaining` counts what other processes with the same token spent.
    public var gatewayBotMaximumAge: Double
    /// Gateway events the client may send per connection per `sendWindow` seconds (Discord: 120 per 60 s).
    public var sendLimit: Int
    public var sendWindow: Double
    /// Of ``sendLimit``, how many only heartbeats, Identify and Resume may use.
    public var sendReserve: Int
    /// Seconds the session waits for its last connection to close when stopping.
    public var stopTimeout: Double

    public init(
        token: DiscordBotToken, intents: GatewayIntents = .botDefault, properties: IdentifyProperties = IdentifyProperties(),
        helloTimeout: Double = 20, backoffBase: Double = 1, maximumBackoff: Double = 60,
        invalidSessionDelay: ClosedRange<Double> = 1...5, resumeFailureLimit: Int = 3, connectFailuresBeforeRefresh: Int = 3,
        identifySpacingMargin: Double = 1,
        gatewayBotMaximumAge: Double = 120, sendLimit: Int = 120, sendWindow: Double = 60, sendReserve: Int = 10,
        stopTimeout: Double = 5
    ) {
        self.token = token
        self.intents = intents
        self.properties = properties
        self.helloTimeout = helloTimeout
        self.backoffBase = backoffBase
        self.maximumBackoff = maximumBackoff
        self.invalidSessionDelay = invalidSessionDelay
        self.resumeFailureLimit = resumeFailureLimit
        self.connectFailuresBeforeRefresh = connectFailuresBeforeRefresh
        self.identifySpacingMargin = identifySpacingMargin
        self.gatewayBotMaximumAge = gatewayBotMaximumAge
        self.sendLimit = sendLimit
        self.sendWindow = sendWindow
        self.sendReserve = sendReserve
        self.stopTimeout = stopTimeout
    }
}

/// Identify's `properties` object.
public struct IdentifyProperties: Sendable, Hashable, Codable {
    public var os: String
    public var browser: String
    public var device: String

    public init(os: String = "linux", browser: String = "roastbot", device: String = "roastbot") {
        self.os = os
        self.browser = browser
        self.device = device
    }
}
