import Foundation

/// A `multipart/form-data` body (RFC 7578), for uploads: fields, then files, then the closing delimiter
/// (``finished``). Header parameters (names, file names) are kept on one line and inside their quotes.
public struct MultipartForm: Sendable {
    public let boundary: String
    private(set) var body: [UInt8] = []

    public init(boundary: String = "roastbot-" + UUID().uuidString) {
        self.boundary = boundary
    }

    /// The request's `Content-Type`.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// A text field; with `contentType`, a part that says what it holds (e.g. a JSON payload).
    public mutating func addField(_ name: String, _ value: String, contentType: String? = nil) {
        addPart(name, filename: nil, contentType: contentType, data: Array(value.utf8))
    }

    /// A file part.
    public mutating func addFile(_ name: String, filename: String, contentType: String, data: [UInt8]) {
        // Files are large (a picture is ~0.4 MB): one allocation for it and the rest, not a few doublings.
        body.reserveCapacity(body.count + data.count + 512)
        addPart(name, filename: filename, contentType: contentType, data: data)
    }

    /// The body with its closing delimiter.
    public var finished: [UInt8] { body + Array("--\(boundary)--\r\n".utf8) }

    private mutating func addPart(_ name: String, filename: String?, contentType: String?, data: [UInt8]) {
        append("--\(boundary)\r\n")
        var disposition = "Content-Disposition: form-data; name=\"\(Self.quoted(name))\""
        if let filename { disposition += "; filename=\"\(Self.quoted(filename))\"" }
        append(disposition + "\r\n")
        if let contentType { append("Content-Type: \(contentType)\r\n") }
        append("\r\n")
        body += data
        append("\r\n")
    }

    private mutating func append(_ text: String) { body += Array(text.utf8) }

    /// Keeps a header parameter on one line and inside its quotes.
    private static func quoted(_ value: String) -> String {
        String(value.map { "\"\\\r\n".contains($0) ? "_" : $0 })
    }
}
