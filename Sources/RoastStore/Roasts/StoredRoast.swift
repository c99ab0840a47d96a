import ChatPlatform
import Foundation
import RoastCore

/// A roast as stored: the fields of ``NewRoast`` plus its id and, once posted, its message.
public struct StoredRoast: Sendable, Hashable, Codable {
    public var id: RoastID
    /// The message that carries it in `chatID`, recorded when its outbox item was delivered.
    public var messageID: MessageID?
    public var chatID: ChatID
    public var requester: UserID?
    public var kind: RoastKind
    public var source: RoastSource
    public var libraryID: String?
    public var text: String
    public var language: Language
    public var category: RoastCategory
    public var spice: SpiceLevel
    public var mood: Mood?
    public var collection: String?
    public var createdAt: Date

    public init(id: RoastID, messageID: MessageID?, roast: NewRoast) {
        self.id = id
        self.messageID = messageID
        self.chatID = roast.chatID
        self.requester = roast.requester
        self.kind = roast.kind
        self.source = roast.source
        self.libraryID = roast.libraryID
        self.text = roast.text
        self.language = roast.language
        self.category = roast.category
        self.spice = roast.spice
        self.mood = roast.mood
        self.collection = roast.collection
        self.createdAt = roast.createdAt
    }

    /// The stored fields without id and message.
    public var newRoast: NewRoast {
        NewRoast(
            chatID: chatID, requester: requester, kind: kind, source: source, libraryID: libraryID, text: text,
            language: language, category: category, spice: spice, mood: mood, collection: collection,
            createdAt: createdAt)
    }
}
