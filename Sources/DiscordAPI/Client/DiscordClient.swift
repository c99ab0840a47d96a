import APIDecoding
import CurlHTTP
import Foundation
import Logging
import Synchronization
import Timekeeping

/// The Discord REST endpoints the bot uses, over an ``HTTPClient``, with Discord's rate limits kept in the transport.
///
/// Every request carries `User-Agent: DiscordBot (<url>, <version>)`; bot routes carry `Authorization: Bot <token>`,
/// interaction routes (callback, `@original`, followups) are authorized by the interaction token in their path.
/// Requests wait for their rate-limit bucket, the global limit and the invalid-request guard (see
/// ``DiscordRateLimitState``); a 429 is waited out and the request sent again, up to
/// ``Configuration/rateLimitRetries`` times. Other failures are not repeated here: each ``DiscordError`` case says
/// what the caller should do. After a 401 on a bot route the client refuses every further bot request
/// (``DiscordError/unauthorized``) without sending it. Neither logs nor errors contain a token.
public final class DiscordClient: Sendable {
    /// Client-wide settings.
    public struct Configuration: Sendable, Hashable {
        /// The REST base, version included (`DISCORD_API_URL`); a proxy or a test server can stand in.
        public var baseURL: String
        /// The `$url` and `$versionNumber` of `User-Agent: DiscordBot ($url, $versionNumber)`.
        public var userAgentURL: String
        public var userAgentVersion: String
        /// Whole-request deadline in seconds, and for uploads.
        public var requestTimeout: Double
        public var uploadTimeout: Double
        public var connectTimeout: Double
        /// The longest the client waits for a rate limit before failing with ``DiscordError/rateLimited(retryAfter:global:)``.
        public var maximumRateLimitWait: Double
        /// How many times a request refused with 429 is sent again.
        public var rateLimitRetries: Int
        /// Requests per second on routes bound by the global limit (Discord's is 50).
        public var globalRequestsPerSecond: Int
        /// Refused requests (401, 403, 429) per minute past which every request waits. Discord bans an IP for a while
        /// past 10,000 per 10 minutes; 250 a minute keeps the bot at a quarter of that at worst.
        public var invalidRequestsPerMinute: Int

        public init(
            baseURL: String = "https://discord.com/api/v10", userAgentURL: String = "https://github.com/roastmelater/roastbot",
            userAgentVersion: String = "1.0", requestTimeout: Double = 15, uploadTimeout: Double = 60, connectTimeout: Double = 10,
            maximumRateLimitWait: Double = 30, rateLimitRetries: Int = 3, globalRequestsPerSecond: Int = 50,
            invalidRequestsPerMinute: Int = 250
        ) {
            self.baseURL = baseURL
            self.userAgentURL = userAgentURL
            self.userAgentVersion = userAgentVersion
            self.requestTimeout = requestTimeout
            self.uploadTimeout = uploadTimeout
            self.connectTimeout = connectTimeout
            self.maximumRateLimitWait = maximumRateLimitWait
            self.rateLimitRetries = rateLimitRetries
            self.globalRequestsPerSecond = globalRequestsPerSecond
            self.invalidRequestsPerMinute = invalidRequestsPerMinute
        }

        /// `DiscordBot (<url>, <version>)`.
        public var userAgent: String { "DiscordBot (\(userAgentURL), \(userAgentVersion))" }
    }

    public let configuration: Configuration
    let baseURL: String
    let token: DiscordBotToken
    let http: any HTTPClient
    let limiter: DiscordRateLimiter
    let logger: Logger
    private let revoked = Atomic<Bool>(false)

    public init(
        token: DiscordBotToken, http: any HTTPClient, configuration: Configuration = Configuration(), clock: any WallClock = SystemClock(),
        logger: Logger = Logger(label: "roastbot.discord.rest")
    ) {
        self.token = token
        self.http = http
        self.configuration = configuration
        var base = configuration.baseURL
        while base.hasSuffix("/") { base.removeLast() }
        self.baseURL = base
        self.logger = logger
        self.limiter = DiscordRateLimiter(
            configuration: DiscordRateLimitState.Configuration(
                globalLimit: max(1, configuration.globalRequestsPerSecond), globalWindow: 1,
                invalidRequestLimit: max(1, configuration.invalidRequestsPerMinute), invalidRequestWindow: 60),
            maximumWait: configuration.maximumRateLimitWait, clock: clock, logger: logger)
    }

    /// True once Discord refused the bot token (401): the token is wrong or was reset, and nothing more is sent with it.
    public var isTokenRevoked: Bool { revoked.load(ordering: .relaxed) }

    /// Refused requests (401, 403, 429 not `shared`) in the last minute, as the invalid-request guard counts them.
    public var invalidResponsesInLastMinute: Int { limiter.invalidResponseCount }

    // MARK: Transport

    /// A request body.
    enum Body {
        case none
        case json(any Encodable)
        /// JSON as `payload_json` plus files; plain JSON when there are no files.
        case upload(any Encodable, [DiscordFile])
    }

    /// Sends `body` to `route` and decodes the answer as `Result`.
    func call<Result: Decodable>(_ route: DiscordRoute, _ body: Body = .none, as: Result.Type = Result.self) async throws(DiscordError)
        -> Result
    {
        let response = try await perform(route, body)
        do {
            return try Self.decoder.decode(Result.self, from: Data(response.body))
        } catch let error as DecodingError {
            throw .invalidResponse("\(route): \(error.safeSummary())")
        } catch {
            throw .invalidResponse("\(route): not JSON")
        }
    }

