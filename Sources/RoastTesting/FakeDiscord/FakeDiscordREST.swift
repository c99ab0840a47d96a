import FlyingFox
import FlyingSocks
import Foundation
import Synchronization

/// A fake Discord REST API on 127.0.0.1 for end-to-end tests, faithful where a bot can go wrong: it checks
/// `Authorization`, `User-Agent` and `Content-Type`; message bodies against the documented limits (2,000 characters,
/// 5×5 buttons, custom_ids of 1–100 characters unique per message, labels of at most 80) and, as this project's rule,
/// `allowed_mentions` on every write with `parse` naming at most `users`; multipart uploads (`payload_json` plus
/// `files[n]`, PNG signatures, attachment ids matching); rate-limit buckets with small limits, 429s with `retry_after`,
/// `Retry-After` and a scriptable global limit, and a count of invalid (401/403/429) responses; interactions' 3-second
/// callback deadline, one callback each, callback type rules, and `@original` and followups for 15 minutes; DM
/// channels with ids of their own; and command registration with Discord's naming and localization rules.
///
/// Its rules follow discord/discord-api-docs @ c98d64bc2338 and discord/discord-api-spec @ 74fda0fad044; where they
/// disagree (message content: 4,000 in the spec, 2,000 in the docs) the docs win, as the spec's README says.
///
/// Point the client's base URL at ``baseURL`` (`http://127.0.0.1:PORT/api/v10`). To serve it beside other routes (the
/// fake gateway) on one server, call ``handle(_:)`` from that server's handler or ``install(on:)``; requests outside
/// ``apiPath`` are left to others.
public final class FakeDiscordREST: Sendable {
    /// Where the API lives on the server.
    public static let apiPath = "/api/v10"

    /// An ordinary member's permissions in a channel: view, send, send in threads, read history, react, embed links,
    /// attach files, use commands. Not Manage Server, not Administrator.
    public static let memberPermissions: UInt64 = 1 << 6 | 1 << 10 | 1 << 11 | 1 << 14 | 1 << 15 | 1 << 16 | 1 << 31 | 1 << 38
    /// A server manager's: a member's plus Manage Server (0x20).
    public static let managerPermissions: UInt64 = memberPermissions | 1 << 5

    /// The bot token requests must carry.
    public let token: String
    public let applicationID: Int64

    let state: Mutex<FakeDiscordRESTState>
    private let clock: @Sendable () -> Double
    private let running = Mutex<Running?>(nil)

    private struct Running: Sendable {
        var server: HTTPServer
        var task: Task<Void, any Error>
        var port: UInt16
    }

    public enum StartError: Error {
        case alreadyStarted
        case noListeningPort
    }

    /// - Parameters:
    ///   - rateLimits: the buckets and global limit enforced; nil for none (and no bucket headers).
    ///   - now: monotonic seconds, for deadlines and buckets; the real monotonic clock by default.
    public init(
        token: String = "fake-discord-bot-token", applicationID: Int64 = 1_100_000_000_000_000_001,
        bot: FakeDiscordUser = FakeDiscordUser(id: 1_100_000_000_000_000_001, username: "RoastMeLater", isBot: true),
        rateLimits: FakeDiscordRateLimits? = .discordLike, now: (@Sendable () -> Double)? = nil
    ) {
        self.token = token
        self.applicationID = applicationID
        self.state = Mutex(FakeDiscordRESTState(token: token, applicationID: applicationID, bot: bot, rateLimits: rateLimits))
        if let now {
            self.clock = now
        } else {
            let origin = ContinuousClock.now
            self.clock = {
                let elapsed = ContinuousClock.now - origin
                return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            }
        }
    }

    // MARK: Lifecycle

