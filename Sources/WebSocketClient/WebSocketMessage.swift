/// A complete data message: the frames of a fragmented message joined.
public enum WebSocketMessage: Sendable, Hashable {
    /// A text message; its bytes were checked to be UTF-8.
    case text(String)
    case binary([UInt8])
}
