import ChatPlatform
import RoastStore

/// Something a handler wants the chat to see. Replies are written to the outbox in the same
/// transaction as the handler's state changes and delivered after commit.
public enum Reply: Sendable, Hashable {
    /// Post a message; `anchor` links the posted message to a roast (for reactions on it).
    case send(OutgoingMessage, anchor: RoastID?)
    /// Replace a message the bot posted earlier.
    case edit(MessageID, OutgoingMessage)
    /// Send a file.
    case document(OutgoingDocument)

    public static func send(_ message: OutgoingMessage) -> Reply { .send(message, anchor: nil) }
}

/// What handling one event produced.
public struct HandlerOutcome: Sendable, Hashable {
    public var replies: [Reply]
    /// The short acknowledgement shown to whoever pressed a button (Telegram's callback answer).
    public var notice: String?

    public init(replies: [Reply] = [], notice: String? = nil) {
        self.replies = replies
        self.notice = notice
    }

    public static let nothing = HandlerOutcome()
}
