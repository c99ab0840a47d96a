import ChatPlatform
import Foundation

/// A pending delivery: written in the same transaction as the change that caused it, sent after commit.
public struct OutboxItem: Sendable, Hashable {
    public var id: Int64
    /// Where it goes: its chat (whose queue orders it), and the person and interaction it is for.
    public var destination: Destination
    public var action: QueuedAction
    /// The roast this delivery posts; its message id is recorded on completion.
    public var anchor: RoastID?
    /// Delivery attempts so far (see `bumpOutboxAttempts`).
    public var attempts: Int
    public var createdAt: Date
    /// An answer to someone's event, or a broadcast the bot decided on.
    public var priority: OutboxPriority

    public init(
        id: Int64, destination: Destination, action: QueuedAction, anchor: RoastID?, attempts: Int, createdAt: Date,
        priority: OutboxPriority = .reply
    ) {
        self.id = id
        self.destination = destination
        self.action = action
        self.anchor = anchor
        self.attempts = attempts
        self.createdAt = createdAt
        self.priority = priority
    }

    /// The chat whose queue holds it.
    public var chatID: ChatID { destination.chat }
}
