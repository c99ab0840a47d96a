import Foundation

/// Everything the fake Discord REST server knows, and how it answers one request. Mutated under one lock.
struct FakeDiscordRESTState: Sendable {
    // Identity.
    let token: String
    let applicationID: Int64
    var bot: FakeDiscordUser

    // Settings.
    var rateLimits: FakeDiscordRateLimits?
    var interactionDeadline: Double = 3
    var interactionTokenLifetime: Double = 15 * 60
    var gatewayURL = "ws://127.0.0.1:1"
    var sessionStartLimit: FakeJSON = ["total": 1000, "remaining": 1000, "reset_after": 86_400_000, "max_concurrency": 1]
    var maximumFileSize = 10 * 1024 * 1024

    // World.
    var channels: [Int64: FakeDiscordChannel] = [:]
    var users: [Int64: FakeDiscordUser] = [:]
    var messages: [FakeDiscordMessage] = []
    /// Messages written by people (for replies to resolve).
    var peopleMessages: Set<Int64> = []
    var dmChannels: [Int64: Int64] = [:]
    var refusingDMs: Set<Int64> = []
    var forbiddenChannels: [Int64: FakeDiscordFault] = [:]
    var interactions: [FakeDiscordInteraction] = []
    var globalCommands: [FakeDiscordCommand] = []
    var guildCommands: [Int64: [FakeDiscordCommand]] = [:]
    var commandCreates = 0

    // Traffic.
    var requests: [FakeDiscordRequest] = []
    var invalidResponses: [(status: Int, at: Double)] = []
    var rateLimitedResponses = 0
    var faults: [(route: String?, fault: FakeDiscordFault)] = []
    var scriptedRateLimits: [ScriptedRateLimit] = []
    var globalBlockedUntil: Double?
    var globalWindow: (start: Double, count: Int)?
    var buckets: [String: (start: Double, count: Int)] = [:]

    private var lastID: Int64 = 0

    init(token: String, applicationID: Int64, bot: FakeDiscordUser, rateLimits: FakeDiscordRateLimits?) {
        self.token = token
        self.applicationID = applicationID
        self.bot = bot
        self.rateLimits = rateLimits
        users[bot.id] = bot
    }

    /// A new snowflake made now: increasing, with the current time in its top bits.
    mutating func makeID(at date: Date) -> Int64 {
        let milliseconds = Int64(date.timeIntervalSince1970 * 1000) - 1_420_070_400_000
        lastID = max(lastID + 1, milliseconds << 22)
        return lastID
    }

    // MARK: One request

    mutating func handle(_ request: FakeDiscordIncoming) -> FakeDiscordReply {
        var reply = admit(request) ?? perform(request)
        if reply.status != 429, let headers = bucketHeaders(for: request) { reply.headers += headers }
        if [401, 403].contains(reply.status) || (reply.status == 429 && reply.scope != "shared") {
            invalidResponses.append((reply.status, request.now))
        }
        if reply.status == 429 { rateLimitedResponses += 1 }
        requests.append(
            FakeDiscordRequest(
                method: request.method, route: request.route?.template ?? request.path, path: request.path, status: reply.status,
                errorCode: reply.errorCode, arrivedAt: request.now, userAgent: request.userAgent, contentType: request.contentType,
                hadAuthorization: request.authorization != nil))
        return reply
    }

    /// The checks every request passes before its route runs: known route, User-Agent, Authorization, rate limits,
    /// scheduled faults. A reply here refuses it.
    private mutating func admit(_ request: FakeDiscordIncoming) -> FakeDiscordReply? {
        guard let route = request.route else { return .error(404, code: 0, "404: Not Found") }
        guard let agent = request.userAgent, Self.isDiscordBotUserAgent(agent) else {
            return .error(403, code: 40333, "Cloudflare is blocking your request: set a User-Agent of the form DiscordBot ($url, $version)")
        }
        if let authorization = request.authorization, authorization != "Bot \(token)" {
            return .error(401, code: 0, "401: Unauthorized")
        }
        if route.requiresBotToken, request.authorization == nil { return .error(401, code: 0, "401: Unauthorized") }
        if let limited = rateLimit(request, route: route) { return limited }
        if let index = faults.firstIndex(where: { $0.route == nil || $0.route == route.key }) {
            let fault = faults.remove(at: index).fault
            return .error(fault.status, code: fault.code, fault.message)
        }
        if let channelID = route.channelID, let fault = forbiddenChannels[channelID] {
            return .error(fault.status, code: fault.code, fault.message)
        }
        return nil
    }

