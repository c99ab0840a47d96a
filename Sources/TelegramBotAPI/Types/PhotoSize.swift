/// One size of a photo Telegram stored; a photo message lists several.
/// <https://core.telegram.org/bots/api#photosize>
public struct PhotoSize: Sendable, Hashable, Codable {
    /// Posts this photo again without uploading it (this bot only).
    public var fileID: String
    public var fileUniqueID: String
    public var width: Int
    public var height: Int
    public var fileSize: Int?

    public init(fileID: String, fileUniqueID: String, width: Int, height: Int, fileSize: Int? = nil) {
        self.fileID = fileID
        self.fileUniqueID = fileUniqueID
        self.width = width
        self.height = height
        self.fileSize = fileSize
    }

    enum CodingKeys: String, CodingKey {
        case fileID = "file_id"
        case fileUniqueID = "file_unique_id"
        case width, height
        case fileSize = "file_size"
    }
}
