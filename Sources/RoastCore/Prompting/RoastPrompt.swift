/// The chat-completions prompt for one AI roast, built from the request and the chat's context.
///
/// The system message fixes the voice and the bans (no protected traits, no names, one or two
/// sentences, at most 280 characters); the user message asks for one roast with the category, spice
/// guidance, mood modifier, collection modifier and the chat's reaction feedback. Pure.
public struct RoastPrompt: Sendable, Hashable {
    public var language: Language
    public var category: RoastCategory
    public var spice: SpiceLevel
    public var mood: Mood?
    /// Extra direction from a collection (“Lunar New Year: family visits and red envelopes”).
    public var collectionModifier: String?
    /// From ``ReactionFeedback/promptAdjustment(for:)``.
    public var feedbackAdjustment: String?

    public init(
        language: Language, category: RoastCategory, spice: SpiceLevel, mood: Mood? = nil, collectionModifier: String? = nil,
        feedbackAdjustment: String? = nil
    ) {
        self.language = language
        self.category = category
        self.spice = spice
        self.mood = mood
        self.collectionModifier = collectionModifier
        self.feedbackAdjustment = feedbackAdjustment
    }

    public var system: String {
        """
        You write short, witty, light-hearted roasts about office life for a team chat. \
        Roast situations, never people. \
        Never mention or allude to gender, age, religion, ethnicity, region or hometown, body or looks, \
        disability or health, or sexuality. Never use names, slurs, swearing or sexual content. \
        Answer with the roast only: one or two sentences, at most \(SafetyFilter.maximumLength) characters, \
        no quotes, no hashtags, no preamble.
        """
    }

    public var user: String {
        var lines = [
            "Write one roast in \(language.promptName) about \(category.promptName).",
            "Spice level \(spice.rawValue) of 5: \(spice.guidance).",
        ]
        if let mood { lines.append("The reader feels \(mood.rawValue) today; make the tone \(mood.promptModifier).") }
        if let collectionModifier, !collectionModifier.isEmpty { lines.append("Theme: \(collectionModifier).") }
        if let feedbackAdjustment, !feedbackAdjustment.isEmpty { lines.append(feedbackAdjustment) }
        if language == .vi { lines.append("Use natural Vietnamese with full diacritics.") }
        return lines.joined(separator: "\n")
    }

    /// `system` then `user`, as chat-completions messages.
    public var messages: [(role: String, content: String)] {
        [("system", system), ("user", user)]
    }
}

extension SpiceLevel {
    /// How sharp the roast should be, in the app's words.
    public var guidance: String {
        switch rawValue {
        case 1: "gentle and cute"
        case 2: "witty wordplay"
        case 3: "sarcastic"
        case 4: "sharp but professional"
        default: "savage but clever, never cruel"
        }
    }
}

extension RoastCategory {
    /// The category as a phrase inside an English prompt.
    public var promptName: String {
        switch self {
        case .deadlines: "deadlines"
        case .meetings: "meetings"
        case .kpis: "KPIs and targets"
        case .codeReviews: "code reviews"
        case .workload: "workload and overtime"
        case .colleagues: "everyday life with colleagues (situations, not individuals)"
        case .management: "management and corporate decisions"
        case .general: "office life in general"
        }
    }
}

extension Language {
    /// The language's English name, for prompts.
    public var promptName: String {
        switch self {
        case .vi: "Vietnamese"
        case .en: "English"
        }
    }
}
