/// One roast from the offline library shipped with the bot.
///
/// Language and category come from the file the roast was read from (premium roasts name their
/// category themselves), so a roast can never be filed under one category and claim another.
public struct LibraryRoast: Sendable, Hashable, Codable, Identifiable {
    /// Stable identifier, `<lang>.<category>.<nnn>` or `<lang>.premium.<category>.<nnn>`; the store
    /// remembers which roasts a user has seen by this id, so it never changes once shipped.
    public let id: String
    public let language: Language
    public let category: RoastCategory
    public let spice: SpiceLevel
    /// The moods this roast suits; empty means it suits any mood.
    public let moods: [Mood]
    public let text: String
    /// Whether it belongs to the Premium pool unlocked by a 7-day streak.
    public let isPremium: Bool

    public init(
        id: String,
        language: Language,
        category: RoastCategory,
        spice: SpiceLevel,
        moods: [Mood],
        text: String,
        isPremium: Bool
    ) {
        self.id = id
        self.language = language
        self.category = category
        self.spice = spice
        self.moods = moods
        self.text = text
        self.isPremium = isPremium
    }

    /// Whether a stored library id names a Premium roast (`<lang>.premium.<category>.<nnn>`, which
    /// the library checks every premium entry's id against).
    public static func isPremiumID(_ id: String) -> Bool {
        id.split(separator: ".").dropFirst().first == Substring(RoastLibrary.premiumFileName)
    }

    /// Whether the roast suits `mood` (roasts without moods suit every mood).
    public func suits(_ mood: Mood) -> Bool {
        moods.isEmpty || moods.contains(mood)
    }
}
