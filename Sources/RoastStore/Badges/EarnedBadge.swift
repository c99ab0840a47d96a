import ChatPlatform
import Foundation
import RoastCore

/// A badge someone unlocked in a chat.
public struct EarnedBadge: Sendable, Hashable {
    public var chatID: ChatID
    public var userID: UserID
    public var badge: BadgeID
    public var unlockedAt: Date
    /// The chat's local day of the unlock, as shown in `/badges`.
    public var unlockedOn: LocalDate

    public init(chatID: ChatID, userID: UserID, badge: BadgeID, unlockedAt: Date, unlockedOn: LocalDate) {
        self.chatID = chatID
        self.userID = userID
        self.badge = badge
        self.unlockedAt = unlockedAt
        self.unlockedOn = unlockedOn
    }
}
