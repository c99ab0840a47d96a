import ChatPlatform
import CoreMetrics
import RoastStore

/// What the bot's own parts count and time, recorded through swift-metrics: updates received, applied
/// and skipped by kind, how long handlers and commits take, scheduled posts, AI calls and the
/// outbox's settlements. The composition root chooses the factory (Prometheus when the metrics
/// listener is configured); ``disabled`` records nothing. Every series is created up front, so a
/// scrape lists each one from the start (at zero) and recording never allocates.
public struct BotMetrics: Sendable {
    /// Why an update had no effect.
    public enum Skip: String, Sendable, CaseIterable {
        /// Applied before (a redelivery, or a batch seen again after a restart).
        case duplicate
        /// A spammer's command during their cool-down.
        case throttled
        /// Its own failure repeated while the store took writes; given up.
        case failed
        /// The platform sent something the adapter cannot translate (an unknown kind).
        case untranslatable
    }

    /// How a scheduled post went.
    public enum PostOutcome: String, Sendable, CaseIterable {
        /// Queued within a minute of its time.
        case onTime = "on_time"
        /// Queued later than that, within its late window (the bot was down or busy).
        case late
        /// Missed by more than its late window: recorded, never posted.
        case skipped
    }

    /// How a call to the AI provider ended.
    public enum AIOutcome: String, Sendable, CaseIterable {
        case ok
        case timedOut = "timed_out"
        case unreachable
        case status
        case malformed
        case unsafe
        case circuitOpen = "circuit_open"
        case cancelled
    }

    /// How an outbox row ended (`roastbot_outbox_settled_total`'s `outcome`).
    public enum OutboxOutcome: String, Sendable, CaseIterable {
        case delivered
        /// Refused by the platform for good.
        case failed
        /// Not sent: an answer that would have arrived minutes late (``OutboxDeliverer/replyDeadline``).
        case late
    }

    /// A post queued more than this after its time counts as late.
    public static let lateAfter: Double = 60

    /// Records nothing.
    public static let disabled = BotMetrics(factory: NOOPMetricsHandler.instance)

    /// The metric names, for docs/operating.md's list and the tests.
    public enum Name {
        public static let received = "roastbot_updates_received_total"
        public static let applied = "roastbot_updates_applied_total"
        public static let skipped = "roastbot_updates_skipped_total"
        public static let handlerDuration = "roastbot_handler_duration_seconds"
        public static let commitDuration = "roastbot_commit_duration_seconds"
        public static let scheduledPosts = "roastbot_scheduled_posts_total"
        public static let aiCalls = "roastbot_ai_calls_total"
        public static let aiFallbacks = "roastbot_ai_fallbacks_total"
        public static let outboxSettled = "roastbot_outbox_settled_total"
        public static let outboxPostponed = "roastbot_outbox_postponed_total"
    }

    private let received: [String: Counter]
    private let applied: [String: Counter]
    private let skipped: [String: [Skip: Counter]]
    private let handlerDurations: [String: CoreMetrics.Timer]
    private let commitDuration: CoreMetrics.Timer
    private let posts: [ScheduledPostKind: [PostOutcome: Counter]]
    private let aiCalls: [AIOutcome: Counter]
    private let aiFallbacks: Counter
    private let settled: [OutboxOutcome: Counter]
    private let postponed: Counter

