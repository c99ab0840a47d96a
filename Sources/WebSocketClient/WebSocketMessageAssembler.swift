/// Turns frames into messages and control signals (RFC 6455 §5.4–5.5): joins the fragments of a
/// message, lets control frames through between them, refuses a continuation with no message
/// started or a new message inside another, bounds a message's size, checks text for UTF-8 and
/// close frames for a valid code and a UTF-8 reason.
struct WebSocketMessageAssembler: Sendable {
    /// What one frame amounts to, once its message is complete.
    enum Output: Sendable, Hashable {
        case message(WebSocketMessage)
        case ping([UInt8])
        case pong([UInt8])
        /// A close frame: its code (nil when the payload was empty) and reason.
        case close(WebSocketCloseCode?, String)
    }

    let maximumMessageSize: Int
    private var partialOpcode: WebSocketOpcode?
    private var partial: [UInt8] = []

    init(maximumMessageSize: Int) {
        self.maximumMessageSize = maximumMessageSize
    }

    /// What `frame` completes, or nil when it is a fragment of a message still arriving.
    mutating func receive(_ frame: WebSocketFrame) throws(WebSocketProtocolError) -> Output? {
        switch frame.opcode {
        case .ping: return .ping(frame.payload)
        case .pong: return .pong(frame.payload)
        case .close: return try Self.close(frame.payload)
        case .text, .binary:
            guard partialOpcode == nil else { throw .violation("a new message began inside a fragmented one") }
            guard frame.isFinal else {
                try checkSize(frame.payload.count)
                partialOpcode = frame.opcode
                partial = frame.payload
                return nil
            }
            return .message(try Self.message(frame.opcode, frame.payload))
        case .continuation:
            guard let opcode = partialOpcode else { throw .violation("a continuation frame with no message begun") }
            try checkSize(partial.count + frame.payload.count)
            partial.append(contentsOf: frame.payload)
            guard frame.isFinal else { return nil }
            let payload = partial
            partialOpcode = nil
            partial = []
            return .message(try Self.message(opcode, payload))
        }
    }

    private func checkSize(_ size: Int) throws(WebSocketProtocolError) {
        guard size <= maximumMessageSize else {
            throw WebSocketProtocolError(.messageTooBig, "message over the limit of \(maximumMessageSize) bytes")
        }
    }

    private static func message(_ opcode: WebSocketOpcode, _ payload: [UInt8]) throws(WebSocketProtocolError) -> WebSocketMessage {
        guard opcode == .text else { return .binary(payload) }
        guard let text = String(validating: payload, as: UTF8.self) else {
            throw WebSocketProtocolError(.invalidPayload, "text message is not valid UTF-8")
        }
        return .text(text)
    }

    private static func close(_ payload: [UInt8]) throws(WebSocketProtocolError) -> Output {
        guard !payload.isEmpty else { return .close(nil, "") }
        guard payload.count >= 2 else { throw .violation("close frame with a one-byte payload") }
        let code = WebSocketCloseCode(UInt16(payload[0]) << 8 | UInt16(payload[1]))
        guard code.isAllowedOnWire else { throw .violation("close code \(code) is not allowed on the wire") }
        guard let reason = String(validating: payload.dropFirst(2), as: UTF8.self) else {
            throw WebSocketProtocolError(.invalidPayload, "close reason is not valid UTF-8")
        }
        return .close(code, reason)
    }
}
