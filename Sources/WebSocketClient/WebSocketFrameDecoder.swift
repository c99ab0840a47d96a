/// Cuts frames out of a byte stream that arrives in pieces of any size (TLS records, partial reads).
///
/// Feed bytes with ``append(_:)`` and take frames with ``nextFrame()`` until it returns nil. Frame-level
/// rules are checked here (RFC 6455 §5): no reserved bits (no extension is negotiated), no reserved
/// opcodes, control frames final and at most 125 bytes, lengths in their shortest form, masking by
/// role (a client refuses masked frames from the server; a server refuses unmasked ones), and no
/// payload above ``maximumPayload`` — refused from its header, before it is buffered.
public struct WebSocketFrameDecoder: Sendable {
    /// Which end decodes: it decides whether frames must arrive masked.
    public enum Role: Sendable {
        /// Decodes what a server sent: frames must not be masked.
        case client
        /// Decodes what a client sent: frames must be masked.
        case server
    }

    public let role: Role
    public let maximumPayload: Int
    private var buffer: [UInt8] = []
    private var start = 0

    public init(role: Role = .client, maximumPayload: Int) {
        self.role = role
        self.maximumPayload = maximumPayload
    }

    /// Bytes received and not yet part of a returned frame.
    public var bufferedByteCount: Int { buffer.count - start }

    public mutating func append(_ bytes: some Sequence<UInt8>) {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete frame, or nil until more bytes arrive.
    public mutating func nextFrame() throws(WebSocketProtocolError) -> WebSocketFrame? {
        let available = buffer.count - start
        guard available >= 2 else { return nil }
        let first = buffer[start]
        let second = buffer[start + 1]
        guard first & 0x70 == 0 else { throw .violation("reserved bits set without a negotiated extension") }
        guard let opcode = WebSocketOpcode(rawValue: first & 0x0F) else { throw .violation("reserved opcode") }
        let isFinal = first & 0x80 != 0
        let isMasked = second & 0x80 != 0
        switch role {
        case .client where isMasked: throw .violation("masked frame from the server")
        case .server where !isMasked: throw .violation("unmasked frame from the client")
        default: break
        }

        var headerLength = 2
        var length = UInt64(second & 0x7F)
        if length == 126 {
            guard available >= 4 else { return nil }
            length = UInt64(buffer[start + 2]) << 8 | UInt64(buffer[start + 3])
            guard length >= 126 else { throw .violation("16-bit length used for a short payload") }
            headerLength = 4
        } else if length == 127 {
            guard available >= 10 else { return nil }
            length = 0
            for index in 2..<10 { length = length << 8 | UInt64(buffer[start + index]) }
            guard length >> 63 == 0 else { throw .violation("64-bit length with the top bit set") }
            guard length > 0xFFFF else { throw .violation("64-bit length used for a shorter payload") }
            headerLength = 10
        }
        if opcode.isControl {
            guard isFinal else { throw .violation("fragmented control frame") }
            guard length <= 125 else { throw .violation("control frame longer than 125 bytes") }
        }
        guard length <= UInt64(maximumPayload) else {
            throw WebSocketProtocolError(.messageTooBig, "frame of \(length) bytes over the limit of \(maximumPayload)")
        }

        let maskOffset = start + headerLength
        if isMasked { headerLength += 4 }
        let payloadLength = Int(length)
        guard available >= headerLength + payloadLength else { return nil }
        let payloadStart = start + headerLength
        var payload = Array(buffer[payloadStart..<(payloadStart + payloadLength)])
        if isMasked {
            let key = (buffer[maskOffset], buffer[maskOffset + 1], buffer[maskOffset + 2], buffer[maskOffset + 3])
            WebSocketMasking.apply(key: key, to: &payload)
        }
        start = payloadStart + payloadLength
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        return WebSocketFrame(isFinal: isFinal, opcode: opcode, payload: payload)
    }
}
