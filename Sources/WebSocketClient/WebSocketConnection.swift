/// A client WebSocket connection (RFC 6455) to a `ws://` or `wss://` URL, on a thread of its own.
///
/// ```swift
/// let connection = try await WebSocketConnection.connect(to: "wss://gateway.discord.gg/?v=10&encoding=json")
/// try await connection.send(.text(#"{"op":1,"d":null}"#))
/// for await event in connection.events { … }   // messages, then one `.closed(…)`
/// ```
///
/// The connection is opened by libcurl (`CURLOPT_CONNECT_ONLY`: the same TLS, CA store and proxy
/// settings as REST), and the protocol — handshake, masking, fragments, control frames, the closing
/// handshake — is this module's. Pings are answered automatically. Dropping the last reference aborts
/// the connection.
public final class WebSocketConnection: Sendable {
    /// Messages in arrival order, then exactly one `.closed`, then the end of the stream. One consumer.
    public let events: AsyncStream<WebSocketEvent>
    private let loop: WebSocketIOLoop

    private init(loop: WebSocketIOLoop) {
        self.loop = loop
        self.events = loop.events
    }

    deinit {
        loop.abort()
    }

    /// Opens a connection and completes the opening handshake. Cancelling the calling task fails it
    /// with `.cancelled` at once (a DNS or TCP connect under way finishes on its thread, bounded by
    /// the connect timeout, and is then dropped).
    public static func connect(
        to url: String, configuration: WebSocketConfiguration = WebSocketConfiguration()
    ) async throws(WebSocketError) -> WebSocketConnection {
        guard let parsed = WebSocketURL(url) else { throw .invalidURL }
        let loop = WebSocketIOLoop(url: parsed, configuration: configuration)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: WebSocketIOLoop.ConnectContinuation) in
                loop.start(reportingTo: continuation)
                if Task.isCancelled { loop.abort() }
            }
        } onCancel: {
            loop.abort()
        }
        try result.get()
        return WebSocketConnection(loop: loop)
    }

    /// Sends one message (one frame, masked) and returns once its bytes are handed to the socket.
    /// Throws `.closed` once the connection is closing or closed.
    public func send(_ message: WebSocketMessage) async throws(WebSocketError) {
        let result = await withCheckedContinuation { (continuation: WebSocketIOLoop.SendContinuation) in
            loop.send(message, continuation: continuation)
        }
        try result.get()
    }

    /// Starts the closing handshake with `code` and returns how the connection ended: the server's
    /// answer, or the close timeout. Messages arriving after the close frame was sent are dropped.
    @discardableResult
    public func close(code: WebSocketCloseCode = .normalClosure, reason: String = "") async -> WebSocketClosure {
        await withCheckedContinuation { continuation in
            loop.close(code: code, reason: reason, continuation: continuation)
        }
    }

    /// Drops the TCP connection at once, without a close frame (the peer sees an abnormal closure).
    public func abort() {
        loop.abort()
    }
}