    /// Sends `body` to `route`, for answers without a body (204).
    func callIgnoringResult(_ route: DiscordRoute, _ body: Body = .none) async throws(DiscordError) {
        _ = try await perform(route, body)
    }

    /// Sends the request once its rate limits allow, repeats it after 429s, and returns a 2xx response.
    private func perform(_ route: DiscordRoute, _ body: Body) async throws(DiscordError) -> HTTPResponse {
        if route.authorization == .bot, isTokenRevoked { throw .unauthorized }
        let request = try makeRequest(route, body)
        var attempt = 0
        while true {
            let ticket = try await limiter.acquire(route)
            let response: HTTPResponse
            do {
                response = try await http.send(request)
            } catch {
                limiter.abandon(ticket, route: route)
                throw .network(scrubbed(error))
            }
            let headers = DiscordRateLimitHeaders(response)
            let errorBody =
                (200..<300).contains(response.status) ? nil : try? Self.decoder.decode(DiscordErrorBody.self, from: Data(response.body))
            let completion = limiter.complete(
                ticket, route: route, status: response.status, headers: headers, retryAfter: errorBody?.retryAfter,
                global: errorBody?.global)
            if case .rateLimited(let seconds, let global) = completion {
                logger.warning(
                    "Discord answered 429",
                    metadata: [
                        "route": "\(route)", "retry_after": "\(seconds)", "global": "\(global)",
                        "scope": "\(headers.scope.map { "\($0)" } ?? "none")", "attempt": "\(attempt + 1)",
                    ])
                attempt += 1
                guard attempt <= configuration.rateLimitRetries else { throw .rateLimited(retryAfter: seconds, global: global) }
                continue
            }
            guard (200..<300).contains(response.status) else {
                throw error(status: response.status, body: errorBody, route: route)
            }
            return response
        }
    }

    private func makeRequest(_ route: DiscordRoute, _ body: Body) throws(DiscordError) -> HTTPRequest {
        var headers: [(name: String, value: String)] = [("User-Agent", configuration.userAgent)]
        if route.authorization == .bot { headers.append(("Authorization", token.authorization)) }
        var bytes: [UInt8] = []
        var timeout = configuration.requestTimeout
        switch body {
        case .none:
            break
        case .json(let value):
            bytes = try Self.encode(value, route: route)
            headers.append(("Content-Type", "application/json"))
        case .upload(let value, let files):
            let json = try Self.encode(value, route: route)
            if files.isEmpty {
                bytes = json
                headers.append(("Content-Type", "application/json"))
            } else {
                let form = MultipartBody.upload(payloadJSON: json, files: files)
                bytes = form.bytes
                headers.append(("Content-Type", form.contentType))
                timeout = max(timeout, configuration.uploadTimeout)
            }
        }
        return HTTPRequest(
            method: route.method, url: baseURL + route.path, headers: headers, body: bytes, timeout: timeout,
            connectTimeout: configuration.connectTimeout)
    }

    private static func encode(_ value: any Encodable, route: DiscordRoute) throws(DiscordError) -> [UInt8] {
        do {
            return Array(try encoder.encode(value))
        } catch {
            throw .invalidRequest("could not encode the \(route) request")
        }
    }

    /// The decision a refusal stands for.
    private func error(status: Int, body: DiscordErrorBody?, route: DiscordRoute) -> DiscordError {
        let code = body?.code ?? 0
        switch code {
        case 10062: return .unknownInteraction
        case 40060: return .interactionAlreadyAcknowledged
        case 10015 where route.authorization == .interactionToken: return .interactionExpired
        case 50027 where route.authorization == .interactionToken: return .interactionExpired
        case 50001: return .missingAccess
        case 50013: return .missingPermissions
        case 50007: return .cannotMessageUser
        case 10008: return .unknownMessage
        case 10003: return .unknownChannel
        case 50083: return .archivedThread
        case 50035: return .invalidFormBody(fields: body?.fieldErrors ?? [])
        default: break
        }
        if status == 401 {
            guard route.authorization == .bot else { return .interactionExpired }
            if !revoked.exchange(true, ordering: .relaxed) {
                logger.critical("Discord refused the bot token (401): it is wrong or was reset; no further requests are sent with it")
            }
            return .unauthorized
        }
        if status >= 500 { return .server(status: status) }
        return .api(status: status, code: code, message: token.scrub(body?.message ?? "HTTP \(status)"))
    }

    private func scrubbed(_ error: HTTPError) -> HTTPError {
        switch error {
        case .tls(let message): .tls(token.scrub(message))
        case .connectionLost(let message): .connectionLost(token.scrub(message))
        case .invalidRequest(let message): .invalidRequest(token.scrub(message))
        case .other(let code, let message): .other(code: code, message: token.scrub(message))
        case .timedOut, .connectionRefused, .dnsFailure, .cancelled, .responseTooLarge: error
        }
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    static let decoder = JSONDecoder()
}

extension DiscordClient: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "DiscordClient(\(baseURL), token: <redacted>)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["baseURL": baseURL], displayStyle: .class) }
}
