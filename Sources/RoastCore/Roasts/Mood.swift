/// The user's mood today; it shapes the roast's tone.
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
