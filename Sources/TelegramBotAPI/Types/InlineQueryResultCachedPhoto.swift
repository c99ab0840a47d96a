/// An inline-mode result that posts a photo Telegram stored (by its `file_id`), with a caption.
/// <https://core.telegram.org/bots/api#inlinequeryresultcachedphoto>
public struct InlineQueryResultCachedPhoto: Sendable, Hashable, Codable {
    /// Always `photo`.
    public var type: String = "photo"
    /// At most 64 bytes.
    public var id: String
    public var photoFileID: String
    public var title: String?
    public var description: String?
    /// At most 1,024 characters after entities parsing.
    public var caption: String?
    public var parseMode: ParseMode?

    public init(
        id: String, photoFileID: String, title: String? = nil, description: String? = nil, caption: String? = nil,
        parseMode: ParseMode? = nil
    ) {
        self.id = id
        self.photoFileID = photoFileID
        self.title = title
        self.description = description
        self.caption = caption
        self.parseMode = parseMode
    }

    enum CodingKeys: String, CodingKey {
        case type, id
        case photoFileID = "photo_file_id"
        case title, description, caption
        case parseMode = "parse_mode"
    }
}

/// One result of an inline answer, of whichever kind. <https://core.telegram.org/bots/api#inlinequeryresult>
public enum InlineQueryResult: Sendable, Hashable, Encodable {
    case article(InlineQueryResultArticle)
    case cachedPhoto(InlineQueryResultCachedPhoto)

    public var isPhoto: Bool {
        if case .cachedPhoto = self { return true }
        return false
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .article(let article): try article.encode(to: encoder)
        case .cachedPhoto(let photo): try photo.encode(to: encoder)
        }
    }
}
