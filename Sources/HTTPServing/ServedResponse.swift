import Foundation

/// What a route answers. `refusal`, when set, is a reason safe to log (never a secret nor anything
/// the client sent): the listener logs refusals at most once per interval and kind, with a count.
public struct ServedResponse: Sendable, Hashable {
    public var status: Int
    public var contentType: String?
    /// Extra header fields (`Allow`, …); the listener writes the framing ones itself.
    public var fields: [RequestHead.Field]
    public var body: [UInt8]
    public var refusal: String?

    public init(status: Int, contentType: String? = nil, fields: [RequestHead.Field] = [], body: [UInt8] = [], refusal: String? = nil) {
        self.status = status
        self.contentType = contentType
        self.fields = fields
        self.body = body
        self.refusal = refusal
    }

    /// A one-line plain-text answer (its line end added).
    public static func text(_ status: Int, _ text: String, refusal: String? = nil) -> ServedResponse {
        ServedResponse(
            status: status, contentType: "text/plain; charset=utf-8", body: Array((text.isEmpty ? "" : text + "\n").utf8), refusal: refusal)
    }

    /// 405 with the methods allowed.
    public static func methodNotAllowed(_ allowed: String) -> ServedResponse {
        var response = text(405, "method not allowed", refusal: "method not allowed")
        response.fields.append(RequestHead.Field(name: "Allow", value: allowed))
        return response
    }

    /// The answer as written on the connection: status line, fields, blank line, body (none for HEAD).
    func wire(closing: Bool, headRequest: Bool, date: String) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.phrase(status))\r\nDate: \(date)\r\nContent-Length: \(body.count)\r\n"
        if let contentType { head += "Content-Type: \(contentType)\r\n" }
        for field in fields { head += "\(field.name): \(field.value)\r\n" }
        if closing { head += "Connection: close\r\n" }
        head += "\r\n"
        var bytes = Array(head.utf8)
        if !headRequest { bytes += body }
        return bytes
    }

    static func phrase(_ status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 200: "OK"
        case 204: "No Content"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 417: "Expectation Failed"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status"
        }
    }
}
