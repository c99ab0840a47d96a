/// The rate-limit bookkeeping of one bot, as a value: which request may go now, which must wait and until when. It
/// reads no clock (every call takes the monotonic time), so its rules are tested as tables.
///
/// - **Buckets**, learned from `X-RateLimit-*` headers and keyed on the bucket hash plus the route's major parameter.
///   A route not yet seen lets one request through at a time until its first answer says what its limit is. A bucket
///   with nothing remaining holds further requests until it resets (pre-emptive: no 429 needed to learn it). A 429 on
///   one bucket holds that bucket only.
/// - **Global**: at most `globalLimit` requests per `globalWindow` seconds on routes bound by the global limit
///   (interaction endpoints are not), and a global 429 holds all of those for its `retry_after`.
/// - **Invalid requests** (401, 403, and 429 except `scope: shared`): Discord bans the IP for a while past 10,000 per
///   10 minutes. Once `invalidRequestLimit` happened within `invalidRequestWindow` seconds, every request waits until
///   the oldest leaves the window, so the bot never makes more than that many per window.
struct DiscordRateLimitState: Sendable {
    struct Configuration: Sendable, Hashable {
        var globalLimit: Int
        var globalWindow: Double
        var invalidRequestLimit: Int
        var invalidRequestWindow: Double
    }

    /// What a request may do now.
    enum Decision: Sendable, Hashable {
        /// Send it; report its outcome with this ticket.
        case proceed(Ticket)
        /// Ask again at `until` (monotonic time).
        case wait(until: Duration, reason: WaitReason)
        /// A request on the same (not yet learned) bucket is in flight: ask again once it completes.
        case awaitCompletion
    }

    enum WaitReason: Sendable, Hashable {
        case bucketExhausted
        case globalLimit
        case globalRateLimited
        case invalidRequestGuard

        var isGlobal: Bool { self != .bucketExhausted }
    }

    /// A reservation made by ``reserve(_:now:)``.
    struct Ticket: Sendable, Hashable {
        var key: String
        var countsTowardGlobal: Bool
    }

    /// What to do after a response.
    enum Completion: Sendable, Hashable {
        case done
        /// A 429: the request was not performed; send it again after `after` seconds.
        case rateLimited(after: Double, global: Bool)
    }

    private struct Bucket: Sendable, Hashable {
        var limit = 1
        var remaining = 1
        /// When the bucket refills; nil while unknown.
        var resetAt: Duration?
        var inFlight = 0
        /// True once headers told its limit.
        var learned = false
        /// The route answered without limit headers.
        var unlimited = false
    }

    let configuration: Configuration
    /// Route key → bucket hash, as learned.
    private var bucketHashes: [String: String] = [:]
    private var buckets: [String: Bucket] = [:]
    private var globalWindowStart: Duration?
    private var globalCount = 0
    private var globalBlockedUntil: Duration?
    /// When invalid responses arrived, oldest first.
    private var invalidResponses: [Duration] = []
    /// Bumped at every completion, so that requests waiting for one can tell it happened.
    private(set) var completions: UInt64 = 0

    init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// Invalid responses (401, 403, counted 429s) within the last window.
    mutating func invalidResponseCount(now: Duration) -> Int {
        pruneInvalid(now: now)
        return invalidResponses.count
    }

    /// Decides whether a request on `route` may go at `now`, reserving its place when it may.
    mutating func reserve(_ route: DiscordRoute, now: Duration) -> Decision {
        pruneInvalid(now: now)
        if invalidResponses.count >= configuration.invalidRequestLimit, let oldest = invalidResponses.first {
            return .wait(until: oldest + .seconds(configuration.invalidRequestWindow), reason: .invalidRequestGuard)
        }
        let countsTowardGlobal = !route.exemptFromGlobalLimit
        if countsTowardGlobal {
            if let until = globalBlockedUntil, now < until { return .wait(until: until, reason: .globalRateLimited) }
            if let start = globalWindowStart, now < start + .seconds(configuration.globalWindow) {
                if globalCount >= configuration.globalLimit {
                    return .wait(until: start + .seconds(configuration.globalWindow), reason: .globalLimit)
                }
            } else {
                globalWindowStart = now
                globalCount = 0
            }
        }
        let key = bucketKey(route)
        var bucket = buckets[key] ?? Bucket()
        if let reset = bucket.resetAt, now >= reset {
            bucket.remaining = bucket.limit
            bucket.resetAt = nil
        }
        if bucket.remaining <= 0, bucket.resetAt == nil, bucket.inFlight == 0 {
            // Nothing will tell when it refills: nothing is in flight and no reset is known.
            bucket.remaining = max(1, bucket.limit)
        }
        guard bucket.unlimited || bucket.remaining > 0 else {
            buckets[key] = bucket
            if let reset = bucket.resetAt { return .wait(until: reset, reason: .bucketExhausted) }
            return .awaitCompletion
        }
        if !bucket.unlimited { bucket.remaining -= 1 }
        bucket.inFlight += 1
        buckets[key] = bucket
        if countsTowardGlobal { globalCount += 1 }
        return .proceed(Ticket(key: key, countsTowardGlobal: countsTowardGlobal))
    }

