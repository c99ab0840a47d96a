import RoastCore

/// “Your Roast Stats”: counted locally from the database, never sent anywhere.
public struct RoastStats: Sendable, Hashable {
    /// Roasts the person requested in the chat.
    public var roastsRequested: Int
    /// Reactions other people gave to the person's roasts (their own are not counted).
    public var reactionsReceived: [ReactionKind: Int]
    /// Reactions the person gave, on any roast in the chat.
    public var reactionsGiven: [ReactionKind: Int]
    public var favorites: Int
    /// The person's roasts by category and by spice level.
    public var categories: [RoastCategory: Int]
    public var spice: [SpiceLevel: Int]
    /// The whole chat: every roast (daily ones too) and every reaction on them.
    public var chatRoasts: Int
    public var chatReactions: [ReactionKind: Int]

    public init(
        roastsRequested: Int = 0, reactionsReceived: [ReactionKind: Int] = [:], reactionsGiven: [ReactionKind: Int] = [:],
        favorites: Int = 0, categories: [RoastCategory: Int] = [:], spice: [SpiceLevel: Int] = [:], chatRoasts: Int = 0,
        chatReactions: [ReactionKind: Int] = [:]
    ) {
        self.roastsRequested = roastsRequested
        self.reactionsReceived = reactionsReceived
        self.reactionsGiven = reactionsGiven
        self.favorites = favorites
        self.categories = categories
        self.spice = spice
        self.chatRoasts = chatRoasts
        self.chatReactions = chatReactions
    }
}
