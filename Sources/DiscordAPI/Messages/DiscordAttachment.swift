/// A file on a message. Its `url` is signed and expires (`ex=` in the query); Discord refreshes it where it shows the
/// message, which is why an attachment is reused by keeping it on an edited message (``DiscordMessagePayload/keptAttachments``)
/// rather than by linking its URL elsewhere. <https://discord.com/developers/docs/resources/message#attachment-object>
public struct DiscordAttachment: Sendable, Hashable, Codable {
    public var id: DiscordAttachmentID
    public var filename: String
    public var size: Int?
    public var url: String?
    public var contentType: String?
    public var width: Int?
    public var height: Int?

    public init(
        id: DiscordAttachmentID, filename: String, size: Int? = nil, url: String? = nil, contentType: String? = nil,
        width: Int? = nil, height: Int? = nil
    ) {
        self.id = id
        self.filename = filename
        self.size = size
        self.url = url
        self.contentType = contentType
        self.width = width
        self.height = height
    }

    enum CodingKeys: String, CodingKey {
        case id, filename, size, url, width, height
        case contentType = "content_type"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(DiscordAttachmentID.self, forKey: .id)
        filename = (try? c.decodeIfPresent(String.self, forKey: .filename)) ?? ""
        size = try? c.decodeIfPresent(Int.self, forKey: .size)
        url = try? c.decodeIfPresent(String.self, forKey: .url)
        contentType = try? c.decodeIfPresent(String.self, forKey: .contentType)
        width = try? c.decodeIfPresent(Int.self, forKey: .width)
        height = try? c.decodeIfPresent(Int.self, forKey: .height)
    }
}
