import Foundation

/// A REST path matched to one of the routes the fake serves, with its placeholders' values.
struct FakeDiscordRoute: Sendable, Equatable {
    /// `POST /channels/{channel_id}/messages`.
    var key: String
    /// `/channels/{channel_id}/messages`.
    var template: String
    var parameters: [String: String]

    /// The routes served, as method and path segments (`{name}` matches any one segment).
    private static let table: [(method: String, segments: [String])] = [
        ("GET", ["gateway", "bot"]),
        ("POST", ["channels", "{channel_id}", "messages"]),
        ("PATCH", ["channels", "{channel_id}", "messages", "{message_id}"]),
        ("POST", ["channels", "{channel_id}", "threads"]),
        ("POST", ["users", "@me", "channels"]),
        ("PUT", ["applications", "{application_id}", "commands"]),
        ("PUT", ["applications", "{application_id}", "guilds", "{guild_id}", "commands"]),
        ("POST", ["interactions", "{interaction_id}", "{interaction_token}", "callback"]),
        ("PATCH", ["webhooks", "{application_id}", "{interaction_token}", "messages", "@original"]),
        ("POST", ["webhooks", "{application_id}", "{interaction_token}"]),
        ("PATCH", ["webhooks", "{application_id}", "{interaction_token}", "messages", "{message_id}"]),
    ]

    /// Matches `method` and a path relative to the API base (`/channels/1/messages`).
    static func match(method: String, path: String) -> FakeDiscordRoute? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        candidates: for entry in table where entry.method == method && entry.segments.count == segments.count {
            var parameters: [String: String] = [:]
            for (pattern, segment) in zip(entry.segments, segments) {
                if pattern.hasPrefix("{") {
                    parameters[String(pattern.dropFirst().dropLast())] = segment
                } else if pattern != segment {
                    continue candidates
                }
            }
            // Literal segments win over placeholders (`@original` is not a message id).
            if entry.segments.last == "{message_id}", segments.last == "@original" { continue }
            let template = "/" + entry.segments.joined(separator: "/")
            return FakeDiscordRoute(key: "\(method) \(template)", template: template, parameters: parameters)
        }
        return nil
    }

    func int(_ name: String) -> Int64 { parameters[name].flatMap { Int64($0) } ?? -1 }

    var channelID: Int64? { parameters["channel_id"].flatMap { Int64($0) } }

    /// Interaction routes are authorized by their token and not bound by the global limit.
    var isInteraction: Bool { parameters["interaction_token"] != nil }

    var requiresBotToken: Bool { !isInteraction }

    /// What Discord keys the route's limit on besides its bucket.
    var majorParameter: String {
        if let channel = parameters["channel_id"] { return "channel:\(channel)" }
        if let guild = parameters["guild_id"] { return "guild:\(guild)" }
        if let interaction = parameters["interaction_id"] { return "interaction:\(interaction)" }
        if let application = parameters["application_id"], let token = parameters["interaction_token"] {
            return "webhook:\(application):\(token)"
        }
        return ""
    }

    /// A stable bucket name per route, as opaque as Discord's.
    var bucketHash: String {
        var hash: UInt32 = 2_166_136_261
        for byte in key.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        return String(hash, radix: 16)
    }
}

/// One request as the fake's state reads it.
struct FakeDiscordIncoming: Sendable {
    var method: String
    /// Relative to the API base.
    var path: String
    var route: FakeDiscordRoute?
    var authorization: String?
    var userAgent: String?
    var contentType: String?
    var hasBody: Bool
    /// The JSON body, or `payload_json` of a multipart body; nil when absent or unreadable.
    var json: FakeJSON?
    /// Multipart parts with a file name, by part name (`files[0]`).
    var files: [String: RequestParameters.UploadedFile]
    /// Multipart parts without a file name other than `payload_json`.
    var otherFields: [String]
    /// Monotonic seconds.
    var now: Double
    var date: Date
}

/// An answer of the fake.
struct FakeDiscordReply: Error, Sendable {
    var status: Int
    var body: FakeJSON?
    var headers: [(String, String)] = []
    var errorCode: Int?
    /// `X-RateLimit-Scope` of a 429.
    var scope: String?

    static func json(_ value: FakeJSON, status: Int = 200) -> FakeDiscordReply {
        FakeDiscordReply(status: status, body: value)
    }

    static let noContent = FakeDiscordReply(status: 204, body: nil)

    static func error(_ status: Int, code: Int, _ message: String, errors: FakeJSON? = nil) -> FakeDiscordReply {
        var body: [String: FakeJSON] = ["code": .int(Int64(code)), "message": .string(message)]
        if let errors { body["errors"] = errors }
        return FakeDiscordReply(status: status, body: .object(body), errorCode: code)
    }

    /// 50035 with Discord's nested `errors` object, one entry per (dotted path, code, message).
    static func formError(_ problems: [(path: String, code: String, message: String)]) -> FakeDiscordReply {
        var tree: [String: FakeJSON] = [:]
        for problem in problems {
            let keys = problem.path.split(separator: ".").map(String.init)
            insert(["code": .string(problem.code), "message": .string(problem.message)], at: keys[...], into: &tree)
        }
        return .error(400, code: 50035, "Invalid Form Body", errors: .object(tree))
    }

    private static func insert(_ entry: FakeJSON, at keys: ArraySlice<String>, into tree: inout [String: FakeJSON]) {
        guard let first = keys.first else {
            tree["_errors"] = .array((tree["_errors"]?.arrayValue ?? []) + [entry])
            return
        }
        var child = tree[first]?.objectValue ?? [:]
        insert(entry, at: keys.dropFirst(), into: &child)
        tree[first] = .object(child)
    }

    static func tooManyRequests(retryAfter: Double, global: Bool, scope: String) -> FakeDiscordReply {
        let seconds = (max(0, retryAfter) * 1000).rounded(.up) / 1000
        var reply = FakeDiscordReply(
            status: 429,
            body: [
                "message": global ? "You are being rate limited." : "You are being rate limited.",
                "retry_after": .double(seconds), "global": .bool(global),
            ], errorCode: nil, scope: scope)
        reply.headers = [("Retry-After", String(Int(seconds.rounded(.up)))), ("X-RateLimit-Scope", scope)]
        if global { reply.headers.append(("X-RateLimit-Global", "true")) }
        return reply
    }
}
