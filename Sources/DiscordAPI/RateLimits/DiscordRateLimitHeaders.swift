import CurlHTTP
import Foundation

/// What a response says about rate limits, from its `X-RateLimit-*` and `Retry-After` headers.
/// <https://discord.com/developers/docs/topics/rate-limits#header-format>
struct DiscordRateLimitHeaders: Sendable, Hashable {
    /// `X-RateLimit-Bucket`: the shared limit this route counts against (without the route's top-level resource).
    var bucket: String?
    var limit: Int?
    var remaining: Int?
    /// `X-RateLimit-Reset-After`: seconds until the bucket refills (used rather than the wall-clock `Reset`).
    var resetAfter: Double?
    /// `X-RateLimit-Global` (429 only).
    var isGlobal: Bool
    /// `X-RateLimit-Scope` (429 only).
    var scope: DiscordRateLimitScope?
    /// `Retry-After`, in seconds.
    var retryAfter: Double?

    init(
        bucket: String? = nil, limit: Int? = nil, remaining: Int? = nil, resetAfter: Double? = nil, isGlobal: Bool = false,
        scope: DiscordRateLimitScope? = nil, retryAfter: Double? = nil
    ) {
        self.bucket = bucket
        self.limit = limit
        self.remaining = remaining
        self.resetAfter = resetAfter
        self.isGlobal = isGlobal
        self.scope = scope
        self.retryAfter = retryAfter
    }

    /// The largest count or number of seconds taken from a server (about 31 years): a larger figure
    /// is absurd, and would overflow the integers and durations it becomes.
    static let largest = 1_000_000_000.0

    init(_ response: HTTPResponse) {
        func number(_ name: String) -> Double? {
            response.discordHeader(name).flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }.flatMap {
                $0.isFinite && $0 >= 0 ? min($0, Self.largest) : nil
            }
        }
        bucket = response.discordHeader("X-RateLimit-Bucket").flatMap { $0.isEmpty ? nil : $0 }
        limit = number("X-RateLimit-Limit").map { Int($0) }
        remaining = number("X-RateLimit-Remaining").map { Int($0) }
        resetAfter = number("X-RateLimit-Reset-After")
        isGlobal = response.discordHeader("X-RateLimit-Global")?.lowercased() == "true"
        scope = response.discordHeader("X-RateLimit-Scope").map { DiscordRateLimitScope(rawValue: $0.lowercased()) }
        retryAfter = number("Retry-After")
    }
}

/// Whose limit a 429 was about (`X-RateLimit-Scope`).
enum DiscordRateLimitScope: Sendable, Hashable {
    /// This bot's limit on the route.
    case user
    /// This bot's global limit.
    case global
    /// A limit on the resource shared by everyone; such a 429 does not count as an invalid request.
    case shared
    case other(String)

    init(rawValue: String) {
        self =
            switch rawValue {
            case "user": .user
            case "global": .global
            case "shared": .shared
            default: .other(rawValue)
            }
    }
}
