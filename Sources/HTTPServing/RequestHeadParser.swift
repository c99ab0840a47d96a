/// Reads one request head (RFC 9112 §2–§6) from bytes as they arrive, looking at each byte once: a
/// line is checked when its end arrives, and a line or head over its limit is refused as soon as it
/// is longer than the limit, without waiting for its end. Strict where laxness lets two parsers
/// disagree (request smuggling): no folded fields, no whitespace before a field's colon, no bare
/// carriage returns, one Content-Length value, never Content-Length beside Transfer-Encoding.
struct RequestHeadParser {
    enum Outcome: Equatable {
        /// The head is not complete yet.
        case incomplete
        /// The head, and how many bytes of the buffer it took (its blank line included).
        case head(RequestHead, length: Int)
        case refused(HTTPRefusal)
    }

    let limits: HTTPLimits
    /// Bytes of the buffer already looked at.
    private var scanned = 0
    private var lineStart = 0
    private var requestLine: (method: String, target: String, minor: Int)?
    private var fields: [RequestHead.Field] = []

    init(limits: HTTPLimits) {
        self.limits = limits
    }

    /// Whether any byte of a head was seen (blank lines before a request line do not count).
    var hasStarted: Bool { requestLine != nil || scanned > lineStart }

    /// Forgets the head read so far, for the next request on the connection.
    mutating func reset() {
        self = RequestHeadParser(limits: limits)
    }

    /// Goes on reading `buffer`, which holds the request from its first byte (and is only ever
    /// appended to until the head is complete).
    mutating func parse(_ buffer: [UInt8]) -> Outcome {
        buffer.withUnsafeBufferPointer { bytes in
            while true {
                guard let end = Self.lineFeed(in: bytes, from: scanned) else {
                    scanned = bytes.count
                    if bytes.count > limits.headBytes || (requestLine == nil && bytes.count - lineStart > limits.requestLineBytes) {
                        return .refused(requestLine == nil ? .requestLineTooLong : .headTooLarge)
                    }
                    return .incomplete
                }
                scanned = end + 1
                if scanned > limits.headBytes { return .refused(requestLine == nil ? .requestLineTooLong : .headTooLarge) }
                var lineEnd = end
                if lineEnd > lineStart, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
                let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])
                lineStart = scanned
                if line.contains(UInt8(ascii: "\r")) { return .refused(.bareCarriageReturn) }
                if requestLine == nil {
                    // Blank lines before a request line are ignored (RFC 9112 §2.2).
                    guard !line.isEmpty else { continue }
                    if line.count > limits.requestLineBytes { return .refused(.requestLineTooLong) }
                    switch Self.requestLine(line) {
                    case .success(let parsed): requestLine = parsed
                    case .failure(let refusal): return .refused(refusal)
                    }
                } else if line.isEmpty {
                    switch finish() {
                    case .success(let head): return .head(head, length: scanned)
                    case .failure(let refusal): return .refused(refusal)
                    }
                } else {
                    guard fields.count < limits.headerFields else { return .refused(.tooManyFields) }
                    switch Self.field(line) {
                    case .success(let field): fields.append(field)
                    case .failure(let refusal): return .refused(refusal)
                    }
                }
            }
        }
    }

    // MARK: - Helpers

    private static func lineFeed(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") { return index }
            index += 1
        }
        return nil
    }

    /// `method SP target SP HTTP/1.x`, each part as strict as RFC 9112 §3 allows.
    private static func requestLine(_ line: UnsafeBufferPointer<UInt8>) -> Result<(method: String, target: String, minor: Int), HTTPRefusal>
    {
        let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(isTokenByte), !parts[1].isEmpty,
            parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else { return .failure(.malformedRequestLine) }
        let target = String(decoding: parts[1], as: UTF8.self)
        guard target.hasPrefix("/") || target == "*" else { return .failure(.malformedRequestLine) }
        let version = Array(parts[2])
        let prefix = Array("HTTP/".utf8)
        guard version.count == 8, Array(version[0..<5]) == prefix, isDigit(version[5]), version[6] == UInt8(ascii: "."), isDigit(version[7])
        else { return .failure(.malformedRequestLine) }
        guard version[5] == UInt8(ascii: "1"), version[7] <= UInt8(ascii: "1") else { return .failure(.unsupportedVersion) }
        return .success((String(decoding: parts[0], as: UTF8.self), target, Int(version[7] - UInt8(ascii: "0"))))
    }

    /// `name: value` (RFC 9110 §5): a token name right before the colon, the value without the
    /// whitespace around it, no control characters but tabs.
    private static func field(_ line: UnsafeBufferPointer<UInt8>) -> Result<RequestHead.Field, HTTPRefusal> {
        if line[0] == UInt8(ascii: " ") || line[0] == UInt8(ascii: "\t") { return .failure(.foldedField) }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > 0, line[..<colon].allSatisfy(isTokenByte) else {
            return .failure(.malformedField)
        }
        var start = colon + 1
        var end = line.count
        while start < end, line[start] == UInt8(ascii: " ") || line[start] == UInt8(ascii: "\t") { start += 1 }
        while end > start, line[end - 1] == UInt8(ascii: " ") || line[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        let value = line[start..<end]
        guard value.allSatisfy({ $0 == UInt8(ascii: "\t") || ($0 >= 0x20 && $0 != 0x7F) }) else { return .failure(.malformedField) }
        let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
        return .success(RequestHead.Field(name: name, value: String(decoding: value, as: UTF8.self)))
    }

    /// The head with its framing and connection decided (RFC 9112 §6.1–6.3, §9.3; RFC 9110 §7.2).
    private func finish() -> Result<RequestHead, HTTPRefusal> {
        guard let requestLine else { return .failure(.malformedRequestLine) }
        func values(_ name: String) -> [String] {
            fields.filter { $0.name == name }.flatMap { $0.value.split(separator: ",", omittingEmptySubsequences: false) }.map {
                String($0.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
            }
        }
        if requestLine.minor == 1, fields.filter({ $0.name == "host" }).count != 1 { return .failure(.missingHost) }
        let codings = values("transfer-encoding")
        let lengths = values("content-length")
        var framing = RequestHead.Framing.none
        if !fields.filter({ $0.name == "transfer-encoding" }).isEmpty {
            guard lengths.isEmpty else { return .failure(.lengthAndChunked) }
            guard requestLine.minor == 1, codings.count == 1, codings[0].lowercased() == "chunked" else {
                return .failure(.unsupportedCoding)
            }
            framing = .chunked
        } else if !fields.filter({ $0.name == "content-length" }).isEmpty {
            guard let first = lengths.first, lengths.allSatisfy({ $0 == first }), !first.isEmpty, first.count <= 15,
                first.utf8.allSatisfy(Self.isDigit), let length = Int(first)
            else { return .failure(.conflictingLength) }
            framing = .length(length)
        }
        let connection = Set(values("connection").map { $0.lowercased() })
        let keepAlive = requestLine.minor == 1 ? !connection.contains("close") : connection.contains("keep-alive")
        var expectsContinue = false
        if let expectation = fields.first(where: { $0.name == "expect" })?.value {
            guard expectation.lowercased() == "100-continue" else { return .failure(.unsupportedExpectation) }
            expectsContinue = requestLine.minor == 1
        }
        return .success(
            RequestHead(
                method: requestLine.method, target: requestLine.target, minorVersion: requestLine.minor, fields: fields, framing: framing,
                keepAlive: keepAlive, expectsContinue: expectsContinue))
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// `tchar` of RFC 9110 §5.6.2.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
            UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
