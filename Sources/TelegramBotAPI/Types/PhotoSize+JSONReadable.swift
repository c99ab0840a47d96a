import APIDecoding

extension PhotoSize: JSONReadable {
    private enum Keys {
        static let fileID = JSONKey("file_id")
        static let fileUniqueID = JSONKey("file_unique_id")
        static let width = JSONKey("width")
        static let height = JSONKey("height")
        static let fileSize = JSONKey("file_size")
    }

    /// The same value `init(from:)` decodes, read straight from the text (see ``JSONReader``).
    public static func read(from reader: inout JSONReader) throws(JSONReader.Unreadable) -> PhotoSize {
        var fileID: String?
        var fileUniqueID: String?
        var width: Int?
        var height: Int?
        var fileSize: Int?
        var seen = JSONMemberSet()
        if try reader.beginObject() {
            repeat {
                switch try reader.readKey() {
                case Keys.fileID:
                    try seen.insert(0)
                    fileID = try reader.readString()
                case Keys.fileUniqueID:
                    try seen.insert(1)
                    fileUniqueID = try reader.readString()
                case Keys.width:
                    try seen.insert(2)
                    width = try reader.read(Int.self)
                case Keys.height:
                    try seen.insert(3)
                    height = try reader.read(Int.self)
                case Keys.fileSize:
                    try seen.insert(4)
                    fileSize = try reader.readIfPresent(Int.self)
                default: try reader.skipValue()
                }
            } while try reader.nextMember()
        }
        guard let fileID, let fileUniqueID, let width, let height else { throw JSONReader.Unreadable() }
        return PhotoSize(fileID: fileID, fileUniqueID: fileUniqueID, width: width, height: height, fileSize: fileSize)
    }
}
