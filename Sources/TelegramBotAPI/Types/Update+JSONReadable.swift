import APIDecoding

extension Update: JSONReadable {
    private enum Keys {
        static let updateID = JSONKey("update_id")
        static let message = JSONKey("message")
        static let editedMessage = JSONKey("edited_message")
        static let callbackQuery = JSONKey("callback_query")
        /// The kinds this reader leaves to `init(from:)`: an update with one of them is ``JSONReader/Unreadable``.
        static let otherKinds = Set(
            CodingKeys.allCases.filter { ![.updateID, .message, .editedMessage, .callbackQuery].contains($0) }.map {
                JSONKey(name: $0.rawValue)
            })
    }

    /// The same value `init(from:)` decodes, for the kinds that are nearly all the traffic (messages,
    /// edited messages, button presses); any other kind, or two kinds in one update, is
    /// ``JSONReader/Unreadable`` and left to `init(from:)`.
    public static func read(from reader: inout JSONReader) throws(JSONReader.Unreadable) -> Update {
        var updateID: Int64?
        var kind: Kind?
        var seen = JSONMemberSet()
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                switch key {
                case Keys.updateID:
                    try seen.insert(0)
                    updateID = try reader.readInt64()
                case Keys.message:
                    guard kind == nil else { throw JSONReader.Unreadable() }
                    kind = .message(try reader.read(Message.self))
                case Keys.editedMessage:
                    guard kind == nil else { throw JSONReader.Unreadable() }
                    kind = .editedMessage(try reader.read(Message.self))
                case Keys.callbackQuery:
                    guard kind == nil else { throw JSONReader.Unreadable() }
                    kind = .callbackQuery(try reader.read(CallbackQuery.self))
                default:
                    guard !Keys.otherKinds.contains(key) else { throw JSONReader.Unreadable() }
                    try reader.skipValue()
                }
            } while try reader.nextMember()
        }
        guard let updateID, let kind else { throw JSONReader.Unreadable() }
        return Update(updateID: updateID, kind: kind)
    }
}
