/// An `HTTPClient` on libcurl's multi interface, driven by one dedicated thread.
///
/// Every transfer runs on that thread (never on Swift's cooperative pool): `send` enqueues the
/// request, wakes the thread with `curl_multi_wakeup` and suspends until the thread resumes it.
/// Easy handles are pooled and the multi handle's connection cache keeps connections alive, so
/// sequential requests to one host reuse one TCP connection. Cancelling the calling task removes
/// the transfer at once (a pending long poll included) and `send` throws `.cancelled`.
///
/// Redirects are not followed; only `http` and `https` URLs are accepted.
public final class CurlHTTPClient: HTTPClient {
    /// Client-wide settings; per-request deadlines live on `HTTPRequest`.
    public struct Configuration: Sendable, Hashable {
        /// Sent as `User-Agent` unless the request sets its own.
        public var userAgent: String
        /// Idle connections kept open for reuse (`CURLMOPT_MAXCONNECTS`) and idle easy handles pooled.
        ///
        /// Must stay above the number of transfers in flight at once: when more finish together than
        /// the cache holds, the surplus connections are closed and the next burst opens them again
        /// (a TCP handshake each, and a TLS handshake in production, which costs more CPU than an
        /// update). Neither grows past what was in flight at once, so a high cap costs nothing
        /// while traffic is light; 8 (the old default) made the bot open 0.87 connections per request
        /// with one outbox worker per chat.
        public var maxConnections: Int
        /// libcurl's verbose trace on stderr. It prints URLs, so it can leak the bot token: debugging only.
        public var verbose: Bool

        public init(userAgent: String = "roastbot/1.0", maxConnections: Int = Configuration.defaultMaxConnections, verbose: Bool = false) {
            self.userAgent = userAgent
            self.maxConnections = maxConnections
            self.verbose = verbose
        }

        /// Room for every chat's outbox worker and the long poll to keep a connection each.
        public static let defaultMaxConnections = 256
    }

    public let configuration: Configuration
    private let loop: CurlMultiLoop

    /// Starts the transfer thread.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        self.loop = CurlMultiLoop(configuration: configuration)
    }

    deinit {
        loop.shutdown()
    }

    /// Performs `request` and returns the complete response; any status code is a response, not an error.
    ///
    /// Throws `.cancelled` if the calling task is cancelled or the client is shut down, and the other
    /// `HTTPError` cases for transport failures. Error messages never contain the URL.
    public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        let id = loop.makeTransferID()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>) in
                let submission = CurlMultiLoop.Submission(id: id, request: request, continuation: continuation)
                guard !Task.isCancelled else {
                    submission.finish(.failure(.cancelled))
                    return
                }
                loop.submit(submission)
                // A cancellation that raced ahead of `submit` found nothing to cancel; repeat it now.
                if Task.isCancelled { loop.cancel(id) }
            }
        } onCancel: { [loop] in
            loop.cancel(id)
        }
        return try result.get()
    }

    /// Stops the transfer thread: in-flight and later sends throw `.cancelled`, and the thread
    /// releases every curl handle as it exits. Returns without waiting for the thread. Idempotent.
    public func shutdown() {
        loop.shutdown()
    }

    /// TCP connections opened so far (sum of `CURLINFO_NUM_CONNECTS` over finished transfers),
    /// to observe connection reuse.
    public var connectionsOpened: Int {
        loop.connectionsOpened
    }
}
