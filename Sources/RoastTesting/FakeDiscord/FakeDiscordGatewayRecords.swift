import Foundation

/// One WebSocket connection the bot opened to the fake gateway.
public struct FakeGatewayConnection: Sendable, Hashable {
    public var id: Int
    /// `/gateway` (the URL from `GET /gateway/bot`) or the resume path (READY's `resume_gateway_url`).
    public var path: String
    public var query: [String: String]
    /// What the connection was used for: "identify", "resume", or nil (neither).
    public var purpose: String?
    /// The code of the close frame the bot sent, if it sent one.
    public var clientCloseCode: Int?
    /// The code of the close frame the fake sent, if it sent one.
    public var serverCloseCode: Int?
    /// The fake dropped the TCP connection without a close frame.
    public var droppedByServer: Bool
    /// The bot's end went away without a close frame.
    public var droppedByClient: Bool
    public var isOpen: Bool
}

/// One Identify the fake received.
public struct FakeGatewayIdentify: Sendable, Hashable {
    public var connectionID: Int
    public var tokenMatched: Bool
    public var intents: Int?
    public var properties: [String: String]
    /// The size of the payload in bytes.
    public var size: Int
    /// What the fake answered: "ready", a close code ("close 4014"), or "invalid session".
    public var outcome: String
}

/// One Resume the fake received.
public struct FakeGatewayResume: Sendable, Hashable {
    public var connectionID: Int
    public var sessionID: String
    public var sequence: Int
    /// True when the session was resumed (replay + RESUMED); false when refused.
    public var accepted: Bool
    /// The dispatches replayed (their sequence numbers).
    public var replayed: [Int]
}

/// One heartbeat (op 1) the fake received.
public struct FakeGatewayHeartbeat: Sendable, Hashable {
    public var connectionID: Int
    /// Its `d`: the last sequence number the bot had (nil for null).
    public var sequence: Int?
    /// Seconds since Hello on its connection.
    public var secondsSinceHello: Double
}

/// One dispatch written to a connection.
public struct FakeGatewayDelivery: Sendable, Hashable {
    public var sessionID: String
    public var sequence: Int
    public var name: String
    public var connectionID: Int
    /// Written as part of a resume's replay.
    public var isReplay: Bool
}
