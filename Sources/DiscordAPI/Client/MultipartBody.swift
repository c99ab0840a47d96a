import Foundation

/// A `multipart/form-data` body (RFC 7578) as Discord reads uploads: the JSON payload as the `payload_json` part, then
/// each file as `files[n]` with its file name and type. <https://discord.com/developers/docs/reference#uploading-files>
struct MultipartBody {
    let boundary: String
    private(set) var bytes: [UInt8] = []

    init(boundary: String = "roastbot-" + UUID().uuidString) {
        self.boundary = boundary
    }

    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// `payload_json` followed by `files[0]`, `files[1]`, … in order, closed.
    static func upload(payloadJSON: [UInt8], files: [DiscordFile], boundary: String = "roastbot-" + UUID().uuidString) -> MultipartBody {
        var body = MultipartBody(boundary: boundary)
        body.bytes.reserveCapacity(payloadJSON.count + files.reduce(0) { $0 + $1.data.count } + 256 * (files.count + 1))
        body.addPart(name: "payload_json", filename: nil, contentType: "application/json", data: payloadJSON)
        for (index, file) in files.enumerated() {
            body.addPart(name: "files[\(index)]", filename: file.filename, contentType: file.contentType, data: file.data)
        }
        body.append("--\(boundary)--\r\n")
        return body
    }

    private mutating func addPart(name: String, filename: String?, contentType: String, data: [UInt8]) {
        append("--\(boundary)\r\n")
        var disposition = "Content-Disposition: form-data; name=\"\(Self.quoted(name))\""
        if let filename { disposition += "; filename=\"\(Self.quoted(filename))\"" }
        append(disposition + "\r\n")
        append("Content-Type: \(contentType)\r\n\r\n")
        bytes += data
        append("\r\n")
    }

    private mutating func append(_ text: String) { bytes += Array(text.utf8) }

    /// Keeps a header parameter on one line and inside its quotes.
    private static func quoted(_ value: String) -> String {
        String(value.map { "\"\\\r\n".contains($0) ? "_" : $0 })
    }
}
