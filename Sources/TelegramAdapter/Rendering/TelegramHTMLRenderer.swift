import ChatPlatform

/// Turns neutral ``RichText`` into Telegram HTML (`parse_mode=HTML`), split into messages that
/// Telegram accepts.
///
/// Every piece of text is escaped, so user-supplied names and roast text can never inject markup
/// or break the parser. Links are kept only for `http`, `https` and `tg` URLs; any other link
/// (including `javascript:` or a malformed URL) is rendered as its plain text.
/// See https://core.telegram.org/bots/api#html-style.
public struct TelegramHTMLRenderer: Sendable {
    /// Schemes Telegram opens safely from a bot message.
    public static let allowedLinkSchemes: Set<String> = ["http", "https", "tg"]

    public var splitter: MessageSplitter

    public init(splitter: MessageSplitter = .telegram) {
        self.splitter = splitter
    }

    /// Renders a message as one or more parts, each within the splitter's limit of visible text.
    ///
    /// Buttons (without empty rows) go on the last part only. An empty text still yields one part
    /// with empty HTML, so the caller always has a last part to attach buttons to.
    public func render(_ message: OutgoingMessage) -> [RenderedPart] {
        var parts = splitter.split(message.text).map { RenderedPart(html: html(for: $0)) }
        if parts.isEmpty { parts = [RenderedPart(html: "")] }
        parts[parts.count - 1].buttons = message.buttons.filter { !$0.isEmpty }
        return parts
    }

    /// Renders text as one piece of HTML, without splitting.
    public func html(for text: RichText) -> String {
        var html = ""
        for span in text.spans {
            Self.append(span, to: &html)
        }
        return html
    }

    /// Escapes text for an HTML text node: `&`, `<` and `>`.
    public static func escape(_ text: String) -> String {
        escape(text, quotes: false)
    }

    /// Escapes text for a double-quoted attribute value: `&`, `<`, `>` and `"`.
    public static func escapeAttribute(_ text: String) -> String {
        escape(text, quotes: true)
    }

    private static func escape(_ text: String, quotes: Bool) -> String {
        // Most text has nothing to escape: it is returned as it is, not rebuilt scalar by scalar.
        let needsEscaping = text.utf8.contains { byte in
            byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || (quotes && byte == UInt8(ascii: "\""))
        }
        guard needsEscaping else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"" where quotes: escaped += "&quot;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// Whether `url` may become a link: an allowed scheme followed by `://` and at least one more
    /// character, with no whitespace or control characters anywhere.
    public static func isAllowedLinkURL(_ url: String) -> Bool {
        guard let separator = url.range(of: "://") else { return false }
        let scheme = url[..<separator.lowerBound].lowercased()
        guard allowedLinkSchemes.contains(scheme), separator.upperBound < url.endIndex else { return false }
        return !url.unicodeScalars.contains { scalar in
            scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
        }
    }
}

extension TelegramHTMLRenderer {
    private static func append(_ span: RichText.Span, to html: inout String) {
        switch span {
        case .plain(let text):
            html += escape(text)
        case .bold(let text):
            wrap(text, tag: "b", in: &html)
        case .italic(let text):
            wrap(text, tag: "i", in: &html)
        case .code(let text):
            wrap(text, tag: "code", in: &html)
        case .mention(let user, let name):
            guard !name.isEmpty else { return }
            html += "<a href=\"tg://user?id=\(user.rawValue)\">\(escape(name))</a>"
        case .link(let url, let text):
            guard !text.isEmpty else { return }
            guard isAllowedLinkURL(url) else {
                html += escape(text)
                return
            }
            html += "<a href=\"\(escapeAttribute(url))\">\(escape(text))</a>"
        }
    }

    /// Empty styled spans render as nothing: Telegram has no use for an empty entity.
    private static func wrap(_ text: String, tag: String, in html: inout String) {
        guard !text.isEmpty else { return }
        html += "<\(tag)>\(escape(text))</\(tag)>"
    }
}
