import ChatPlatform
import RoastCore

/// The bot's public address on the platform, which share cards print so that whoever sees one can
/// get a roast too: the platform's deep link (Telegram: `t.me/<bot>?start=roast_<category>_<spice>`)
/// opens a roast of the same category and spice (``WelcomeFeature`` decodes the `start` payload). A
/// platform without deep links prints none.
public struct ShareLinks: Sendable, Hashable {
    /// The deep link without its payload; nil when the platform has none.
    public var prefix: String?

    /// The links of a platform with `deepLinks` (``PlatformProfile/deepLinks``).
    public init(_ deepLinks: PlatformProfile.DeepLinks?) { self.prefix = deepLinks?.publicPrefix }

    /// The `start` payload that asks for a roast of `category` at `spice`.
    public static func startPayload(_ category: RoastCategory, _ spice: SpiceLevel) -> String {
        "roast_\(category.rawValue)_\(spice.rawValue)"
    }

    /// The deep link printed on a card of `category` at `spice`; empty without deep links.
    public func roast(_ category: RoastCategory, _ spice: SpiceLevel) -> String {
        prefix.map { $0 + Self.startPayload(category, spice) } ?? ""
    }
}
