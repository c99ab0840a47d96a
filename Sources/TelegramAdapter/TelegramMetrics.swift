import CoreMetrics
import TelegramBotAPI

/// What the Telegram adapter counts, recorded through swift-metrics: every Bot API request the bot
/// sends by method and outcome, flood control (429s and the `retry_after` seconds waited), polls and
/// how far behind the newest update is, webhook requests by answer. ``disabled`` records nothing.
public struct TelegramMetrics: Sendable {
    /// How one request ended, from the bot's side.
    public enum Outcome: String, Sendable, CaseIterable {
        case ok
        /// 429: flood control (waited out, then repeated).
        case retryAfter = "retry_after"
        /// 5xx, a dropped connection, a malformed answer (repeated after a backoff).
        case transient
        /// A refusal that repeating will not change (400 and friends).
        case rejected
        /// Blocked, kicked, or the chat is gone.
        case chatUnavailable = "chat_unavailable"
        /// The group became a supergroup.
        case migrated
        /// 409: another poller, or a webhook is set.
        case conflict
        /// Shutdown interrupted it.
        case cancelled
    }

    /// The methods counted by name; others count as `other`.
    public static let methods = [
        "sendMessage", "editMessageText", "editMessageReplyMarkup", "sendDocument", "sendPhoto", "answerCallbackQuery", "getUpdates",
        "other",
    ]

    /// Answers the webhook endpoint gives, by status.
    public static let webhookStatuses = [200, 400, 401, 413, 503]

    /// The metric names, for docs/operating.md's list and the tests.
    public enum Name {
        public static let requests = "roastbot_telegram_requests_total"
        public static let floodControl = "roastbot_telegram_429_total"
        public static let retryAfterSeconds = "roastbot_telegram_retry_after_seconds_total"
        public static let pollLag = "roastbot_telegram_poll_lag_seconds"
        public static let webhookRequests = "roastbot_webhook_requests_total"
    }

    /// Records nothing.
    public static let disabled = TelegramMetrics(factory: NOOPMetricsHandler.instance)

    private let requests: [String: [Outcome: Counter]]
    private let floodControl: [String: Counter]
    private let retryAfterSeconds: Counter
    private let pollLag: Gauge
    private let webhookRequests: [Int: Counter]

    public init(factory: any MetricsFactory) {
        requests = Dictionary(
            uniqueKeysWithValues: Self.methods.map { method in
                (
                    method,
                    Dictionary(
                        uniqueKeysWithValues: Outcome.allCases.map {
                            (
                                $0,
                                Counter(label: Name.requests, dimensions: [("method", method), ("outcome", $0.rawValue)], factory: factory)
                            )
                        })
                )
            })
        floodControl = Dictionary(
            uniqueKeysWithValues: Self.methods.map {
                ($0, Counter(label: Name.floodControl, dimensions: [("method", $0)], factory: factory))
            })
        retryAfterSeconds = Counter(label: Name.retryAfterSeconds, factory: factory)
        pollLag = Gauge(label: Name.pollLag, factory: factory)
        webhookRequests = Dictionary(
            uniqueKeysWithValues: Self.webhookStatuses.map {
                ($0, Counter(label: Name.webhookRequests, dimensions: [("status", String($0))], factory: factory))
            })
    }

    /// One request to `method` ended with `outcome`.
    func request(_ method: String, _ outcome: Outcome) {
        (requests[method] ?? requests["other"])?[outcome]?.increment()
    }

    /// One request to `method` ended with `error`: its outcome, and flood control's wait when it was one.
    func request(_ method: String, failedWith error: TelegramError) {
        let outcome: Outcome
        switch error {
        case .retryAfter(let seconds):
            outcome = .retryAfter
            (floodControl[method] ?? floodControl["other"])?.increment()
            retryAfterSeconds.increment(by: max(seconds, 0))
        case .migrated: outcome = .migrated
        case .conflict: outcome = .conflict
        case .network(.cancelled): outcome = .cancelled
        case let error where error.isChatUnavailable: outcome = .chatUnavailable
        case let error where error.isRetryable: outcome = .transient
        default: outcome = .rejected
        }
        request(method, outcome)
    }

    /// Seconds from the newest update's own date to its arrival (0 when a poll brought nothing).
    func pollLag(seconds: Double) { pollLag.record(max(0, seconds)) }

    /// The webhook endpoint answered with `status`.
    func webhookAnswered(_ status: Int) {
        webhookRequests[status]?.increment()
    }
}
