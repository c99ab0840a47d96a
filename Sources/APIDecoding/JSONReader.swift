/// Reads JSON text straight from its bytes, one value at a time, for the few response shapes read
/// on every update: no document is built first, nothing is allocated for values the caller skips.
///
/// It reads exactly, or not at all: anything it is not certain `JSONDecoder` reads the same way —
/// an escaped key, a number with a fraction or beyond `Int64`, a lone surrogate, a control
/// character, invalid UTF-8, a trailing comma, a duplicate key the caller reads, nesting deeper
/// than ``maximumDepth``, truncated text — throws ``Unreadable``, and the caller decodes the same
/// bytes with `JSONDecoder` instead. It is stricter than `JSONDecoder` (which lets through
/// trailing commas and odd numbers in values it skips), never looser, so a value it returns is
/// the one `JSONDecoder` would have produced.
///
/// Objects are read member by member:
/// ```swift
/// if try reader.beginObject() {
///     repeat {
///         switch try reader.readKey() {
///         case idKey: id = try reader.read(Int64.self)
///         default: try reader.skipValue()
///         }
///     } while try reader.nextMember()
/// }
/// ```
public struct JSONReader {
    /// The text is not JSON this reader reads exactly; decode it with `JSONDecoder` instead.
    public struct Unreadable: Error, Sendable {
        public init() {}
    }

    /// A place to come back to (``mark`` and ``reset(to:)``).
    public struct Mark: Sendable {
        fileprivate let position: Int
        fileprivate let depth: Int
    }

    /// Objects and arrays nest at most this deep; deeper text is ``Unreadable`` (Bot API answers
    /// nest about ten deep), so no input can exhaust the stack.
    public static let maximumDepth = 64