    /// Learns from the response to a request reserved with `ticket`.
    ///
    /// - Parameters:
    ///   - retryAfter, global: the 429 body's `retry_after` and `global`, when it had them.
    mutating func complete(
        _ ticket: Ticket, route: DiscordRoute, status: Int, headers: DiscordRateLimitHeaders, retryAfter: Double? = nil,
        global: Bool? = nil, now: Duration
    ) -> Completion {
        defer { completions &+= 1 }
        if let hash = headers.bucket { learn(hash, for: route) }
        let key = bucketKey(route)
        var bucket = buckets[key] ?? Bucket()
        bucket.inFlight = max(0, bucket.inFlight - 1)
        if let limit = headers.limit, limit > 0 { bucket.limit = limit }

        if status == 429 {
            let seconds = min(max(0, retryAfter ?? headers.retryAfter ?? 1), DiscordRateLimitHeaders.largest)
            let isGlobal = global == true || headers.isGlobal || headers.scope == .global
            if headers.scope != .shared { invalidResponses.append(now) }
            if isGlobal {
                globalBlockedUntil = max(globalBlockedUntil ?? now, now + .seconds(seconds))
            } else {
                bucket.remaining = 0
                bucket.resetAt = max(bucket.resetAt ?? now, now + .seconds(seconds))
                bucket.learned = bucket.learned || headers.bucket != nil
                bucket.unlimited = false
            }
            buckets[key] = bucket
            return .rateLimited(after: seconds, global: isGlobal)
        }
        if status == 401 || status == 403 { invalidResponses.append(now) }
        if let remaining = headers.remaining, let resetAfter = headers.resetAfter {
            if headers.limit == nil { bucket.limit = max(bucket.limit, remaining + 1) }
            // The server's count does not include requests still in flight.
            bucket.remaining = max(0, remaining - bucket.inFlight)
            bucket.resetAt = now + .seconds(resetAfter)
            bucket.learned = true
            bucket.unlimited = false
        } else if (200..<300).contains(status), !bucket.learned {
            bucket.unlimited = true
        }
        buckets[key] = bucket
        return .done
    }

    /// A request reserved with `ticket` ended without a response (network failure, cancellation).
    mutating func abandon(_ ticket: Ticket, route: DiscordRoute) {
        defer { completions &+= 1 }
        let key = bucketKey(route)
        var bucket = buckets[key] ?? Bucket()
        bucket.inFlight = max(0, bucket.inFlight - 1)
        // A route not yet learned lets the next request through; a learned one keeps its count (it may have arrived).
        if !bucket.learned { bucket.remaining = min(bucket.limit, bucket.remaining + 1) }
        buckets[key] = bucket
    }

    // MARK: Helpers

    private func bucketKey(_ route: DiscordRoute) -> String {
        "\(bucketHashes[route.routeKey] ?? route.routeKey)|\(route.majorParameter)"
    }

    /// Records that `route` counts against bucket `hash`, moving what was kept under the route's own key (for every
    /// major parameter: a 429 on one channel before the hash was known still holds that channel) to the bucket's key.
    private mutating func learn(_ hash: String, for route: DiscordRoute) {
        let previous = bucketHashes[route.routeKey] ?? route.routeKey
        guard previous != hash else { return }
        bucketHashes[route.routeKey] = hash
        let prefix = previous + "|"
        for key in buckets.keys where key.hasPrefix(prefix) {
            guard let moved = buckets.removeValue(forKey: key) else { continue }
            let target = hash + "|" + key.dropFirst(prefix.count)
            buckets[target] = buckets[target].map { Self.merge(moved, $0) } ?? moved
        }
    }

    /// One bucket from two records of it: the stricter of their counts, every request in flight.
    private static func merge(_ a: Bucket, _ b: Bucket) -> Bucket {
        var merged = b
        merged.limit = max(a.limit, b.limit)
        merged.remaining = min(a.remaining, b.remaining)
        merged.resetAt = [a.resetAt, b.resetAt].compactMap { $0 }.max()
        merged.inFlight = a.inFlight + b.inFlight
        merged.learned = a.learned || b.learned
        merged.unlimited = a.unlimited && b.unlimited
        return merged
    }

    private mutating func pruneInvalid(now: Duration) {
        let horizon = now - .seconds(configuration.invalidRequestWindow)
        if let index = invalidResponses.firstIndex(where: { $0 > horizon }) {
            if index > 0 { invalidResponses.removeFirst(index) }
        } else {
            invalidResponses.removeAll()
        }
    }
}
