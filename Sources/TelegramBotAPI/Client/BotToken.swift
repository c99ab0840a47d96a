import Foundation

/// A bot's secret token (`123456:ABC-DEF…`).
///
/// Printing, debug-printing, dumping or reflecting it shows `<redacted>`: the secret is reachable only
/// inside this module, where it is put into request URLs and scrubbed out of every error.
public struct BotToken: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    let secret: String

    public init(_ secret: String) {
        self.secret = secret.trimmingWhitespace()
    }

    /// The bot's user id, which Telegram puts before the colon; not secret.
    public var botID: Int64? {
        guard let colon = secret.firstIndex(of: ":") else { return nil }
        return Int64(secret[..<colon])
    }

    /// Whether the token has Telegram's shape: digits, a colon, then a non-empty secret.
    public var isWellFormed: Bool {
        guard let colon = secret.firstIndex(of: ":"), botID != nil else { return false }
        return secret.index(after: colon) < secret.endIndex
    }

    public var description: String { "<redacted>" }
    public var debugDescription: String { "BotToken(<redacted>)" }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }

    /// `text` with every occurrence of the token, and of its secret part, replaced by `<redacted>`.
    func scrub(_ text: String) -> String {
        var result = text
        for needle in [secret, secretPart] where needle.count >= 4 {
            result = result.replacingOccurrences(of: needle, with: "<redacted>")
        }
        return result
    }

    private var secretPart: String {
        guard let colon = secret.firstIndex(of: ":") else { return secret }
        return String(secret[secret.index(after: colon)...])
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
