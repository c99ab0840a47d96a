/// How a connection ended: the last event a ``WebSocketConnection`` delivers.
public enum WebSocketClosure: Sendable, Hashable {
    /// The server sent a close frame (nil code: the frame carried none); the client answered it.
    case closedByServer(code: WebSocketCloseCode?, reason: String)
    /// The client asked to close with this code; the server answered, or did not within the close timeout.
    case closedByClient(code: WebSocketCloseCode)
    /// The server broke the protocol; the client sent a close frame with the error's code and dropped
    /// the connection.
    case failed(WebSocketProtocolError)
    /// The TCP or TLS connection ended without a close frame (reset, EOF, read or write error).
    case connectionLost
    /// ``WebSocketConnection/abort()`` dropped the connection without a close frame.
    case aborted
}
