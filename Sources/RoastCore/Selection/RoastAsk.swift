/// What a roast is being chosen for, and what the rules need to know about whoever gets it.
public struct RoastAsk: Sendable {
    /// Why a roast is chosen; the season rule depends on it.
    public enum Purpose: Sendable, Hashable {
        /// Someone asked: `/roast`, a mention, 🔁, a deep link, a collection's button, inline mode.
        case request
        /// The chat's Roast of the Day: from the running season's collection while one runs.
        case daily
    }

    public var purpose: Purpose
    /// Category, spice, mood (today's, when the request names none) and a collection named in the request.
    public var request: RoastRequest
    /// The collection the person picked in `/collections`; ignored without a word once it is no longer
    /// on offer, and when the request names a collection or asks for regular roasts.
    public var chosenCollection: String?
    public var language: Language
    /// The chat's spice cap.
    public var maxSpice: SpiceLevel
    /// Whether Premium roasts may be drawn (a 7-day streak reached once).
    public var premiumUnlocked: Bool
    /// Library and collection roast ids the person received themselves (a collection is complete when
    /// they had all of its roasts).
    public var served: Set<String>
    /// What the audience saw — their own roasts and the posts the whole chat saw lately — and the chat's
    /// latest roasts: the no-repeat rule's input (``SeenRoasts``).
    public var seen: SeenRoasts
    /// The chat's reaction feedback.
    public var feedback: ReactionFeedback
    /// The chat's local date: which collections and seasons are on offer.
    public var date: LocalDate
    /// For the Roast of the Day: library and collection ids anyone in the chat received lately, with
    /// how many of the chat's days ago (0: today). Those of the last ``RoastSelector/dailyFreshDays``
    /// days are not drawn while any other roast may be.
    public var receivedInChat: [String: Int]
    /// Library and collection ids the chat's Roast of the Day showed everyone today: a request draws
    /// another while it may.
    public var postedToday: Set<String>
    /// The categories to draw from when the request names none (the chat's choice for its Roast of
    /// the Day); empty: every category.
    public var categories: Set<RoastCategory>

    /// The spiciest roast this ask may get: the chat's cap, lowered by the mood's ceiling (stressed:
    /// gentle roasts only) unless the person asked a spice level themselves.
    public var spiceCeiling: SpiceLevel {
        guard request.spice == nil, let ceiling = request.mood?.drawCeiling else { return maxSpice }
        return min(maxSpice, ceiling)
    }

    public init(
        purpose: Purpose = .request, request: RoastRequest, chosenCollection: String? = nil, language: Language, maxSpice: SpiceLevel,
        premiumUnlocked: Bool = false, served: Set<String> = [], seen: SeenRoasts? = nil, feedback: ReactionFeedback = .none,
        date: LocalDate, receivedInChat: [String: Int] = [:], postedToday: Set<String> = [], categories: Set<RoastCategory> = []
    ) {
        self.purpose = purpose
        self.request = request
        self.chosenCollection = chosenCollection
        self.language = language
        self.maxSpice = maxSpice
        self.premiumUnlocked = premiumUnlocked
        self.served = served
        self.seen = seen ?? SeenRoasts(served: served)
        self.feedback = feedback
        self.date = date
        self.receivedInChat = receivedInChat
        self.postedToday = postedToday
        self.categories = categories
    }
}
