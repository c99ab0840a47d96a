import ChatPlatform
import DiscordAPI
import Foundation

/// Turns the bot's neutral messages into Discord messages: rich text as escaped markdown, mentions as `<@id>`
/// (and only those people notified), buttons as action rows, long text split so that every part's content —
/// markup included — fits Discord's 2,000 characters. Pure.
///
/// Rules:
/// - plain text is escaped (`\ * _ ~ ` | [ ] <`, and `# - > +` at the start of a line), so a roast or a person's name
///   never turns into formatting, a masked link or a `<@id>`/`<#id>` mention;
/// - bold `**…**`, italic `*…*` (whitespace at a span's ends stays outside the markers), code `` `…` `` (a backtick
///   inside becomes `ˋ`), links `[text](url)`;
/// - the text is cut with ``MessageSplitter`` at the limit; a part whose markup makes it longer is cut again, finer;
/// - buttons go on the last part: rows of at most 5 (a longer row wraps), at most 5 rows (else every button is
///   packed 5 a row), 25 buttons at most; each payload 1–100 bytes, unique within the message; labels cut to 80.
public struct DiscordRenderer: Sendable {
    /// Characters of one message's content.
    public let limit: Int

    public init(limit: Int = DiscordLimits.messageContent) {
        self.limit = max(limit, 16)
    }

    /// The parts that post `message`, in order; buttons on the last.
    public func render(_ message: OutgoingMessage) throws(DiscordRenderingError) -> [DiscordRenderedPart] {
        let rows = try components(message.buttons)
        var parts = render(text: message.text)
        if parts.isEmpty {
            guard !rows.isEmpty else { throw .emptyMessage }
            parts = [DiscordRenderedPart(content: "")]
        }
        parts[parts.count - 1].components = rows
        return parts
    }

    /// `text` as one or more parts of at most ``limit`` characters each (no buttons).
    public func render(text: RichText) -> [DiscordRenderedPart] {
        render(text, visibleLimit: limit)
    }

