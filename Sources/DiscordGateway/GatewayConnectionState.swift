/// Where the session stands, for health checks and logs.
public enum GatewayConnectionState: Sendable, Hashable {
    /// Asking `GET /gateway/bot` for the gateway URL and the identify budget.
    case fetchingGatewayBot
    /// Opening a connection to start a new session (`resuming: false`) or resume one.
    case connecting(resuming: Bool)
    /// Identify was sent; READY is awaited.
    case identifying
    /// Resume was sent; the missed dispatches and RESUMED are awaited.
    case resuming
    /// READY arrived: a new session; dispatches flow.
    case ready(sessionID: String)
    /// RESUMED arrived: the session goes on; the missed dispatches were delivered before it.
    case resumed
    /// The connection ended; the next attempt comes after `retryAfter` seconds.
    case disconnected(GatewayDisconnectReason, willResume: Bool, retryAfter: Double)
    /// No Identify may be sent before `seconds` pass: the day's session starts are spent (or the
    /// 5-second concurrency window is full).
    case waitingForIdentifyBudget(seconds: Double)
}

/// Why a connection ended.
public enum GatewayDisconnectReason: Sendable, Hashable {
    /// The server sent a close frame with this code (1005 when the frame carried none).
    case closed(code: Int)
    /// The connection ended without a close frame (reset, EOF, a protocol error on the client's side).
    case dropped
    /// Op 7: Discord asked the client to reconnect and resume.
    case reconnectRequested
    /// Op 9: the session was invalidated; `resumable` is its `d`.
    case invalidSession(resumable: Bool)
    /// A heartbeat went unacknowledged until the next was due.
    case zombie
    /// No Hello within the hello timeout.
    case helloTimeout
    /// The connection could not be opened.
    case connectFailed(String)
}
