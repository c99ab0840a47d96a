/// The bot's secret token, sent as `Authorization: Bot <token>`.
///
/// Printing, debug-printing, dumping or reflecting it shows `<redacted>`: the secret is reachable only inside this
/// module, where it goes into the header and is scrubbed out of every error.
/// <https://discord.com/developers/docs/reference#authentication>
public struct DiscordBotToken: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    let secret: String

    public init(_ secret: String) {
        var text = Substring(secret)
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        // Operators paste the header value too ("Bot MTA…"); the prefix is ours to add.
        if text.hasPrefix("Bot ") { text = text.dropFirst(4) }
        self.secret = String(text)
    }

    /// Whether it looks like a bot token: non-empty, printable ASCII without spaces (a line break would end the
    /// header early).
    public var isWellFormed: Bool {
        !secret.isEmpty && secret.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
    }

    var authorization: String { "Bot \(secret)" }

    public var description: String { "<redacted>" }
    public var debugDescription: String { "DiscordBotToken(<redacted>)" }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }

    /// `text` with every occurrence of the token replaced by `<redacted>`.
    func scrub(_ text: String) -> String {
        guard secret.count >= 4 else { return text }
        return text.replacingOccurrences(of: secret, with: "<redacted>")
    }
}
