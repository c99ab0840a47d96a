/// The status code of a close frame (RFC 6455 §7.4). Discord's gateway uses 4000–4014 for its own reasons.
public struct WebSocketCloseCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public var rawValue: UInt16

    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    public init(_ rawValue: UInt16) {
        self.rawValue = rawValue
    }

    public static let normalClosure = WebSocketCloseCode(1000)
    public static let goingAway = WebSocketCloseCode(1001)
    public static let protocolError = WebSocketCloseCode(1002)
    public static let unsupportedData = WebSocketCloseCode(1003)
    /// Never sent: reported when a close frame carried no code.
    public static let noStatusReceived = WebSocketCloseCode(1005)
    /// Never sent: reported when the connection ended without a close frame.
    public static let abnormalClosure = WebSocketCloseCode(1006)
    public static let invalidPayload = WebSocketCloseCode(1007)
    public static let policyViolation = WebSocketCloseCode(1008)
    public static let messageTooBig = WebSocketCloseCode(1009)
    public static let internalError = WebSocketCloseCode(1011)

    /// Whether a peer may put this code in a close frame: 1000–1003, 1007–1014 and 3000–4999. 1004 is
    /// reserved; 1005, 1006 and 1015 stand for conditions and must never be sent.
    public var isAllowedOnWire: Bool {
        switch rawValue {
        case 1000...1003, 1007...1014, 3000...4999: true
        default: false
        }
    }

    public var description: String { String(rawValue) }
}
