import RoastCore

/// A visual style for share cards. Every template draws a background of its own for each category.
public enum CardTemplate: String, Sendable, Hashable, Codable, CaseIterable {
    /// The app's crimson gradient, white type.
    case crimson
    /// Deep navy with the category's colour glowing in a corner, white type.
    case midnight
    /// Warm paper, navy serif type, the category's colour as a band.
    case paper
    /// Premium: a dark ember glow with sand-gold type and a fine frame.
    case ember
    /// Premium: a sand-to-crimson sunset with the roast on a white panel.
    case sunset

    /// Premium templates are offered once a person has reached a 7-day streak.
    public var isPremium: Bool {
        switch self {
        case .crimson, .midnight, .paper: false
        case .ember, .sunset: true
        }
    }

    public static var standard: [CardTemplate] { allCases.filter { !$0.isPremium } }
    public static var premium: [CardTemplate] { allCases.filter(\.isPremium) }

    /// The templates a person may pick: the premium ones only when unlocked.
    public static func available(premiumUnlocked: Bool) -> [CardTemplate] {
        premiumUnlocked ? allCases : standard
    }

    /// The template's name for a picker button.
    public func name(in language: Language) -> String {
        switch (self, language) {
        case (.crimson, _): "Crimson"
        case (.midnight, _): "Midnight"
        case (.paper, .en): "Paper"
        case (.paper, .vi): "Giấy"
        case (.ember, .en): "Ember"
        case (.ember, .vi): "Than hồng"
        case (.sunset, .en): "Sunset"
        case (.sunset, .vi): "Hoàng hôn"
        }
    }
}
