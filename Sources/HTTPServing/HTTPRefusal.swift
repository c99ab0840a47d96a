/// Why the listener itself refuses a request or a connection, before any handler: the status it
/// answers and a reason safe to log (fixed text; never anything the client sent).
public struct HTTPRefusal: Sendable, Hashable, Error {
    public var status: Int
    public var reason: String

    public init(status: Int, reason: String) {
        self.status = status
        self.reason = reason
    }

    static let malformedRequestLine = HTTPRefusal(status: 400, reason: "malformed request line")
    static let requestLineTooLong = HTTPRefusal(status: 414, reason: "request line too long")
    static let headTooLarge = HTTPRefusal(status: 431, reason: "request head too large")
    static let tooManyFields = HTTPRefusal(status: 431, reason: "too many header fields")
    static let malformedField = HTTPRefusal(status: 400, reason: "malformed header field")
    static let bareCarriageReturn = HTTPRefusal(status: 400, reason: "carriage return outside a line end")
    static let foldedField = HTTPRefusal(status: 400, reason: "folded header field")
    static let unsupportedVersion = HTTPRefusal(status: 505, reason: "HTTP version not supported")
    static let missingHost = HTTPRefusal(status: 400, reason: "no Host field, or several")
    static let conflictingLength = HTTPRefusal(status: 400, reason: "malformed or conflicting Content-Length")
    static let lengthAndChunked = HTTPRefusal(status: 400, reason: "both Content-Length and Transfer-Encoding")
    static let unsupportedCoding = HTTPRefusal(status: 501, reason: "transfer coding not supported")
    static let unsupportedExpectation = HTTPRefusal(status: 417, reason: "expectation not supported")
    static let malformedChunk = HTTPRefusal(status: 400, reason: "malformed chunked body")
    static let headTimedOut = HTTPRefusal(status: 408, reason: "request head not received in time")
    static let bodyTimedOut = HTTPRefusal(status: 408, reason: "request body not received in time")
    static let handlerTimedOut = HTTPRefusal(status: 503, reason: "no answer in time")
    static let notFound = HTTPRefusal(status: 404, reason: "no such path")
    static let stopping = HTTPRefusal(status: 503, reason: "shutting down")
    static let overLimit = HTTPRefusal(status: 503, reason: "connection limit reached; every connection busy, a new one refused")
}
