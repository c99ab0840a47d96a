/// A file to upload with a message (a share card, an export), sent as `files[n]` of a `multipart/form-data` body.
/// <https://discord.com/developers/docs/reference#uploading-files>
public struct DiscordFile: Sendable, Hashable {
    public var filename: String
    public var contentType: String
    public var data: [UInt8]
    /// Alt text (at most 1,024 characters).
    public var description: String?

    public init(filename: String, contentType: String, data: [UInt8], description: String? = nil) {
        self.filename = filename
        self.contentType = contentType
        self.data = data
        self.description = description
    }

    /// A PNG picture.
    public static func png(filename: String, data: [UInt8], description: String? = nil) -> DiscordFile {
        DiscordFile(filename: filename, contentType: "image/png", data: data, description: description)
    }
}
