/// Telegram's `parse_mode=HTML` as the server applies it: the tags it supports, strict nesting, and only
/// the entities `&lt; &gt; &amp; &quot;` plus numeric ones. Yields the plain text a user would see, which
/// is what Telegram's length limits count.
enum TelegramHTML {
    /// The text with tags removed and entities decoded, or the server's "can't parse entities" reason.
    static func plainText(of html: String) -> Result<String, ParseError> {
        let bytes = Array(html.utf8)
        var plain: [UInt8] = []
        var open: [String] = []
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "<"):
                guard let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else {
                    return .failure(ParseError("Unexpected end of name token at byte offset \(index)"))
                }
                let inner = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
                if inner.hasPrefix("/") {
                    let name = inner.dropFirst().trimmingCharacters(in: .whitespaces).lowercased()
                    guard let top = open.last else {
                        return .failure(ParseError("Unexpected end tag at byte offset \(index)"))
                    }
                    guard top == name else {
                        return .failure(
                            ParseError(
                                "Unmatched end tag at byte offset \(index), expected \"</\(top)>\", found \"</\(name)>\""
                            )
                        )
                    }
                    open.removeLast()
                } else {
                    switch startTag(inner) {
                    case .success(let name): open.append(name)
                    case .failure(let reason):
                        return .failure(ParseError("\(reason.description) at byte offset \(index)"))
                    }
                }
                index = close + 1
            case UInt8(ascii: "&"):
                guard let (decoded, length) = entity(at: index, in: bytes) else {
                    return .failure(ParseError("Unsupported HTML entity at byte offset \(index)"))
                }
                plain.append(contentsOf: decoded)
                index += length
            case let byte:
                plain.append(byte)
                index += 1
            }
        }
        if let unclosed = open.last {
            return .failure(ParseError("Can't find end tag corresponding to start tag \"\(unclosed)\""))
        }
        return .success(String(decoding: plain, as: UTF8.self))
    }

    struct ParseError: Error, Equatable, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    private static let plainTags: Set<String> = [
        "b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "tg-spoiler", "code", "pre",
        "blockquote",
    ]

    /// The tag's name when Telegram supports it with these attributes.
    private static func startTag(_ inner: String) -> Result<String, ParseError> {
        let nameEnd =
            inner.firstIndex(where: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "/" })
            ?? inner.endIndex
        let name = inner[..<nameEnd].lowercased()
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
            return .failure(ParseError("Unsupported start tag \"\(name)\""))
        }
        guard let attributes = parseAttributes(String(inner[nameEnd...])) else {
            return .failure(ParseError("Unsupported start tag \"\(name)\""))
        }
        let supported: Bool =
            switch name {
            case "span": attributes["class"] == "tg-spoiler"
            case "a": attributes["href"] != nil
            case "tg-emoji": attributes["emoji-id"] != nil
            default: plainTags.contains(name)
            }
        return supported ? .success(name) : .failure(ParseError("Unsupported start tag \"\(name)\""))
    }

    /// `key="value"`, `key='value'`, `key=value` or a bare `key`; nil when malformed.
    private static func parseAttributes(_ text: String) -> [String: String]? {
        var result: [String: String] = [:]
        var rest = Substring(text)
        while true {
            rest = rest.drop(while: { $0.isWhitespace })
            guard !rest.isEmpty else { return result }
            let keyEnd = rest.firstIndex(where: { $0 == "=" || $0.isWhitespace }) ?? rest.endIndex
            let key = rest[..<keyEnd].lowercased()
            guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
                return nil
            }
            rest = rest[keyEnd...].drop(while: { $0.isWhitespace })
            guard rest.first == "=" else {
                result[key] = ""
                continue
            }
            rest = rest.dropFirst().drop(while: { $0.isWhitespace })
            if let quote = rest.first, quote == "\"" || quote == "'" {
                guard let end = rest.dropFirst().firstIndex(of: quote) else { return nil }
                result[key] = String(rest[rest.index(after: rest.startIndex)..<end])
                rest = rest[rest.index(after: end)...]
            } else {
                let end = rest.firstIndex(where: { $0.isWhitespace }) ?? rest.endIndex
                result[key] = String(rest[..<end])
                rest = rest[end...]
            }
        }
    }

    /// The UTF-8 bytes of the entity starting at `start` and the entity's length in bytes.
    private static func entity(at start: Int, in bytes: [UInt8]) -> ([UInt8], Int)? {
        guard let semicolon = bytes[start...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
            return nil
        }
        let body = String(decoding: bytes[(start + 1)..<semicolon], as: UTF8.self)
        let length = semicolon - start + 1
        let named: [String: String] = ["lt": "<", "gt": ">", "amp": "&", "quot": "\""]
        if let text = named[body] { return (Array(text.utf8), length) }
        guard body.hasPrefix("#") else { return nil }
        let digits = body.dropFirst()
        let value: UInt32? =
            if digits.first == "x" || digits.first == "X" {
                UInt32(digits.dropFirst(), radix: 16)
            } else {
                UInt32(digits, radix: 10)
            }
        guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
        return (Array(String(Character(scalar)).utf8), length)
    }
}
