/// What one path offers. The listener reads a request's head on its own thread, asks ``screen``,
/// and only then reads the body (up to ``maximumBodyBytes``) and hands the whole request to
/// ``handle``, a task on the cooperative pool. A request refused by ``screen`` never reaches a task,
/// and its body is never kept.
public struct HTTPRoute: Sendable {
    /// The largest body accepted; a larger one (declared, or counted while a chunked body arrives)
    /// is answered ``bodyTooLarge``.
    public var maximumBodyBytes: Int
    /// Looks at a head before its body is read, on the listener's thread: nil to go on, else the
    /// answer (a wrong method, a missing secret). It must be quick and must not block.
    public var screen: @Sendable (RequestHead) -> ServedResponse?
    public var bodyTooLarge: @Sendable () -> ServedResponse
    public var handle: @Sendable (ServedRequest) async -> ServedResponse

    public init(
        maximumBodyBytes: Int = 0, screen: @escaping @Sendable (RequestHead) -> ServedResponse? = { _ in nil },
        bodyTooLarge: @escaping @Sendable () -> ServedResponse = { .text(413, "body too large", refusal: "body too large") },
        handle: @escaping @Sendable (ServedRequest) async -> ServedResponse
    ) {
        self.maximumBodyBytes = maximumBodyBytes
        self.screen = screen
        self.bodyTooLarge = bodyTooLarge
        self.handle = handle
    }

    /// A route for `GET` and `HEAD` only, with no body.
    public static func get(_ handle: @escaping @Sendable (ServedRequest) async -> ServedResponse) -> HTTPRoute {
        HTTPRoute(
            screen: { head in head.method == "GET" || head.method == "HEAD" ? nil : .methodNotAllowed("GET, HEAD") }, handle: handle)
    }
}
