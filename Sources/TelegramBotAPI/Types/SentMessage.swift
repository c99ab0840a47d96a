/// What the bot reads of a message it sent: its id, and the sizes Telegram stored of a photo.
/// <https://core.telegram.org/bots/api#message>
///
/// The answer to sendMessage repeats the whole message (text, entities, buttons, the message it
/// replies to); decoding it as a ``Message`` built all of that for every reply only to read its id.
public struct SentMessage: Sendable, Hashable, Decodable {
    public var messageID: Int64
    /// The sizes Telegram stored of a photo message, smallest first as Telegram lists them.
    public var photo: [PhotoSize]?

    public init(messageID: Int64, photo: [PhotoSize]? = nil) {
        self.messageID = messageID
        self.photo = photo
    }

    /// The largest stored size of a photo message (the one to post again), nil for other messages.
    public var largestPhoto: PhotoSize? { photo?.max { $0.width * $0.height < $1.width * $1.height } }

    enum CodingKeys: String, CodingKey {
        case messageID = "message_id"
        case photo
    }
}
