import CurlHTTP
import Foundation

/// A message with files as Discord reads uploads: the JSON payload as the `payload_json` part, then each file as
/// `files[n]` with its file name and type. <https://discord.com/developers/docs/reference#uploading-files>
struct MultipartBody {
    let bytes: [UInt8]
    let contentType: String

    /// `payload_json` followed by `files[0]`, `files[1]`, … in order, closed.
    static func upload(payloadJSON: [UInt8], files: [DiscordFile], boundary: String = "roastbot-" + UUID().uuidString) -> MultipartBody {
        var form = MultipartForm(boundary: boundary)
        form.addField("payload_json", String(decoding: payloadJSON, as: UTF8.self), contentType: "application/json")
        for (index, file) in files.enumerated() {
            form.addFile("files[\(index)]", filename: file.filename, contentType: file.contentType, data: file.data)
        }
        return MultipartBody(bytes: form.finished, contentType: form.contentType)
    }
}
