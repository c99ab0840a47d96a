/// The user's mood today; it shapes the roast's tone.
///
/// The library tags roasts with moods by one scheme in both languages (checked on the shipped
/// library by a test; `config/library/README.md` says the same for whoever writes roasts):
/// - every roast carries one or two moods, each on a roast whose spice lies in ``taggedSpice``
///   (`stressed` 1–2, `tired` 1–3, `frustrated` and `annoyed` 2–5, `bored` any);
/// - a mood tag means the roast has that mood's tone (``promptModifier``): `stressed` supportive
///   and light-hearted, `frustrated` cathartic, `bored` unexpected, `tired` energizing, `annoyed`
///   validating;
/// - every category has at least ``minimumRoastsPerCategory`` roasts of each mood in each language
///   (``minimumPremiumRoastsPerCategory`` in the Premium pool), so a mood shapes any request.
public enum Mood: String, Sendable, Hashable, Codable, CaseIterable {
    case stressed
    case frustrated
    case bored
    case tired
    case annoyed

    /// The tone instruction added to an AI prompt.
    public var promptModifier: String {
        switch self {
        case .stressed: "supportive and light-hearted"
        case .frustrated: "cathartic and relatable"
        case .bored: "creative and unexpected"
        case .tired: "energizing and motivational"
        case .annoyed: "validating and humorous"
        }
    }

    /// The spice levels a roast tagged with this mood may have.
    public var taggedSpice: ClosedRange<SpiceLevel> {
        switch self {
        case .stressed: .mildest...SpiceLevel(clamping: 2)
        case .tired: .mildest...SpiceLevel(clamping: 3)
        case .frustrated, .annoyed: SpiceLevel(clamping: 2)...(.hottest)
        case .bored: .mildest...(.hottest)
        }
    }

    /// The spiciest roast drawn for someone in this mood unless they asked for a spice level
    /// themselves: a stressed person gets gentle roasts only. Nil: the chat's cap alone.
    public var drawCeiling: SpiceLevel? {
        self == .stressed ? taggedSpice.upperBound : nil
    }

    /// Fewest regular roasts of each mood per language and category in the library.
    public static let minimumRoastsPerCategory = 3
    /// Fewest Premium roasts of each mood per language and category.
    public static let minimumPremiumRoastsPerCategory = 1

    public var emoji: String {
        switch self {
        case .stressed: "😰"
        case .frustrated: "😤"
        case .bored: "🥱"
        case .tired: "😴"
        case .annoyed: "🙄"
        }
    }

    public func name(in language: Language) -> String {
        switch (self, language) {
        case (.stressed, .en): "Stressed"
        case (.stressed, .vi): "Căng thẳng"
        case (.frustrated, .en): "Frustrated"
        case (.frustrated, .vi): "Bực bội"
        case (.bored, .en): "Bored"
        case (.bored, .vi): "Chán"
        case (.tired, .en): "Tired"
        case (.tired, .vi): "Mệt"
        case (.annoyed, .en): "Annoyed"
        case (.annoyed, .vi): "Khó chịu"
        }
    }
}
