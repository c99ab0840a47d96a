import APIDecoding

extension User: JSONReadable {
    private enum Keys {
        static let id = JSONKey("id")
        static let isBot = JSONKey("is_bot")
        static let firstName = JSONKey("first_name")
        static let lastName = JSONKey("last_name")
        static let username = JSONKey("username")
        static let languageCode = JSONKey("language_code")
    }

    /// The same value `init(from:)` decodes, read straight from the text (see ``JSONReader``).
    public static func read(from reader: inout JSONReader) throws(JSONReader.Unreadable) -> User {
        var id: Int64?
        var isBot: Bool?
        var firstName: String?
        var lastName: String?
        var username: String?
        var languageCode: String?
        var seen = JSONMemberSet()
        if try reader.beginObject() {
            repeat {
                switch try reader.readKey() {
                case Keys.id:
                    try seen.insert(0)
                    id = try reader.readInt64()
                case Keys.isBot:
                    try seen.insert(1)
                    isBot = try reader.readBool()
                case Keys.firstName:
                    try seen.insert(2)
                    firstName = try reader.readString()
                case Keys.lastName:
                    try seen.insert(3)
                    lastName = try reader.readIfPresent(String.self)
                case Keys.username:
                    try seen.insert(4)
                    username = try reader.readIfPresent(String.self)
                case Keys.languageCode:
                    try seen.insert(5)
                    languageCode = try reader.readIfPresent(String.self)
                default: try reader.skipValue()
                }
            } while try reader.nextMember()
        }
        guard let id, let isBot, let firstName else { throw JSONReader.Unreadable() }
        return User(id: id, isBot: isBot, firstName: firstName, lastName: lastName, username: username, languageCode: languageCode)
    }
}
