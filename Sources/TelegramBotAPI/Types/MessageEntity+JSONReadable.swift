import APIDecoding

extension MessageEntity: JSONReadable {
    private enum Keys {
        static let type = JSONKey("type")
        static let offset = JSONKey("offset")
        static let length = JSONKey("length")
        static let url = JSONKey("url")
        static let user = JSONKey("user")
    }

    /// The same value `init(from:)` decodes, read straight from the text (see ``JSONReader``).
    public static func read(from reader: inout JSONReader) throws(JSONReader.Unreadable) -> MessageEntity {
        var type: String?
        var offset: Int?
        var length: Int?
        var url: String?
        var user: User?
        var seen = JSONMemberSet()
        if try reader.beginObject() {
            repeat {
                switch try reader.readKey() {
                case Keys.type:
                    try seen.insert(0)
                    type = try reader.readString()
                case Keys.offset:
                    try seen.insert(1)
                    offset = try reader.read(Int.self)
                case Keys.length:
                    try seen.insert(2)
                    length = try reader.read(Int.self)
                case Keys.url:
                    try seen.insert(3)
                    url = try reader.readIfPresent(String.self)
                case Keys.user:
                    try seen.insert(4)
                    user = try reader.readIfPresent(User.self)
                default: try reader.skipValue()
                }
            } while try reader.nextMember()
        }
        guard let type, let offset, let length else { throw JSONReader.Unreadable() }
        return MessageEntity(type: Kind(rawValue: type), offset: offset, length: length, url: url, user: user)
    }
}