    /// Starts serving on a free port of 127.0.0.1.
    public func start() async throws {
        guard running.withLock({ $0 == nil }) else { throw StartError.alreadyStarted }
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 60, logger: .disabled)
        await install(on: server)
        let task = Task { try await server.run() }
        try await server.waitUntilListening(timeout: 60)
        guard case .ip4(_, let port)? = await server.listeningAddress else {
            task.cancel()
            throw StartError.noListeningPort
        }
        running.withLock { $0 = Running(server: server, task: task, port: port) }
    }

    public func stop() async {
        guard
            let current = running.withLock({ value -> Running? in
                defer { value = nil }
                return value
            })
        else { return }
        await current.server.stop(timeout: 0)
        current.task.cancel()
    }

    /// The port served on (0 before ``start()``).
    public var port: UInt16 { running.withLock { $0?.port ?? 0 } }

    /// `http://127.0.0.1:PORT/api/v10`: what replaces `https://discord.com/api/v10`.
    public var baseURL: String { "http://127.0.0.1:\(port)\(Self.apiPath)" }

    /// Serves the API on `server` under ``apiPath``.
    public func install(on server: HTTPServer) async {
        await server.appendRoute(HTTPRoute(stringLiteral: "\(Self.apiPath)/*")) { [weak self] request in
            guard let self else { return HTTPResponse(statusCode: .serviceUnavailable) }
            return await self.handle(request) ?? HTTPResponse(statusCode: .notFound, headers: HTTPHeaders([.connection: "close"]))
        }
    }

    /// Answers a request under ``apiPath``; nil for any other path, so a combined fake can route it elsewhere.
    public func handle(_ request: HTTPRequest) async -> HTTPResponse? {
        guard request.path == Self.apiPath || request.path.hasPrefix(Self.apiPath + "/") else { return nil }
        let path = String(request.path.dropFirst(Self.apiPath.count))
        let body = (try? await request.bodyData) ?? Data()
        let incoming = Self.incoming(request, path: path, body: body, now: clock(), date: Date())
        let reply = state.withLock { $0.handle(incoming) }
        return Self.http(reply)
    }

    // MARK: Configuration

    /// The buckets and global limit enforced; nil for none.
    public var rateLimits: FakeDiscordRateLimits? {
        get { state.withLock { $0.rateLimits } }
        set { state.withLock { $0.rateLimits = newValue } }
    }

    /// Seconds after its dispatch within which an interaction must be answered (Discord: 3).
    public var interactionDeadline: Double {
        get { state.withLock { $0.interactionDeadline } }
        set { state.withLock { $0.interactionDeadline = newValue } }
    }

    /// Seconds an interaction token works for `@original` and followups (Discord: 15 minutes).
    public var interactionTokenLifetime: Double {
        get { state.withLock { $0.interactionTokenLifetime } }
        set { state.withLock { $0.interactionTokenLifetime = newValue } }
    }

    /// What `GET /gateway/bot` answers as `url` (the fake gateway's address).
    public var gatewayURL: String {
        get { state.withLock { $0.gatewayURL } }
        set { state.withLock { $0.gatewayURL = newValue } }
    }

    /// `session_start_limit` of `GET /gateway/bot`.
    public func setSessionStartLimit(total: Int = 1000, remaining: Int, resetAfterMilliseconds: Int = 86_400_000, maxConcurrency: Int = 1) {
        state.withLock {
            $0.sessionStartLimit = [
                "total": .int(Int64(total)), "remaining": .int(Int64(remaining)), "reset_after": .int(Int64(resetAfterMilliseconds)),
                "max_concurrency": .int(Int64(maxConcurrency)),
            ]
        }
    }

    /// The largest file accepted, in bytes (Discord's default: 10 MiB).
    public var maximumFileSize: Int {
        get { state.withLock { $0.maximumFileSize } }
        set { state.withLock { $0.maximumFileSize = newValue } }
    }

    /// The bot's own account (authors the messages it writes).
    public var botUser: FakeDiscordUser { state.withLock { $0.bot } }

    // MARK: The world

    /// Makes a channel known (messages to unknown channels get 10003).
    public func registerChannel(_ channel: FakeDiscordChannel) {
        state.withLock { $0.channels[channel.id] = channel }
    }

    public func channel(_ id: Int64) -> FakeDiscordChannel? { state.withLock { $0.channels[id] } }

    /// Makes a person's message known, so that replies to it resolve.
    public func registerPersonMessage(id: Int64) {
        state.withLock { _ = $0.peopleMessages.insert(id) }
    }

    /// The person does not accept DMs from the bot: messages to their DM channel get 50007.
    public func refuseDMs(from userID: Int64, _ refuse: Bool = true) {
        state.withLock {
            if refuse { $0.refusingDMs.insert(userID) } else { $0.refusingDMs.remove(userID) }
        }
    }

    /// Every request on routes naming this channel gets `fault` (e.g. ``FakeDiscordFault/missingPermissions``) until
    /// cleared with nil.
    public func setChannelFault(_ fault: FakeDiscordFault?, channelID: Int64) {
        state.withLock { $0.forbiddenChannels[channelID] = fault }
    }

    /// Archives (and optionally locks) a thread: edits there get 50083; a message reopens it unless locked.
    public func archiveThread(_ channelID: Int64, locked: Bool = false) {
        state.withLock {
            $0.channels[channelID]?.archived = true
            $0.channels[channelID]?.locked = locked
        }
    }

    // MARK: Interactions

    /// A slash command used now: recorded with its dispatch time (the 3-second deadline starts) and returned with the
    /// INTERACTION_CREATE payload to deliver. `options` is `data.options` as Discord sends it.
    public func dispatchCommand(
        _ name: String, options: [FakeJSON] = [], by user: FakeDiscordUser, channelID: Int64, guildID: Int64?,
        permissions: UInt64 = FakeDiscordREST.memberPermissions,
        locale: String = "en-US", guildLocale: String? = "en-US"
    ) -> FakeDiscordInteraction {
        let now = clock()
        return state.withLock { state in
            let data: FakeJSON = [
                "id": .string(String(state.makeID(at: Date()))), "name": .string(name), "type": 1, "options": .array(options),
            ]
            return state.dispatch(
                kind: .command(name: name), data: data, user: user, channelID: channelID, guildID: guildID, permissions: permissions,
                locale: locale, guildLocale: guildLocale, now: now, date: Date())
        }
    }

    /// A press on a button of one of the bot's messages, made now (its payload carries that message).
    public func dispatchButtonPress(
        customID: String, messageID: Int64, by user: FakeDiscordUser, permissions: UInt64 = FakeDiscordREST.memberPermissions,
        locale: String = "en-US",
        guildLocale: String? = "en-US"
    ) -> FakeDiscordInteraction? {
        let now = clock()
        return state.withLock { state in
            guard let message = state.messages.first(where: { $0.id == messageID }) else { return nil }
            let data: FakeJSON = ["custom_id": .string(customID), "component_type": 2]
            return state.dispatch(
                kind: .component(customID: customID, messageID: messageID), data: data, user: user, channelID: message.channelID,
                guildID: message.guildID, permissions: permissions, locale: locale, guildLocale: guildLocale, now: now, date: Date())
        }
    }

    /// An interaction as it stands now (answered? how fast? followups?).
    public func interaction(_ id: Int64) -> FakeDiscordInteraction? { state.withLock { $0.interactions.first { $0.id == id } } }

    public var interactions: [FakeDiscordInteraction] { state.withLock { $0.interactions } }

    // MARK: Faults

    /// The next `times` requests on `route` (a key of ``FakeDiscordRoutes``; nil for any) get `fault`.
    public func injectFault(_ fault: FakeDiscordFault, route: String? = nil, times: Int = 1) {
        state.withLock { state in
            for _ in 0..<max(0, times) { state.faults.append((route, fault)) }
        }
    }

    /// The next `times` requests on `route` (nil for any) get a 429 with `retry_after` and `Retry-After`; `scope`
    /// `shared` ones do not count as invalid requests.
    public func injectRateLimit(route: String? = nil, retryAfter: Double, scope: String = "user", times: Int = 1) {
        state.withLock { state in
            for _ in 0..<max(0, times) {
                state.scriptedRateLimits.append(ScriptedRateLimit(route: route, retryAfter: retryAfter, global: false, scope: scope))
            }
        }
    }

    /// The next request bound by the global limit gets a global 429, and so does every such request for
    /// `retryAfter` seconds (interaction routes are not bound by it).
    public func injectGlobalRateLimit(retryAfter: Double) {
        state.withLock {
            $0.scriptedRateLimits.append(ScriptedRateLimit(route: nil, retryAfter: retryAfter, global: true, scope: "global"))
        }
    }

    // MARK: Inspection

    /// Messages the bot wrote in one channel, oldest first, as they stand now.
    public func messages(in channelID: Int64) -> [FakeDiscordMessage] {
        state.withLock { $0.messages.filter { $0.channelID == channelID } }
    }

    public var allMessages: [FakeDiscordMessage] { state.withLock { $0.messages } }

    public func message(_ id: Int64) -> FakeDiscordMessage? { state.withLock { $0.messages.first { $0.id == id } } }

    /// Requests received, in order; only those on `route` (a key of ``FakeDiscordRoutes``) when given.
    public func requests(route: String? = nil) -> [FakeDiscordRequest] {
        state.withLock { state in
            guard let route else { return state.requests }
            return state.requests.filter { "\($0.method) \($0.route)" == route }
        }
    }

    /// The global commands of the last bulk overwrite.
    public var globalCommands: [FakeDiscordCommand] { state.withLock { $0.globalCommands } }

    public func guildCommands(_ guildID: Int64) -> [FakeDiscordCommand] { state.withLock { $0.guildCommands[guildID] ?? [] } }

    /// Commands created (names not registered before), as Discord counts toward 200 a day.
    public var commandCreates: Int { state.withLock { $0.commandCreates } }

    /// The DM channel opened with a person, if any.
    public func dmChannel(of userID: Int64) -> Int64? { state.withLock { $0.dmChannels[userID] } }

    /// 401, 403 and 429 (not `shared`) responses so far: what Discord counts toward its IP ban.
    public var invalidResponseCount: Int { state.withLock { $0.invalidResponses.count } }

    /// Invalid responses within the last `seconds`.
    public func invalidResponses(within seconds: Double) -> Int {
        let now = clock()
        return state.withLock { $0.invalidResponses.filter { $0.at > now - seconds }.count }
    }

    /// 429s answered so far.
    public var rateLimitedResponseCount: Int { state.withLock { $0.rateLimitedResponses } }

    /// The fake's monotonic time, as requests and interactions are stamped with.
    public var now: Double { clock() }

    /// Waits until `condition` holds, checking every 10 ms; false if `timeout` passes first.
    public func waitFor(timeout: Duration = .seconds(30), _ condition: @Sendable () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            do { try await Task.sleep(for: .milliseconds(10)) } catch { return condition() }
        }
        return true
    }

    // MARK: HTTP

    private static func incoming(_ request: HTTPRequest, path: String, body: Data, now: Double, date: Date) -> FakeDiscordIncoming {
        let method = request.method.rawValue.uppercased()
        let contentType = request.headers[.contentType]
        var json: FakeJSON?
        var files: [String: RequestParameters.UploadedFile] = [:]
        var otherFields: [String] = []
        let mediaType = (contentType ?? "").split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if !body.isEmpty {
            if mediaType == "multipart/form-data",
                let parsed = try? RequestParameters.parse(query: [], contentType: contentType, body: body)
            {
                files = parsed.files
                json = parsed.values["payload_json"]?.stringValue.flatMap { FakeJSON.parse($0) }
                otherFields = parsed.values.keys.filter { $0 != "payload_json" }.sorted()
            } else if mediaType == "application/json" {
                json = FakeJSON.parse(body)
            }
        }
        return FakeDiscordIncoming(
            method: method, path: path, route: FakeDiscordRoute.match(method: method, path: path),
            authorization: request.headers[.authorization],
            userAgent: request.headers[HTTPHeader("User-Agent")], contentType: contentType, hasBody: !body.isEmpty, json: json,
            files: files,
            otherFields: otherFields, now: now, date: date)
    }

    private static func http(_ reply: FakeDiscordReply) -> HTTPResponse {
        // Connection: close, else FlyingFox keeps the socket and the client stalls ~40 ms per request.
        var headers: HTTPHeaders = [.connection: "close"]
        if reply.body != nil { headers[.contentType] = "application/json" }
        for (name, value) in reply.headers { headers[HTTPHeader(name)] = value }
        return HTTPResponse(
            statusCode: HTTPStatusCode(reply.status, phrase: phrase(reply.status)), headers: headers,
            body: Data((reply.body?.jsonText ?? "").utf8))
    }

    private static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 204: "No Content"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 413: "Payload Too Large"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        default: "Error"
        }
    }
}

/// The routes the fake serves, as ``FakeDiscordREST/injectFault(_:route:times:)`` and
/// ``FakeDiscordREST/requests(route:)`` name them.
public enum FakeDiscordRoutes {
    public static let gatewayBot = "GET /gateway/bot"
    public static let createMessage = "POST /channels/{channel_id}/messages"
    public static let editMessage = "PATCH /channels/{channel_id}/messages/{message_id}"
    public static let startForumThread = "POST /channels/{channel_id}/threads"
    public static let createDM = "POST /users/@me/channels"
    public static let globalCommands = "PUT /applications/{application_id}/commands"
    public static let guildCommands = "PUT /applications/{application_id}/guilds/{guild_id}/commands"
    public static let interactionCallback = "POST /interactions/{interaction_id}/{interaction_token}/callback"
    public static let editOriginal = "PATCH /webhooks/{application_id}/{interaction_token}/messages/@original"
    public static let createFollowup = "POST /webhooks/{application_id}/{interaction_token}"
    public static let editFollowup = "PATCH /webhooks/{application_id}/{interaction_token}/messages/{message_id}"
}
