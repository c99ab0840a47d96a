/// What a listener holds right now and what it has turned away, read by the metrics endpoint.
public struct HTTPServerStatistics: Sendable, Hashable {
    /// Connections open.
    public var connections = 0
    /// Requests handed to a handler that has not answered yet (each holds its request's body).
    public var requestsInHandlers = 0
    /// Bytes read and not yet answered, bodies being read included, and answers not yet written.
    public var bufferedBytes = 0
    /// Connections closed or refused at the connection limit, since start.
    public var connectionsShed = 0
    /// Requests the listener answered itself (malformed, too large, too slow, no such path, refused
    /// by a route's screen), by status, since start.
    public var refusedByStatus: [Int: Int] = [:]
    /// Since when, and why, `accept` has been failing (out of descriptors or memory): new connections
    /// wait in the kernel's queue meanwhile. Nil while the listener takes them.
    public var acceptFailure: AcceptFailure?

    /// `accept` failing: why (the system's words) and since when.
    public struct AcceptFailure: Sendable, Hashable {
        public var reason: String
        public var since: ContinuousClock.Instant

        public init(reason: String, since: ContinuousClock.Instant) {
            self.reason = reason
            self.since = since
        }
    }

    public init() {}
}
