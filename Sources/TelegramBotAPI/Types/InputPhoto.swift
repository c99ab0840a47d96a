/// The photo of a `sendPhoto` or an `editMessageMedia`: a new image uploaded with the request, or one
/// Telegram stored.
/// <https://core.telegram.org/bots/api#sending-files>
public enum InputPhoto: Sendable, Hashable {
    /// Uploaded as `multipart/form-data` (at most 10 MB).
    case upload(filename: String, data: [UInt8])
    /// A `file_id` from an earlier photo message of this bot.
    case fileID(String)
}
