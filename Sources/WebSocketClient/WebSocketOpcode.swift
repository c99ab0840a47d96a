/// A frame's opcode (RFC 6455 §5.2). Opcodes 0x3–0x7 and 0xB–0xF are reserved and refused.
public enum WebSocketOpcode: UInt8, Sendable, Hashable {
    case continuation = 0x0
    case text = 0x1
    case binary = 0x2
    case close = 0x8
    case ping = 0x9
    case pong = 0xA

    /// Close, ping and pong: never fragmented, at most 125 bytes of payload, allowed between the
    /// fragments of a message (RFC 6455 §5.5).
    public var isControl: Bool { rawValue & 0x8 != 0 }
}
