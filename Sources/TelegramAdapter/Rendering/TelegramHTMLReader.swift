/// A strict reader of Telegram HTML: checks that markup is well formed and returns the visible
/// text Telegram would count.
///
/// Stricter than Telegram itself (a raw `>` or a bare `&` is rejected), so anything it accepts
/// Telegram accepts too. Used to check the renderer's and splitter's output.
/// See https://core.telegram.org/bots/api#html-style.
enum TelegramHTMLReader {
    enum Malformed: Error, Hashable {
        case unknownTag(String)
        case mismatchedClose(expected: String?, found: String)
        case unclosed(String)
        case forbiddenNesting(outer: String, inner: String)
        case missingHref
        case badAttribute
        case badEntity
        case strayMarkupCharacter
        case unterminatedTag
    }

    static let knownTags: Set<String> = [
        "b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "span", "tg-spoiler", "a", "code", "pre",
        "blockquote", "tg-emoji",
    ]

    /// The visible text of `html`, or why Telegram's parser could refuse it.
    static func visibleText(of html: String) throws(Malformed) -> String {
        let scalars = Array(html.unicodeScalars)
        var text = ""
        var open: [String] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "<":
                guard let close = scalars[index...].firstIndex(of: ">") else { throw .unterminatedTag }
                try readTag(scalars[(index + 1)..<close], open: &open)
                index = close + 1
            case "&":
                guard let semicolon = scalars[index...].prefix(12).firstIndex(of: ";") else { throw .badEntity }
                text.unicodeScalars.append(try decodeEntity(scalars[(index + 1)..<semicolon]))
                index = semicolon + 1
            case ">":
                throw .strayMarkupCharacter
            default:
                text.unicodeScalars.append(scalar)
                index += 1
            }
        }
        if let unclosed = open.last { throw .unclosed(unclosed) }
        return text
    }

    private static func readTag(_ body: ArraySlice<Unicode.Scalar>, open: inout [String]) throws(Malformed) {
        var body = body
        if body.first == "/" {
            let name = String(String.UnicodeScalarView(body.dropFirst())).lowercased()
            guard open.last == name else { throw .mismatchedClose(expected: open.last, found: name) }
            open.removeLast()
            return
        }
        let nameEnd = body.firstIndex { $0.properties.isWhitespace } ?? body.endIndex
        let name = String(String.UnicodeScalarView(body[..<nameEnd])).lowercased()
        guard knownTags.contains(name) else { throw .unknownTag(name) }
        if let outer = open.last, outer == "code" || (outer == "pre" && name != "code") {
            throw .forbiddenNesting(outer: outer, inner: name)
        }
        if name == "a", open.contains("a") { throw .forbiddenNesting(outer: "a", inner: "a") }
        body = body[nameEnd...]
        let attributes = try readAttributes(body)
        if name == "a", attributes["href"]?.isEmpty ?? true { throw .missingHref }
        open.append(name)
    }

    private static func readAttributes(_ body: ArraySlice<Unicode.Scalar>) throws(Malformed) -> [String: String] {
        var attributes: [String: String] = [:]
        var rest = body.drop { $0.properties.isWhitespace }
        while !rest.isEmpty {
            guard let equals = rest.firstIndex(of: "="), rest.index(after: equals) < rest.endIndex,
                rest[rest.index(after: equals)] == "\""
            else { throw .badAttribute }
            let name = String(String.UnicodeScalarView(rest[..<equals])).lowercased()
            let valueStart = equals + 2
            guard let quote = rest[valueStart...].firstIndex(of: "\"") else { throw .badAttribute }
            let rawValue = rest[valueStart..<quote]
            guard !rawValue.contains("<") else { throw .badAttribute }
            attributes[name] = try decodeText(rawValue)
            rest = rest[(quote + 1)...].drop { $0.properties.isWhitespace }
        }
        return attributes
    }

    private static func decodeText(_ raw: ArraySlice<Unicode.Scalar>) throws(Malformed) -> String {
        var text = ""
        var index = raw.startIndex
        while index < raw.endIndex {
            if raw[index] == "&" {
                guard let semicolon = raw[index...].firstIndex(of: ";") else { throw .badEntity }
                text.unicodeScalars.append(try decodeEntity(raw[(index + 1)..<semicolon]))
                index = semicolon + 1
            } else {
                text.unicodeScalars.append(raw[index])
                index += 1
            }
        }
        return text
    }

    private static func decodeEntity(_ name: ArraySlice<Unicode.Scalar>) throws(Malformed) -> Unicode.Scalar {
        let name = String(String.UnicodeScalarView(name))
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        default:
            let value: UInt32?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                value = UInt32(name.dropFirst(2), radix: 16)
            } else if name.hasPrefix("#") {
                value = UInt32(name.dropFirst(), radix: 10)
            } else {
                value = nil
            }
            guard let value, let scalar = Unicode.Scalar(value) else { throw .badEntity }
            return scalar
        }
    }
}
