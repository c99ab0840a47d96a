/// A complete request, handed to a route's handler: its head and its whole body, both within the
/// listener's limits.
public struct ServedRequest: Sendable {
    public var head: RequestHead
    public var body: [UInt8]

    public init(head: RequestHead, body: [UInt8]) {
        self.head = head
        self.body = body
    }
}
