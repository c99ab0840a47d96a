/// What a listener tells its owner as it happens (for counters): a connection closed or refused at
/// the connection limit; a request it answered itself, by status. Called on the listener's thread;
/// they must be quick.
public struct HTTPServerEvents: Sendable {
    public var connectionShed: @Sendable () -> Void
    public var requestRefused: @Sendable (_ status: Int) -> Void

    public init(connectionShed: @escaping @Sendable () -> Void = {}, requestRefused: @escaping @Sendable (_ status: Int) -> Void = { _ in })
    {
        self.connectionShed = connectionShed
        self.requestRefused = requestRefused
    }
}
