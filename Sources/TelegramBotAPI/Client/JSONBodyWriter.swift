/// Writes a request body as the JSON text `JSONEncoder` (`.sortedKeys`, `.withoutEscapingSlashes`)
/// produces for the same value, straight into bytes.
///
/// The bodies sent for nearly every update (sendMessage, answerCallbackQuery,
/// editMessageReplyMarkup) are written with it instead of the generic encoder, which walks the
/// value through reflection-like containers and a dictionary per object. Callers name the keys in
/// sorted order, as `.sortedKeys` would; tests hold every such body to `JSONEncoder`'s bytes.
struct JSONBodyWriter {
    private(set) var bytes: [UInt8] = []
    /// Whether the object being written has no member yet (no comma before the next key).
    private var isFirstMember = true

    init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    /// `{`, the members `members` writes, `}`.
    mutating func object(_ members: (inout JSONBodyWriter) -> Void) {
        bytes.append(UInt8(ascii: "{"))
        let outer = isFirstMember
        isFirstMember = true
        members(&self)
        isFirstMember = outer
        bytes.append(UInt8(ascii: "}"))
    }

    /// `[`, each element as `element` writes it, separated by commas, `]`.
    mutating func array<Elements: Sequence>(_ elements: Elements, _ element: (inout JSONBodyWriter, Elements.Element) -> Void) {
        bytes.append(UInt8(ascii: "["))
        var isFirst = true
        for item in elements {
            if !isFirst { bytes.append(UInt8(ascii: ",")) }
            isFirst = false
            element(&self, item)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// The next member's key (plain ASCII, no escaping needed) and its colon.
    mutating func key(_ name: StaticString) {
        if !isFirstMember { bytes.append(UInt8(ascii: ",")) }
        isFirstMember = false
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    // MARK: Members (a nil value leaves the member out, as `encodeIfPresent` does)

    mutating func member(_ name: StaticString, _ value: Int64?) {
        guard let value else { return }
        key(name)
        self.value(value)
    }

    mutating func member(_ name: StaticString, _ value: Bool?) {
        guard let value else { return }
        key(name)
        self.value(value)
    }

    mutating func member(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        key(name)
        self.value(value)
    }

    mutating func member(_ name: StaticString, _ value: (some JSONBody)?) {
        guard let value else { return }
        key(name)
        value.write(to: &self)
    }

    // MARK: Values

    mutating func value(_ number: Int64) {
        // Up to 20 ASCII digits: a small string, no heap allocation.
        bytes.append(contentsOf: String(number).utf8)
    }

    mutating func value(_ flag: Bool) {
        bytes.append(contentsOf: flag ? Self.trueLiteral : Self.falseLiteral)
    }

    /// A string literal: `"` and `\` escaped, control characters as `\b \f \n \r \t` or `\u00XX`,
    /// everything else (slashes and U+2028 included) as UTF-8, as `JSONEncoder` writes them.
    mutating func value(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            // Most texts need no escaping: copied at once.
            guard utf8.contains(where: Self.needsEscaping) else {
                bytes.append(contentsOf: utf8)
                return
            }
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "\""): bytes.append(contentsOf: Self.escapedQuote)
                case UInt8(ascii: "\\"): bytes.append(contentsOf: Self.escapedBackslash)
                case 0x0A: bytes.append(contentsOf: Self.escapedNewline)
                case 0x0D: bytes.append(contentsOf: Self.escapedReturn)
                case 0x09: bytes.append(contentsOf: Self.escapedTab)
                case 0x08: bytes.append(contentsOf: Self.escapedBackspace)
                case 0x0C: bytes.append(contentsOf: Self.escapedFormFeed)
                case 0..<0x20:
                    bytes.append(contentsOf: Self.unicodeEscapePrefix)
                    bytes.append(Self.hexDigits[Int(byte >> 4)])
                    bytes.append(Self.hexDigits[Int(byte & 0x0F)])
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private static let trueLiteral = Array("true".utf8)
    private static let falseLiteral = Array("false".utf8)
    private static let escapedQuote = Array(#"\""#.utf8)
    private static let escapedBackslash = Array(#"\\"#.utf8)
    private static let escapedNewline = Array(#"\n"#.utf8)
    private static let escapedReturn = Array(#"\r"#.utf8)
    private static let escapedTab = Array(#"\t"#.utf8)
    private static let escapedBackspace = Array(#"\b"#.utf8)
    private static let escapedFormFeed = Array(#"\f"#.utf8)
    private static let unicodeEscapePrefix = Array(#"\u00"#.utf8)
    private static let hexDigits = Array("0123456789abcdef".utf8)
}

/// A request body that writes itself with ``JSONBodyWriter``: the same bytes its `Encodable`
/// conformance gives `JSONEncoder` with `.sortedKeys` and `.withoutEscapingSlashes`.
protocol JSONBody: Encodable, Sendable {
    func write(to writer: inout JSONBodyWriter)
}

extension JSONBody {
    /// The body's JSON text as bytes.
    var jsonBytes: [UInt8] {
        var writer = JSONBodyWriter()
        write(to: &writer)
        return writer.bytes
    }
}
