/// What a connection delivers, in order: messages, then exactly one closure, after which the stream ends.
public enum WebSocketEvent: Sendable, Hashable {
    case message(WebSocketMessage)
    case closed(WebSocketClosure)
}
