/// A per-profile count kept for badges when no other table can derive it (shares happen in other
/// chats and leave no roast row behind). Stored by `rawValue`: never rename a shipped one.
public struct ProfileCounter: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Roasts shared through inline mode.
    public static let shares = ProfileCounter(rawValue: "shares")
}