    /// The whole text.
    public let bytes: [UInt8]
    /// The next byte to read.
    public private(set) var position: Int
    private var depth = 0

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        position = 0
    }

    /// Where the reader is (after any whitespace), to come back to with ``reset(to:)``.
    public var mark: Mark {
        mutating get {
            skipWhitespace()
            return Mark(position: position, depth: depth)
        }
    }

    public mutating func reset(to mark: Mark) {
        position = mark.position
        depth = mark.depth
    }

    /// Only whitespace is left.
    public mutating func finish() throws(Unreadable) {
        skipWhitespace()
        guard position == bytes.count else { throw Unreadable() }
    }

    // MARK: Objects and arrays

    /// Reads `{`; true when a member follows (read it with ``readKey()``), false for `{}` (read).
    public mutating func beginObject() throws(Unreadable) -> Bool {
        try begin(UInt8(ascii: "{"), closedBy: UInt8(ascii: "}"))
    }

    /// Reads a member's key and its colon. A key with escapes is ``Unreadable``.
    public mutating func readKey() throws(Unreadable) -> JSONKey {
        guard case .plain(let text, let isASCII) = try scanString() else { throw Unreadable() }
        if !isASCII { guard Self.isValidUTF8(bytes[text]) else { throw Unreadable() } }
        try expect(UInt8(ascii: ":"))
        return JSONKey(bytes[text])
    }

    /// Reads a member's key, escapes decoded, and its colon: for readers that keep keys as text.
    public mutating func readKeyText() throws(Unreadable) -> String {
        let key = try readString()
        try expect(UInt8(ascii: ":"))
        return key
    }

    /// After a member's value: true at `,` (another member follows), false at `}` (the object is read).
    public mutating func nextMember() throws(Unreadable) -> Bool {
        try next(closedBy: UInt8(ascii: "}"))
    }

    /// Reads `[`; true when an element follows, false for `[]` (read).
    public mutating func beginArray() throws(Unreadable) -> Bool {
        try begin(UInt8(ascii: "["), closedBy: UInt8(ascii: "]"))
    }

    /// After an element: true at `,` (another element follows), false at `]` (the array is read).
    public mutating func nextElement() throws(Unreadable) -> Bool {
        try next(closedBy: UInt8(ascii: "]"))
    }

    // MARK: Values

    /// A value of a type that reads itself. (Inlinable, as is ``readIfPresent(_:)``, so that callers
    /// in other modules get a specialized copy instead of a generic call per member.)
    @inlinable
    public mutating func read<Value: JSONReadable>(_ type: Value.Type) throws(Unreadable) -> Value {
        try Value.read(from: &self)
    }

    /// nil for `null`, else the value, as `decodeIfPresent` reads a member that is present.
    @inlinable
    public mutating func readIfPresent<Value: JSONReadable>(_ type: Value.Type) throws(Unreadable) -> Value? {
        if readNull() { return nil }
        return try Value.read(from: &self)
    }

    /// Reads `null` if it comes next; false (nothing read) for any other value.
    public mutating func readNull() -> Bool {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "n") else { return false }
        do {
            try literal("null")
            return true
        } catch {
            return false
        }
    }

    public mutating func readBool() throws(Unreadable) -> Bool {
        skipWhitespace()
        guard position < bytes.count else { throw Unreadable() }
        switch bytes[position] {
        case UInt8(ascii: "t"):
            try literal("true")
            return true
        case UInt8(ascii: "f"):
            try literal("false")
            return false
        default: throw Unreadable()
        }
    }

    /// An integer written as one (`-?(0|[1-9][0-9]*)`) within `Int64`; a fraction or an exponent is
    /// ``Unreadable`` even when `JSONDecoder` would make an integer of it.
    public mutating func readInt64() throws(Unreadable) -> Int64 {
        skipWhitespace()
        guard position < bytes.count else { throw Unreadable() }
        let isNegative = bytes[position] == UInt8(ascii: "-")
        if isNegative { position += 1 }
        let start = position
        var magnitude: UInt64 = 0
        while position < bytes.count, case let digit = bytes[position] &- UInt8(ascii: "0"), digit < 10 {
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit))
            guard !overflow1, !overflow2 else { throw Unreadable() }
            magnitude = sum
            position += 1
        }
        let digits = position - start
        guard digits > 0, digits == 1 || bytes[start] != UInt8(ascii: "0") else { throw Unreadable() }
        if position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): throw Unreadable()
            default: break
            }
        }
        if isNegative {
            guard magnitude <= UInt64(Int64.max) + 1 else { throw Unreadable() }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else { throw Unreadable() }
        return Int64(magnitude)
    }

    /// A string, its escapes decoded (`\uD83D\uDE00` pairs into one scalar). A lone surrogate, a raw
    /// control character or invalid UTF-8 is ``Unreadable`` (`JSONDecoder` refuses them too).
    public mutating func readString() throws(Unreadable) -> String {
        switch try scanString() {
        case .escaped(let start):
            return try readEscapedString(from: start)
        case .plain(let text, let isASCII):
            if isASCII { return String(decoding: bytes[text], as: UTF8.self) }
            guard let string = String(validating: bytes[text], as: UTF8.self) else { throw Unreadable() }
            return string
        }
    }

    /// A string as scanned by ``scanString()``.
    private enum ScannedString {
        /// Without escapes: its bytes (between the quotes, not yet checked as UTF-8), read past.
        case plain(Range<Int>, isASCII: Bool)
        /// With an escape: where its text starts; nothing is read.
        case escaped(from: Int)
    }

    /// Finds the end of the string at the reader (after whitespace): its bytes, read past, when it has
    /// no escape. A raw control character or the end of the text first is ``Unreadable``.
    private mutating func scanString() throws(Unreadable) -> ScannedString {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw Unreadable() }
        let start = position + 1
        var end = start
        var isASCII = true
        while true {
            guard end < bytes.count else { throw Unreadable() }
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") { return .escaped(from: start) }
            guard byte >= 0x20 else { throw Unreadable() }
            if byte >= 0x80 { isASCII = false }
            end += 1
        }
        position = end + 1
        return .plain(start..<end, isASCII: isASCII)
    }

    /// Steps over one value of any kind, checking that it is well-formed JSON.
    public mutating func skipValue() throws(Unreadable) {
        skipWhitespace()
        guard position < bytes.count else { throw Unreadable() }
        switch bytes[position] {
        case UInt8(ascii: "{"):
            guard try beginObject() else { return }
            repeat {
                _ = try readKey()
                try skipValue()
            } while try nextMember()
        case UInt8(ascii: "["):
            guard try beginArray() else { return }
            repeat {
                try skipValue()
            } while try nextElement()
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: try skipNumber()
        }
    }

    // MARK: Pieces

    /// Steps over spaces, tabs and line breaks (every reading method does this first).
    public mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private mutating func expect(_ byte: UInt8) throws(Unreadable) {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == byte else { throw Unreadable() }
        position += 1
    }

    private mutating func begin(_ opening: UInt8, closedBy closing: UInt8) throws(Unreadable) -> Bool {
        try expect(opening)
        skipWhitespace()
        if position < bytes.count, bytes[position] == closing {
            position += 1
            return false
        }
        guard depth < Self.maximumDepth else { throw Unreadable() }
        depth += 1
        return true
    }

    private mutating func next(closedBy closing: UInt8) throws(Unreadable) -> Bool {
        skipWhitespace()
        guard position < bytes.count else { throw Unreadable() }
        switch bytes[position] {
        case UInt8(ascii: ","):
            position += 1
            return true
        case closing:
            position += 1
            depth -= 1
            return false
        default: throw Unreadable()
        }
    }

    private mutating func literal(_ word: StaticString) throws(Unreadable) {
        let count = word.utf8CodeUnitCount
        guard bytes.count - position >= count else { throw Unreadable() }
        var matches = true
        word.withUTF8Buffer { word in
            for offset in 0..<count where bytes[position + offset] != word[offset] { matches = false }
        }
        guard matches else { throw Unreadable() }
        position += count
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, as RFC 8259 writes numbers.
    private mutating func skipNumber() throws(Unreadable) {
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        let start = position
        let integerDigits = skipDigits()
        guard integerDigits > 0, integerDigits == 1 || bytes[start] != UInt8(ascii: "0") else { throw Unreadable() }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard skipDigits() > 0 else { throw Unreadable() }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard skipDigits() > 0 else { throw Unreadable() }
        }
    }

    private mutating func skipDigits() -> Int {
        let start = position
        while position < bytes.count, bytes[position] &- UInt8(ascii: "0") < 10 { position += 1 }
        return position - start
    }

    /// A string nothing reads: its escapes must be well-formed, its bytes free of control characters.
    private mutating func skipString() throws(Unreadable) {
        position += 1
        while true {
            guard position < bytes.count else { throw Unreadable() }
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "\"") { return }
            if byte == UInt8(ascii: "\\") {
                guard position < bytes.count else { throw Unreadable() }
                let escape = bytes[position]
                position += 1
                if escape == UInt8(ascii: "u") {
                    _ = try hexQuad()
                } else {
                    guard Self.unescaped(escape) != nil else { throw Unreadable() }
                }
            } else {
                guard byte >= 0x20 else { throw Unreadable() }
            }
        }
    }

    /// The rest of a string that has escapes, from `start` (just after its opening quote).
    private mutating func readEscapedString(from start: Int) throws(Unreadable) -> String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(64)
        position = start
        while true {
            guard position < bytes.count else { throw Unreadable() }
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let string = String(validating: utf8, as: UTF8.self) else { throw Unreadable() }
                return string
            case UInt8(ascii: "\\"):
                guard position < bytes.count else { throw Unreadable() }
                let escape = bytes[position]
                position += 1
                if escape == UInt8(ascii: "u") {
                    try appendEscapedScalar(to: &utf8)
                } else {
                    guard let plain = Self.unescaped(escape) else { throw Unreadable() }
                    utf8.append(plain)
                }
            case 0..<0x20: throw Unreadable()
            default: utf8.append(byte)
            }
        }
    }

    /// After `\u`: four hex digits, and for a high surrogate the `\uXXXX` low surrogate after it.
    private mutating func appendEscapedScalar(to utf8: inout [UInt8]) throws(Unreadable) {
        let unit = try hexQuad()
        var value = UInt32(unit)
        switch unit {
        case 0xD800...0xDBFF:
            guard bytes.count - position >= 6, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                throw Unreadable()
            }
            position += 2
            let low = try hexQuad()
            guard (0xDC00...0xDFFF).contains(low) else { throw Unreadable() }
            value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        case 0xDC00...0xDFFF:
            throw Unreadable()
        default: break
        }
        guard let scalar = Unicode.Scalar(value) else { throw Unreadable() }
        utf8.append(contentsOf: UTF8.encode(scalar)!)
    }

    private mutating func hexQuad() throws(Unreadable) -> UInt16 {
        guard bytes.count - position >= 4 else { throw Unreadable() }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw Unreadable()
            }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }

    /// The byte a one-letter escape stands for; nil for a letter JSON does not define.
    private static func unescaped(_ escape: UInt8) -> UInt8? {
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): escape
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
    }

    private static func isValidUTF8(_ bytes: ArraySlice<UInt8>) -> Bool {
        String(validating: bytes, as: UTF8.self) != nil
    }
}
