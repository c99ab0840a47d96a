/// Which queued messages of a chat go first: replies to what people did before broadcasts the bot
/// decided on its own, so that a command is answered before the twentieth queued daily post.
public enum OutboxPriority: Int, Sendable, Hashable, Comparable {
    /// A reply, an edit or a document caused by someone's event.
    case reply = 0
    /// A scheduled post, reminder or banner.
    case broadcast = 1

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
