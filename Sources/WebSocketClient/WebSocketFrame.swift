/// One WebSocket frame, its payload already unmasked.
public struct WebSocketFrame: Sendable, Hashable {
    /// Whether this is the last frame of its message (always true for control frames).
    public var isFinal: Bool
    public var opcode: WebSocketOpcode
    public var payload: [UInt8]

    public init(isFinal: Bool = true, opcode: WebSocketOpcode, payload: [UInt8] = []) {
        self.isFinal = isFinal
        self.opcode = opcode
        self.payload = payload
    }
}