    private mutating func perform(_ request: FakeDiscordIncoming) -> FakeDiscordReply {
        guard let route = request.route else { return .error(404, code: 0, "404: Not Found") }
        if request.hasBody, let refusal = Self.contentTypeRefusal(request) { return refusal }
        switch route.key {
        case "GET /gateway/bot":
            return .json(["url": .string(gatewayURL), "shards": 1, "session_start_limit": sessionStartLimit])
        case "POST /channels/{channel_id}/messages":
            return createMessage(request, channelID: route.int("channel_id"))
        case "PATCH /channels/{channel_id}/messages/{message_id}":
            return editChannelMessage(request, channelID: route.int("channel_id"), messageID: route.int("message_id"))
        case "POST /channels/{channel_id}/threads":
            return startForumThread(request, channelID: route.int("channel_id"))
        case "POST /users/@me/channels":
            return createDM(request)
        case "PUT /applications/{application_id}/commands":
            return overwriteCommands(request, applicationID: route.int("application_id"), guildID: nil)
        case "PUT /applications/{application_id}/guilds/{guild_id}/commands":
            return overwriteCommands(request, applicationID: route.int("application_id"), guildID: route.int("guild_id"))
        case "POST /interactions/{interaction_id}/{interaction_token}/callback":
            return interactionCallback(
                request, interactionID: route.int("interaction_id"), token: route.parameters["interaction_token"] ?? "")
        case "PATCH /webhooks/{application_id}/{interaction_token}/messages/@original":
            return editOriginal(request, applicationID: route.int("application_id"), token: route.parameters["interaction_token"] ?? "")
        case "POST /webhooks/{application_id}/{interaction_token}":
            return createFollowup(request, applicationID: route.int("application_id"), token: route.parameters["interaction_token"] ?? "")
        case "PATCH /webhooks/{application_id}/{interaction_token}/messages/{message_id}":
            return editFollowup(
                request, applicationID: route.int("application_id"), token: route.parameters["interaction_token"] ?? "",
                messageID: route.int("message_id"))
        default:
            return .error(405, code: 0, "405: Method Not Allowed")
        }
    }

    // MARK: Rate limits

    /// A 429 for this request, when a scripted limit, the global limit or its route's bucket refuses it; otherwise
    /// counts it.
    private mutating func rateLimit(_ request: FakeDiscordIncoming, route: FakeDiscordRoute) -> FakeDiscordReply? {
        let now = request.now
        let boundByGlobal = !route.isInteraction
        if let index = scriptedRateLimits.firstIndex(where: { $0.route == nil || $0.route == route.key }),
            boundByGlobal || !scriptedRateLimits[index].global
        {
            let scripted = scriptedRateLimits.remove(at: index)
            if scripted.global { globalBlockedUntil = max(globalBlockedUntil ?? now, now + scripted.retryAfter) }
            return .tooManyRequests(retryAfter: scripted.retryAfter, global: scripted.global, scope: scripted.scope)
        }
        if boundByGlobal, let until = globalBlockedUntil, now < until {
            return .tooManyRequests(retryAfter: until - now, global: true, scope: "global")
        }
        if boundByGlobal, let limits = rateLimits {
            var window = globalWindow ?? (now, 0)
            if now >= window.start + 1 { window = (now, 0) }
            guard window.count < limits.globalPerSecond else {
                globalWindow = window
                return .tooManyRequests(retryAfter: window.start + 1 - now, global: true, scope: "global")
            }
            window.count += 1
            globalWindow = window
        }
        guard let limits = rateLimits, let bucket = limits.routes[route.key] else { return nil }
        let key = route.key + "|" + route.majorParameter
        var state = buckets[key] ?? (now, 0)
        if now >= state.start + bucket.window { state = (now, 0) }
        guard state.count < bucket.limit else {
            buckets[key] = state
            let resetAfter = state.start + bucket.window - now
            var reply = FakeDiscordReply.tooManyRequests(retryAfter: resetAfter, global: false, scope: "user")
            reply.headers += Self.headers(route: route, bucket: bucket, remaining: 0, resetAfter: resetAfter)
            return reply
        }
        state.count += 1
        buckets[key] = state
        return nil
    }

    /// The `X-RateLimit-*` headers of an answered request on a limited route.
    private func bucketHeaders(for request: FakeDiscordIncoming) -> [(String, String)]? {
        guard let route = request.route, let bucket = rateLimits?.routes[route.key],
            let state = buckets[route.key + "|" + route.majorParameter]
        else { return nil }
        return Self.headers(
            route: route, bucket: bucket, remaining: max(0, bucket.limit - state.count),
            resetAfter: max(0, state.start + bucket.window - request.now))
    }

    private static func headers(route: FakeDiscordRoute, bucket: FakeDiscordRateLimits.Bucket, remaining: Int, resetAfter: Double) -> [(
        String, String
    )] {
        let reset = Date().timeIntervalSince1970 + resetAfter
        return [
            ("X-RateLimit-Limit", String(bucket.limit)),
            ("X-RateLimit-Remaining", String(remaining)),
            ("X-RateLimit-Reset", String(format: "%.3f", reset)),
            ("X-RateLimit-Reset-After", String(format: "%.3f", resetAfter)),
            ("X-RateLimit-Bucket", route.bucketHash),
        ]
    }

    // MARK: Helpers

    /// `DiscordBot ($url, $versionNumber)`, optionally followed by more.
    static func isDiscordBotUserAgent(_ agent: String) -> Bool {
        guard agent.hasPrefix("DiscordBot ("), let close = agent.firstIndex(of: ")") else { return false }
        let inside = agent[agent.index(agent.startIndex, offsetBy: 12)..<close]
        let parts = inside.split(separator: ",", maxSplits: 1)
        return parts.count == 2 && !parts[0].trimmingCharacters(in: .whitespaces).isEmpty
            && !parts[1].trimmingCharacters(in: .whitespaces).isEmpty
    }

    private static func contentTypeRefusal(_ request: FakeDiscordIncoming) -> FakeDiscordReply? {
        let type = (request.contentType ?? "").split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        switch type {
        case "application/json":
            return request.json == nil ? .formError([("", "BASE_TYPE_DICT", "Body is not valid JSON")]) : nil
        case "multipart/form-data":
            return request.json == nil ? .formError([("payload_json", "BASE_TYPE_DICT", "payload_json must be a JSON object")]) : nil
        default:
            return .formError([("", "CONTENT_TYPE_INVALID", "Expected Content-Type application/json or multipart/form-data")])
        }
    }
}
