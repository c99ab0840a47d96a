/// Who administers a chat, as the platform knows it (Telegram: `getChatMember`). The bot never
/// trusts text for this: only the platform's answer counts.
public protocol ChatAdministration: Sendable {
    /// Whether `user` is an administrator (or the owner) of `chat`.
    func isAdmin(_ user: UserID, in chat: ChatID) async throws(DeliveryError) -> Bool
}

/// Inline mode (`@bot words` typed in any chat): the platform shows the offered results, and
/// reports the one a user picks as ``IncomingEvent/inlineChosen(resultID:query:)``.
public protocol InlineAnswering: Sendable {
    /// Answers inline query `queryID` with `results` (shown in this order).
    func answerInline(_ queryID: String, results: [InlineResult]) async throws(DeliveryError)
}

/// One offered inline result: a title, a short description and the text it posts — or, with
/// ``photo``, the stored photo it posts, with the text as its caption.
public struct InlineResult: Sendable, Hashable, Codable {
    /// The bot's id for it (Telegram: at most 64 bytes), echoed back when chosen.
    public var id: String
    public var title: String
    public var description: String?
    public var text: RichText
    /// A photo the platform stored (a share card) to post instead of a text message.
    public var photo: StoredPhotoID?

    public init(id: String, title: String, description: String? = nil, text: RichText, photo: StoredPhotoID? = nil) {
        self.id = id
        self.title = title
        self.description = description
        self.text = text
        self.photo = photo
    }
}
