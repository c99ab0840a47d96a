import Foundation

/// A `multipart/form-data` body (RFC 7578), for uploads.
struct MultipartForm {
    let boundary: String
    private(set) var body: [UInt8] = []

    init(boundary: String = "roastbot-" + UUID().uuidString) {
        self.boundary = boundary
    }

    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    mutating func addField(_ name: String, _ value: String) {
        append("--\(boundary)\r\n")
        append("Content-Disposition: form-data; name=\"\(Self.quoted(name))\"\r\n\r\n")
        append(value)
        append("\r\n")
    }

    mutating func addFile(_ name: String, filename: String, contentType: String, data: [UInt8]) {
        // Files are large (a picture is ~0.4 MB): one allocation for it and the rest, not a few doublings.
        body.reserveCapacity(body.count + data.count + 512)
        append("--\(boundary)\r\n")
        append("Content-Disposition: form-data; name=\"\(Self.quoted(name))\"; filename=\"\(Self.quoted(filename))\"\r\n")
        append("Content-Type: \(contentType)\r\n\r\n")
        body += data
        append("\r\n")
    }

    /// The body with its closing delimiter.
    var finished: [UInt8] { body + Array("--\(boundary)--\r\n".utf8) }

    private mutating func append(_ text: String) { body += Array(text.utf8) }

    /// Keeps a header parameter on one line and inside its quotes.
    private static func quoted(_ value: String) -> String {
        String(value.map { "\"\\\r\n".contains($0) ? "_" : $0 })
    }
}
