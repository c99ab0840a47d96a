/// How a reaction arrived.
public enum ReactionSource: String, Sendable, Hashable, Codable, CaseIterable {
    /// One of the bot's inline buttons.
    case button
    /// The platform's own message reactions.
    case native
}
