import APIDecoding

extension Chat: JSONReadable {
    private enum Keys {
        static let id = JSONKey("id")
        static let type = JSONKey("type")
        static let title = JSONKey("title")
        static let username = JSONKey("username")
        static let firstName = JSONKey("first_name")
        static let lastName = JSONKey("last_name")
        static let isForum = JSONKey("is_forum")
    }

    /// The same value `init(from:)` decodes, read straight from the text (see ``JSONReader``).
    public static func read(from reader: inout JSONReader) throws(JSONReader.Unreadable) -> Chat {
        var id: Int64?
        var type: String?
        var title: String?
        var username: String?
        var firstName: String?
        var lastName: String?
        var isForum: Bool?
        var seen = JSONMemberSet()
        if try reader.beginObject() {
            repeat {
                switch try reader.readKey() {
                case Keys.id:
                    try seen.insert(0)
                    id = try reader.readInt64()
                case Keys.type:
                    try seen.insert(1)
                    type = try reader.readString()
                case Keys.title:
                    try seen.insert(2)
                    title = try reader.readIfPresent(String.self)
                case Keys.username:
                    try seen.insert(3)
                    username = try reader.readIfPresent(String.self)
                case Keys.firstName:
                    try seen.insert(4)
                    firstName = try reader.readIfPresent(String.self)
                case Keys.lastName:
                    try seen.insert(5)
                    lastName = try reader.readIfPresent(String.self)
                case Keys.isForum:
                    try seen.insert(6)
                    isForum = try reader.readIfPresent(Bool.self)
                default: try reader.skipValue()
                }
            } while try reader.nextMember()
        }
        guard let id, let type else { throw JSONReader.Unreadable() }
        return Chat(
            id: id, type: Kind(rawValue: type), title: title, username: username, firstName: firstName, lastName: lastName,
            isForum: isForum)
    }
}
