/// A complete HTTP response.
///
/// The header fields are kept as the raw lines received and parsed only when asked for: the Bot API
/// client never reads them, and building a dictionary of Swift strings for every response cost
/// about 4 % of the bot's CPU. ``headers`` parses them on each access; ``header(_:)`` looks one up
/// without building the dictionary (what a rate limiter reading a few headers per response wants).
public struct HTTPResponse: Sendable, Hashable {
    public var status: Int
    public var body: [UInt8]
    private var fields: Fields

    private enum Fields: Sendable {
        /// `Name: value\r\n` lines of the final response block, as received.
        case raw([UInt8])
        case parsed([String: String])
    }

    public init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.fields = .parsed(headers)
        self.body = body
    }

    /// A response whose header lines (`Name: value\r\n`, status line excluded) are parsed on demand.
    public init(status: Int, headerBlock: [UInt8], body: [UInt8] = []) {
        self.status = status
        self.fields = .raw(headerBlock)
        self.body = body
    }

    /// Every header field, names lowercased, the values of a repeated field joined with ", ".
    /// Parsed from the received lines at each access.
    public var headers: [String: String] {
        get {
            switch fields {
            case .parsed(let headers): return headers
            case .raw(let block):
                var headers: [String: String] = [:]
                Self.forEachField(in: block) { name, value in
                    let key = String(decoding: name, as: UTF8.self).lowercased()
                    let text = String(decoding: value, as: UTF8.self)
                    if let existing = headers[key] {
                        headers[key] = existing + ", " + text
                    } else {
                        headers[key] = text
                    }
                    return true
                }
                return headers
            }
        }
        set { fields = .parsed(newValue) }
    }

    /// The value of the header field `name` (case-insensitive; a repeated field's values joined with
    /// ", "), or nil; reads the received lines without parsing the others.
    public func header(_ name: String) -> String? {
        switch fields {
        case .parsed(let headers):
            // Built by hand (stubs), the names may be in any case.
            let lowered = name.lowercased()
            return headers[lowered] ?? headers.first { $0.key.lowercased() == lowered }?.value
        case .raw(let block):
            let wanted = Array(name.utf8)
            var found: [String] = []
            Self.forEachField(in: block) { field, value in
                if Self.equalIgnoringASCIICase(field, wanted) { found.append(String(decoding: value, as: UTF8.self)) }
                return true
            }
            return found.isEmpty ? nil : found.joined(separator: ", ")
        }
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.status == rhs.status && lhs.body == rhs.body && lhs.headers == rhs.headers
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(status)
        hasher.combine(body)
    }

    // MARK: - Parsing

    /// Calls `visit` with each field's name and value (optional whitespace around the value trimmed)
    /// until it returns false; lines without a colon or with an empty name are skipped.
    private static func forEachField(in block: [UInt8], _ visit: (ArraySlice<UInt8>, ArraySlice<UInt8>) -> Bool) {
        var lineStart = block.startIndex
        while lineStart < block.endIndex {
            let lineEnd = block[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? block.endIndex
            let line = trimmed(block[lineStart..<lineEnd])
            lineStart = lineEnd == block.endIndex ? lineEnd : lineEnd + 1
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let name = trimmed(line[..<colon])
            guard !name.isEmpty else { continue }
            if !visit(name, trimmed(line[(colon + 1)...])) { return }
        }
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else {
            return bytes[bytes.startIndex..<bytes.startIndex]
        }
        return bytes[first...last]
    }

    private static func equalIgnoringASCIICase(_ lhs: ArraySlice<UInt8>, _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return zip(lhs, rhs).allSatisfy { lowercased($0) == lowercased($1) }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }
}
