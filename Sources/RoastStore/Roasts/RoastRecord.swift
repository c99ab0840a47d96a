import ChatPlatform
import Foundation
import RoastCore

/// What a served roast says and whom it was for: the one record a roast is stored as (see
/// ``StoredRoast`` for the stored form, with its id and message).
public struct RoastRecord: Sendable, Hashable, Codable {
    public var chatID: ChatID
    /// Who asked for it (or whom it is for); their profile must exist in `chatID`.
    public var requester: UserID?
    public var kind: RoastKind
    public var source: RoastSource
    /// The library entry it came from, for no-repeat selection; nil for AI roasts.
    public var libraryID: String?
    public var text: String
    public var language: Language
    public var category: RoastCategory
    public var spice: SpiceLevel
    public var mood: Mood?
    public var collection: String?
    public var createdAt: Date

    public init(
        chatID: ChatID, requester: UserID?, kind: RoastKind, source: RoastSource, libraryID: String? = nil,
        text: String, language: Language, category: RoastCategory, spice: SpiceLevel, mood: Mood? = nil,
        collection: String? = nil, createdAt: Date
    ) {
        self.chatID = chatID
        self.requester = requester
        self.kind = kind
        self.source = source
        self.libraryID = libraryID
        self.text = text
        self.language = language
        self.category = category
        self.spice = spice
        self.mood = mood
        self.collection = collection
        self.createdAt = createdAt
    }
}
