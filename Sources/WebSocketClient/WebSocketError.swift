/// Why a connection could not be opened or a message not sent. Messages never contain the URL.
public enum WebSocketError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not an absolute `ws://` or `wss://` URL.
    case invalidURL
    /// DNS, TCP, proxy or TLS failed (libcurl's code and message).
    case connectionFailed(code: Int, message: String)
    /// The connection or the handshake took longer than allowed.
    case timedOut
    /// The server answered the upgrade with another status (404, 401, 503…).
    case handshakeRejected(status: Int)
    /// The server's answer broke RFC 6455 §4.
    case handshakeInvalid(String)
    /// The connection is closing or closed: nothing more can be sent.
    case closed
    /// The calling task was cancelled, or the connection was aborted.
    case cancelled

    public var description: String {
        switch self {
        case .invalidURL: "not a ws:// or wss:// URL"
        case .connectionFailed(let code, let message): "connection failed: \(message) (curl \(code))"
        case .timedOut: "timed out connecting"
        case .handshakeRejected(let status): "upgrade refused with HTTP \(status)"
        case .handshakeInvalid(let reason): "invalid upgrade answer: \(reason)"
        case .closed: "connection closed"
        case .cancelled: "cancelled"
        }
    }
}