    /// A caption (of a file or a picture): one part, cut (never split) to the limit.
    public func caption(_ text: RichText) -> DiscordRenderedPart {
        let (content, mentions) = Self.markdown(text)
        guard content.unicodeScalars.count > limit else { return DiscordRenderedPart(content: content, mentions: mentions) }
        let plain = Self.escape(text.plainText)
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: plain.unicodeScalars.prefix(limit - 1))
        var cut = String(scalars)
        // A cut escape would leave a dangling backslash.
        if cut.hasSuffix("\\") { cut.removeLast() }
        return DiscordRenderedPart(content: cut + "…")
    }

    /// The name of a forum post that shows `text`: its first line with text, as a reader sees it (the Roast of the
    /// Day's heading, in the chat's language), cut to Discord's 100 characters; the bot's name when `text` has none.
    /// Thread names are plain text: nothing is escaped.
    public static func postName(of text: RichText) -> String {
        let line = text.plainText.split(whereSeparator: \.isNewline).lazy
            .map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }
        guard let line else { return fallbackPostName }
        guard line.unicodeScalars.count > DiscordLimits.threadName else { return line }
        // Whole characters only, with room for the ellipsis.
        var name = ""
        var length = 0
        for character in line {
            let size = character.unicodeScalars.count
            guard length + size <= DiscordLimits.threadName - 1 else { break }
            name.append(character)
            length += size
        }
        return name.trimmingCharacters(in: .whitespaces) + "…"
    }

    /// The name of a forum post whose text says nothing.
    public static let fallbackPostName = "RoastMeLater"

    private func render(_ text: RichText, visibleLimit: Int) -> [DiscordRenderedPart] {
        var parts: [DiscordRenderedPart] = []
        for piece in MessageSplitter(limit: visibleLimit).split(text) {
            let (content, mentions) = Self.markdown(piece)
            let length = content.unicodeScalars.count
            if length <= limit || visibleLimit <= 2 {
                parts.append(DiscordRenderedPart(content: content, mentions: mentions))
            } else {
                // Markup made it longer than Discord allows: cut this piece finer, in proportion.
                let finer = max(2, min(visibleLimit - 1, visibleLimit * limit / length - 8))
                parts += render(piece, visibleLimit: finer)
            }
        }
        return parts
    }

    // MARK: Buttons

    /// Action rows for `buttons` (empty rows left out), checked against Discord's rules.
    public func components(_ buttons: [[Button]]) throws(DiscordRenderingError) -> [DiscordActionRow] {
        var seen = Set<String>()
        var checked: [[DiscordButton]] = []
        for (rowIndex, row) in buttons.enumerated() where !row.isEmpty {
            var rendered: [DiscordButton] = []
            for (column, button) in row.enumerated() {
                guard button.startsPrivateChat == nil else { throw .deepLinkUnsupported(row: rowIndex, column: column) }
                let label = button.label.trimmingWhitespace()
                guard !label.isEmpty else { throw .emptyLabel(row: rowIndex, column: column) }
                let bytes = button.data.utf8.count
                guard bytes > 0 else { throw .emptyCustomID(row: rowIndex, column: column) }
                guard bytes <= DiscordLimits.customID else { throw .customIDTooLong(row: rowIndex, column: column, bytes: bytes) }
                guard seen.insert(button.data).inserted else { throw .repeatedCustomID(row: rowIndex, column: column) }
                rendered.append(.action(customID: button.data, label: Self.fitted(label)))
            }
            checked.append(rendered)
        }
        let count = checked.reduce(0) { $0 + $1.count }
        guard count <= DiscordLimits.actionRows * DiscordLimits.buttonsPerRow else { throw .tooManyButtons(count: count) }
        var rows = checked.flatMap { $0.chunked(DiscordLimits.buttonsPerRow) }
        if rows.count > DiscordLimits.actionRows { rows = checked.flatMap { $0 }.chunked(DiscordLimits.buttonsPerRow) }
        return rows.map(DiscordActionRow.init)
    }

    /// A label within Discord's 80 characters.
    private static func fitted(_ label: String) -> String {
        guard label.unicodeScalars.count > DiscordLimits.buttonLabel else { return label }
        var cut = ""
        for character in label {
            guard cut.unicodeScalars.count + character.unicodeScalars.count <= DiscordLimits.buttonLabel - 1 else { break }
            cut.append(character)
        }
        return cut + "…"
    }

    // MARK: Markdown

    /// `text` as Discord markdown, and the people its mentions name (in order, once each).
    public static func markdown(_ text: RichText) -> (content: String, mentions: [DiscordUserID]) {
        var content = ""
        var mentions: [DiscordUserID] = []
        for span in text.spans {
            let atLineStart = content.isEmpty || content.hasSuffix("\n")
            switch span {
            case .plain(let text):
                content += escape(text, atLineStart: atLineStart)
            case .bold(let text):
                content += wrapped(text, in: "**", atLineStart: atLineStart)
            case .italic(let text):
                content += wrapped(text, in: "*", atLineStart: atLineStart)
            case .code(let text):
                content += wrapped(text.replacingOccurrences(of: "`", with: "ˋ"), in: "`", escaping: false, atLineStart: atLineStart)
            case .mention(let user, _):
                let id = DiscordUserID(user.rawValue)
                content += "<@\(id)>"
                if !mentions.contains(id) { mentions.append(id) }
            case .link(let url, let text):
                let target = url.replacingOccurrences(of: " ", with: "%20").replacingOccurrences(of: ")", with: "%29")
                content += text.isEmpty ? target : "[\(escape(text))](\(target))"
            }
        }
        return (content, mentions)
    }

    /// `text` between `marker`s, with the whitespace at its ends kept outside (markdown ignores markers next to it).
    private static func wrapped(_ text: String, in marker: String, escaping: Bool = true, atLineStart: Bool) -> String {
        let core = text.trimmingWhitespace()
        guard !core.isEmpty else { return escaping ? escape(text, atLineStart: atLineStart) : text }
        let leading = String(text.prefix { $0.isWhitespace })
        let trailing = String(text.reversed().prefix { $0.isWhitespace }.reversed())
        let inner = escaping ? escape(core, atLineStart: false) : core
        return leading + marker + inner + marker + trailing
    }

    /// Characters that are markdown anywhere in a line.
    private static let inline: Set<Character> = ["\\", "*", "_", "~", "`", "|", "[", "]", "<"]
    /// Characters that are markdown only at the start of a line (headings, lists, quotes, subtext).
    private static let lineStart: Set<Character> = ["#", "-", ">", "+"]

    /// `text` with every markdown character escaped, so that it shows as typed.
    public static func escape(_ text: String, atLineStart: Bool = true) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var startOfLine = atLineStart
        for character in text {
            if inline.contains(character) || (startOfLine && lineStart.contains(character)) { result.append("\\") }
            result.append(character)
            if character.isNewline {
                startOfLine = true
            } else if !(startOfLine && character.isWhitespace) {
                startOfLine = false
            }
        }
        return result
    }
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}

extension Array {
    fileprivate func chunked(_ size: Int) -> [[Element]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
