import ChatPlatform
import RoastCore
import RoastStore

/// What the roast rules need to know about whoever asks for a roast in a chat — their mood today,
/// their collection pick, what they were served, the chat's feedback, the Premium unlock — read
/// from the store, inside the event's transaction or, for the AI, just before it.
enum RoastAudience {
    /// How many of the chat's latest roasts feed ``ReactionFeedback`` (those with reactions count).
    static let feedbackHistory = 200

    /// The ask for `request` by `person` in `chat` on the chat's local `date`; today's mood applies
    /// when the request names none.
    static func ask(_ request: RoastRequest, chat: ChatSettings, person: UserID?, on date: LocalDate, _ tx: borrowing StoreTransaction)
        throws -> RoastAsk
    {
        var request = request
        if request.mood == nil, let person { request.mood = try tx.mood(chat: chat.chatID, user: person, on: date) }
        return RoastAsk(
            request: request, chosenCollection: try person.flatMap { try tx.chosenCollection(chat: chat.chatID, user: $0) },
            language: chat.language, maxSpice: chat.maxSpice,
            premiumUnlocked: try person.flatMap { try tx.streak(chat: chat.chatID, user: $0)?.premiumUnlocked(.standard) } ?? false,
            served: try person.map { try tx.libraryIDsServed(chat: chat.chatID, user: $0) } ?? [],
            feedback: ReactionFeedback(recent: try tx.ratedRoasts(chat: chat.chatID, limit: feedbackHistory)), date: date,
            postedToday: try tx.dailyLibraryIDs(chat: chat.chatID, since: date.start(in: chat.zone)))
    }

    /// The request 🔁 makes on `original`: the same category, spice, mood and collection.
    static func request(like original: StoredRoast) -> RoastRequest {
        RoastRequest(category: original.category, spice: original.spice, mood: original.mood, collection: original.collection)
    }
}
