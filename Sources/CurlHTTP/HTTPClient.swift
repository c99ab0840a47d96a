import Foundation

/// An HTTP request as the bot's clients need it.
public struct HTTPRequest: Sendable, Hashable {
    public enum Method: String, Sendable {
        case get = "GET"
        case post = "POST"
        case put = "PUT"
        case patch = "PATCH"
        case delete = "DELETE"
    }

    public var method: Method
    public var url: String
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    /// Whole-transfer deadline in seconds (connect + send + wait + receive).
    public var timeout: Double
    /// Connection-phase deadline in seconds.
    public var connectTimeout: Double
    /// The largest response body accepted, in bytes; a larger one fails with
    /// ``HTTPError/responseTooLarge(limit:)`` as soon as it passes the limit, before it is all in memory.
    public var maximumResponseBytes: Int

    /// 16 MB: far above any Bot API or chat-completions answer the bot asks for.
    public static let defaultMaximumResponseBytes = 16 << 20

    public init(
        method: Method = .post,
        url: String,
        headers: [(name: String, value: String)] = [],
        body: [UInt8] = [],
        timeout: Double = 30,
        connectTimeout: Double = 10,
        maximumResponseBytes: Int = HTTPRequest.defaultMaximumResponseBytes
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.maximumResponseBytes = maximumResponseBytes
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.method == rhs.method && lhs.url == rhs.url && lhs.body == rhs.body && lhs.timeout == rhs.timeout
            && lhs.connectTimeout == rhs.connectTimeout && lhs.maximumResponseBytes == rhs.maximumResponseBytes
            && lhs.headers.map { "\($0.name):\($0.value)" } == rhs.headers.map { "\($0.name):\($0.value)" }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(url)
        hasher.combine(body)
    }
}

/// Why a transfer failed before a complete HTTP response arrived. Never contains the URL: it may
/// carry a secret (Telegram puts the bot token in the path).
public enum HTTPError: Error, Sendable, Hashable {
    case timedOut
    case connectionRefused
    case dnsFailure
    case tls(String)
    /// The connection dropped or the response was truncated.
    case connectionLost(String)
    case invalidRequest(String)
    /// The client was shut down, or the calling task was cancelled.
    case cancelled
    /// The response body passed the request's ``HTTPRequest/maximumResponseBytes``.
    case responseTooLarge(limit: Int)
    case other(code: Int, message: String)
}

/// Sends HTTP requests. Implementations must not block Swift's cooperative thread pool.
public protocol HTTPClient: Sendable {
    func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse
}
