import Foundation

/// Opens gateway connections. ``WebSocketGatewayTransport`` is the real one; tests use fakes.
public protocol GatewayTransport: Sendable {
    /// Opens a connection to `url` (already carrying `?v=10&encoding=json`).
    func connect(to url: String) async throws -> any GatewayTransportConnection
}

/// One open gateway connection.
public protocol GatewayTransportConnection: Sendable {
    /// Text payloads as they arrive, then one `.closed`, then the end of the stream. One consumer.
    var events: AsyncStream<GatewayTransportEvent> { get }
    /// Sends one text payload; throws once the connection is closed.
    func send(_ payload: Data) async throws
    /// Closes with `code` and returns when the connection is over (answered or timed out).
    func close(code: Int) async
}

public enum GatewayTransportEvent: Sendable, Hashable {
    /// One payload (a text frame's UTF-8 bytes).
    case message(Data)
    /// The server closed with this code (nil: a close frame without one), or the connection ended
    /// without a close frame (`dropped: true`). A close the client started is reported too (the
    /// session no longer listens by then).
    case closed(code: Int?, dropped: Bool)
}
