/// What one listener accepts, and for how long. Every limit is enforced on the listener's own thread,
/// before any handler runs; the defaults suit Telegram's deliveries behind a reverse proxy (a head of
/// a few hundred bytes, a body of a few kilobytes, up to 100 connections) with room to spare, and
/// keep what a stranger can make the bot hold small: at most ``connections`` × (``headBytes`` + one
/// read) bytes before a route lets a body in.
public struct HTTPLimits: Sendable, Hashable {
    /// The longest request line (method, target, version), in bytes; longer: 414.
    public var requestLineBytes = 8_192
    /// The longest head (the request line and every header line), in bytes; longer: 431.
    public var headBytes = 16_384
    /// The most header fields in one request; more: 431.
    public var headerFields = 64
    /// Connections open at once. One more closes an idle connection — one that sent nothing of a
    /// request first, else one still sending its head, the oldest first; when every connection is
    /// busy with a request, the newcomer is answered 503 and closed.
    public var connections = 128
    /// Seconds a kept-alive connection may wait for the first byte of its next request.
    public var idleTimeout = 30.0
    /// Seconds for a whole head: from the connection's opening for its first request, from the
    /// request's first byte after that; late: 408 (a connection that sent nothing is just closed).
    public var headTimeout = 10.0
    /// Seconds for a whole body once its head is in; late: 408.
    public var bodyTimeout = 30.0
    /// Seconds a handler may take; late: 503 (the request's task is cancelled).
    public var handlerTimeout = 60.0
    /// Seconds for the client to take an answer; late: the connection is closed.
    public var writeTimeout = 30.0
    /// After an answer that ends a connection while the client may still be sending (a head or a
    /// body refused), what it sends is read and dropped for up to these seconds (and up to
    /// ``lingerBytes``), so that it reads the answer rather than a reset.
    public var lingerTimeout = 2.0
    public var lingerBytes = 8 << 20
    /// A refused request's body up to this size is read and dropped, keeping the connection; a larger
    /// one ends it.
    public var discardBytes = 1 << 20
    /// Seconds between two log lines about one kind of refusal; those in between are counted, and
    /// the count is logged at the end of the interval (or when the listener stops).
    public var logInterval = 60.0

    public init() {}

    /// These limits with ``connections`` lowered so that `listeners` listeners together hold at most
    /// half of the process's open-file limit `openFiles`: the other half stays with the bot's own files
    /// and connections (the database, the Bot API, the picture renderer), which strangers' idle
    /// connections must never use up (under `ulimit -n 128`, two listeners of 128 connections each
    /// left the bot none). Never fewer than 4 connections a listener.
    public func fitted(toOpenFiles openFiles: Int, listeners: Int) -> HTTPLimits {
        var fitted = self
        fitted.connections = max(4, min(connections, openFiles / 2 / max(1, listeners)))
        return fitted
    }
}
