import APIDecoding

extension SentMessage: JSONReadable {
    private enum Keys {
        static let messageID = JSONKey("message_id")
        static let photo = JSONKey("photo")
    }

    /// The same value `init(from:)` decodes, read straight from the text (see ``JSONReader``): the
    /// rest of the message is only checked to be well-formed.
    public static func read(from reader: inout JSONReader) throws(JSONReader.Unreadable) -> SentMessage {
        var messageID: Int64?
        var photo: [PhotoSize]?
        var seen = JSONMemberSet()
        if try reader.beginObject() {
            repeat {
                switch try reader.readKey() {
                case Keys.messageID:
                    try seen.insert(0)
                    messageID = try reader.readInt64()
                case Keys.photo:
                    try seen.insert(1)
                    photo = try reader.readIfPresent([PhotoSize].self)
                default: try reader.skipValue()
                }
            } while try reader.nextMember()
        }
        guard let messageID else { throw JSONReader.Unreadable() }
        return SentMessage(messageID: messageID, photo: photo)
    }
}
