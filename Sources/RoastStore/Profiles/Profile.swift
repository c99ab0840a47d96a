import ChatPlatform
import Foundation

/// One person as seen in one chat: the same person in two groups has two profiles.
public struct Profile: Sendable, Hashable, Codable {
    public var chatID: ChatID
    public var userID: UserID
    public var displayName: String
    public var username: String?
    /// The client's IETF language tag when last seen.
    public var languageCode: String?
    public var firstSeen: Date
    public var lastSeen: Date
    /// Roasts this person requested in this chat (daily roasts not counted).
    public var roastCount: Int
    /// When they left the chat (nil while a member): they are on none of its boards.
    public var leftAt: Date?

    public init(
        chatID: ChatID, userID: UserID, displayName: String, username: String? = nil, languageCode: String? = nil,
        firstSeen: Date, lastSeen: Date, roastCount: Int = 0, leftAt: Date? = nil
    ) {
        self.chatID = chatID
        self.userID = userID
        self.displayName = displayName
        self.username = username
        self.languageCode = languageCode
        self.firstSeen = firstSeen
        self.lastSeen = lastSeen
        self.roastCount = roastCount
        self.leftAt = leftAt
    }
}
