/// Why a roast was posted.
public enum RoastKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// Someone asked for it; counts toward their profile's roast count.
    case requested
    /// The scheduled daily roast of a chat.
    case daily
}
