/// The payload of a deep link into the bot's private chat (`t.me/<bot>?start=export_42`), which
/// arrives as `/start export_42`: a tag naming what the link does, then its fields, joined by `_`.
/// Each feature owns its tags, like button payload tags; the router finds the owner by tag.
///
/// Platforms allow only `A-Z a-z 0-9 _ -` and 64 characters, so fields never hold `_`.
public struct StartLink: Sendable, Hashable {
    public let tag: String
    public let fields: [String]

    public init(_ tag: String, _ fields: String...) {
        self.tag = tag
        self.fields = fields
    }

    /// Splits `text` into its tag (lower-cased) and fields; nil for text without a tag.
    public init?(parsing text: String) {
        let parts = text.split(separator: "_", omittingEmptySubsequences: false)
        guard let tag = parts.first, !tag.isEmpty else { return nil }
        self.tag = tag.lowercased()
        self.fields = parts.dropFirst().map(String.init)
    }

    /// The text the link carries.
    public var encoded: String {
        ([tag] + fields).joined(separator: "_")
    }
}
