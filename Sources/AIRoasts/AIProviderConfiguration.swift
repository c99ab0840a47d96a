/// Where and how to ask an OpenAI-compatible provider (OpenAI, Gemini's compatible endpoint, a local
/// server) for roasts.
public struct AIProviderConfiguration: Sendable, Hashable {
    /// The API base, e.g. `https://api.openai.com/v1`; requests go to `{baseURL}/chat/completions`.
    public var baseURL: String
    public var model: String
    /// Sent as `Authorization: Bearer …`; never logged. nil for local servers that need none.
    public var apiKey: String?
    /// Whole-call deadline in seconds, retry included.
    public var timeout: Double
    public var temperature: Double
    public var maxTokens: Int
    /// Consecutive outages that open the circuit breaker, and how long it then stays open (seconds).
    public var failureThreshold: Int
    public var cooldown: Double

    public init(
        baseURL: String, model: String, apiKey: String?, timeout: Double = 8, temperature: Double = 0.9, maxTokens: Int = 160,
        failureThreshold: Int = 3, cooldown: Double = 60
    ) {
        self.baseURL = baseURL
        self.model = model
        self.apiKey = apiKey
        self.timeout = timeout
        self.temperature = temperature
        self.maxTokens = maxTokens
        self.failureThreshold = failureThreshold
        self.cooldown = cooldown
    }

    /// The chat-completions endpoint.
    public var endpoint: String {
        (baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL) + "/chat/completions"
    }
}

extension AIProviderConfiguration: CustomStringConvertible {
    /// For logs: the key is never shown.
    public var description: String {
        "AIProviderConfiguration(baseURL: \(baseURL), model: \(model), apiKey: \(apiKey == nil ? "none" : "set"), timeout: \(timeout))"
    }
}
