import ChatPlatform
import Foundation

/// A pending delivery: written in the same transaction as the change that caused it, sent after commit.
public struct OutboxItem: Sendable, Hashable {
    public var id: Int64
    public var chatID: ChatID
    public var action: OutboxAction
    /// The roast this delivery posts; its message id is recorded on completion.
    public var anchor: RoastID?
    /// Delivery attempts so far (see `bumpOutboxAttempts`).
    public var attempts: Int
    public var createdAt: Date
    /// An answer to someone's event, or a broadcast the bot decided on.
    public var priority: OutboxPriority

    public init(
        id: Int64, chatID: ChatID, action: OutboxAction, anchor: RoastID?, attempts: Int, createdAt: Date, priority: OutboxPriority = .reply
    ) {
        self.id = id
        self.chatID = chatID
        self.action = action
        self.anchor = anchor
        self.attempts = attempts
        self.createdAt = createdAt
        self.priority = priority
    }
}
