import RoastCore

/// The bot's public address on the platform, which share cards print so that whoever sees one can
/// get a roast too: `t.me/<bot>?start=roast_<category>_<spice>` opens a roast of the same category
/// and spice (``WelcomeFeature`` decodes the `start` payload).
public struct ShareLinks: Sendable, Hashable {
    /// The bot's username without `@`.
    public var botUsername: String

    public init(botUsername: String) { self.botUsername = botUsername }

    /// The product's own name, for the console, which has no account of its own.
    public static let standard = ShareLinks(botUsername: "RoastMeLaterBot")

    /// The `start` payload that asks for a roast of `category` at `spice`.
    public static func startPayload(_ category: RoastCategory, _ spice: SpiceLevel) -> String {
        "roast_\(category.rawValue)_\(spice.rawValue)"
    }

    /// The deep link printed on a card of `category` at `spice`.
    public func roast(_ category: RoastCategory, _ spice: SpiceLevel) -> String {
        "t.me/\(botUsername)?start=\(Self.startPayload(category, spice))"
    }
}
