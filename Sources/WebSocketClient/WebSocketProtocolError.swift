/// Why a connection was failed because of what the server sent: the close code the client answers
/// with and a short reason (no payload bytes, which could hold anything).
public struct WebSocketProtocolError: Error, Sendable, Hashable, CustomStringConvertible {
    public var closeCode: WebSocketCloseCode
    public var reason: String

    public init(_ closeCode: WebSocketCloseCode, _ reason: String) {
        self.closeCode = closeCode
        self.reason = reason
    }

    static func violation(_ reason: String) -> Self { Self(.protocolError, reason) }

    public var description: String { "\(reason) (\(closeCode))" }
}
