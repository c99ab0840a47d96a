/// A button's payload: a tag naming what the button does, then its fields, joined by `:`
/// (`r:123:f`). Each feature owns its tags and encodes and decodes its own fields; the router finds
/// the owner by tag. Platforms limit the payload's size (Telegram: 64 bytes), which their adapter checks.
public struct CallbackPayload: Sendable, Hashable {
    public let tag: String
    public let fields: [String]

    public init(_ tag: String, _ fields: String...) {
        self.tag = tag
        self.fields = fields
    }

    /// Splits `text` into its tag and fields; nil for text without a tag.
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard let tag = parts.first, !tag.isEmpty else { return nil }
        self.tag = String(tag)
        self.fields = parts.dropFirst().map(String.init)
    }

    /// The text a button carries.
    public var encoded: String {
        fields.isEmpty ? tag : tag + ":" + fields.joined(separator: ":")
    }
}
