/// A Discord locale code (`vi`, `en-US`, …): the user's `locale`, the guild's `preferred_locale`, and the keys of
/// command localizations. Any text is kept, so a locale Discord adds later still decodes.
/// <https://discord.com/developers/docs/reference#locales>
public struct DiscordLocale: RawRepresentable, Hashable, Sendable, Codable, CodingKeyRepresentable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public static let vietnamese = DiscordLocale(rawValue: "vi")
    public static let englishUS = DiscordLocale(rawValue: "en-US")
    public static let englishUK = DiscordLocale(rawValue: "en-GB")

    /// Whether this is Vietnamese (`vi`, or a regional form of it).
    public var isVietnamese: Bool { rawValue == "vi" || rawValue.hasPrefix("vi-") }

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    // A dictionary keyed by locale encodes as a JSON object (localization maps), not as an array of pairs.
    public var codingKey: any CodingKey { LocaleKey(stringValue: rawValue) }

    public init?<T: CodingKey>(codingKey: T) { self.rawValue = codingKey.stringValue }

    private struct LocaleKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