    public init(factory: any MetricsFactory) {
        func byKind<T>(_ make: (String) -> T) -> [String: T] {
            Dictionary(uniqueKeysWithValues: Self.kinds.map { ($0, make($0)) })
        }
        received = byKind { Counter(label: Name.received, dimensions: [("kind", $0)], factory: factory) }
        applied = byKind { Counter(label: Name.applied, dimensions: [("kind", $0)], factory: factory) }
        skipped = byKind { kind in
            Dictionary(
                uniqueKeysWithValues: Skip.allCases.map {
                    ($0, Counter(label: Name.skipped, dimensions: [("kind", kind), ("reason", $0.rawValue)], factory: factory))
                })
        }
        handlerDurations = byKind { CoreMetrics.Timer(label: Name.handlerDuration, dimensions: [("kind", $0)], factory: factory) }
        commitDuration = CoreMetrics.Timer(label: Name.commitDuration, factory: factory)
        posts = Dictionary(
            uniqueKeysWithValues: ScheduledPostKind.allCases.map { kind in
                (
                    kind,
                    Dictionary(
                        uniqueKeysWithValues: PostOutcome.allCases.map {
                            (
                                $0,
                                Counter(
                                    label: Name.scheduledPosts, dimensions: [("kind", kind.rawValue), ("outcome", $0.rawValue)],
                                    factory: factory)
                            )
                        })
                )
            })
        aiCalls = Dictionary(
            uniqueKeysWithValues: AIOutcome.allCases.map {
                ($0, Counter(label: Name.aiCalls, dimensions: [("outcome", $0.rawValue)], factory: factory))
            })
        aiFallbacks = Counter(label: Name.aiFallbacks, factory: factory)
        settled = Dictionary(
            uniqueKeysWithValues: OutboxOutcome.allCases.map {
                ($0, Counter(label: Name.outboxSettled, dimensions: [("outcome", $0.rawValue)], factory: factory))
            })
        postponed = Counter(label: Name.outboxPostponed, factory: factory)
    }

    // MARK: Updates

    /// The kind label of an event (``kinds`` lists them all).
    public static func kind(of event: IncomingEvent) -> String {
        switch event {
        case .command: "command"
        case .mention: "mention"
        case .buttonPress: "button_press"
        case .reactionChange, .reactionAdded, .reactionRemoved: "reaction"
        case .botMembership: "bot_membership"
        case .memberChanged: "member_changed"
        case .memberLeft: "member_left"
        case .migrated: "migrated"
        case .inlineQuery: "inline_query"
        case .inlineChosen: "inline_chosen"
        }
    }

    /// Every kind label, with `unsupported` for what the platform sent and the adapter could not translate.
    public static let kinds = [
        "command", "mention", "button_press", "reaction", "bot_membership", "member_changed", "member_left", "migrated", "inline_query",
        "inline_chosen", "unsupported",
    ]

    func received(_ event: IncomingEvent) { received[Self.kind(of: event)]?.increment() }

    func applied(_ event: IncomingEvent) { applied[Self.kind(of: event)]?.increment() }

    func skipped(_ event: IncomingEvent, _ reason: Skip) { skipped[Self.kind(of: event)]?[reason]?.increment() }

    /// Updates the platform sent that the adapter could not translate: received, and skipped as such.
    public func untranslatable(_ count: Int = 1) {
        guard count > 0 else { return }
        received["unsupported"]?.increment(by: count)
        skipped["unsupported"]?[.untranslatable]?.increment(by: count)
    }

    /// How long one event's work inside its transaction took (the handler, its reads and writes).
    func handled(_ event: IncomingEvent, in duration: Duration) {
        handlerDurations[Self.kind(of: event)]?.recordNanoseconds(Self.nanoseconds(duration))
    }

    /// How long one event waited from being handed to the single writer until its transaction
    /// committed (or rolled back): queueing behind other commits, its group's work, the commit.
    func committed(after duration: Duration) {
        commitDuration.recordNanoseconds(Self.nanoseconds(duration))
    }

    // MARK: Schedules, AI, outbox

    func scheduled(_ kind: ScheduledPostKind, _ outcome: PostOutcome) { posts[kind]?[outcome]?.increment() }

    func aiCall(_ outcome: AIOutcome) { aiCalls[outcome]?.increment() }

    /// A roast the AI was asked for came from the library instead.
    func aiFallback() { aiFallbacks.increment() }

    func outboxSettled(_ outcome: OutboxOutcome) { settled[outcome]?.increment() }

    func outboxPostponed() { postponed.increment() }

    static func nanoseconds(_ duration: Duration) -> Int64 {
        let parts = duration.components
        return parts.seconds * 1_000_000_000 + parts.attoseconds / 1_000_000_000
    }
}
