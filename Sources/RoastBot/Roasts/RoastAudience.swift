import ChatPlatform
import RoastCore
import RoastStore

/// What the roast rules need to know about whoever asks for a roast in a chat — their mood today,
/// their collection pick, what they and the whole chat saw, the chat's feedback, the Premium unlock — read
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
        let received = try person.map { try tx.libraryIDsServed(chat: chat.chatID, user: $0) } ?? [:]
        return RoastAsk(
            request: request, chosenCollection: try person.flatMap { try tx.chosenCollection(chat: chat.chatID, user: $0) },
            language: chat.language, maxSpice: chat.maxSpice,
            premiumUnlocked: try person.flatMap { try tx.streak(chat: chat.chatID, user: $0)?.premiumUnlocked(.standard) } ?? false,
            served: Set(received.keys), seen: try seen(received, chat: chat, on: date, tx),
            feedback: ReactionFeedback(recent: try tx.ratedRoasts(chat: chat.chatID, limit: feedbackHistory)), date: date,
            postedToday: try tx.dailyLibraryIDs(chat: chat.chatID, since: date.start(in: chat.zone)))
    }

    /// What a member saw: the roasts they received, the chat's posts for everyone of the last
    /// ``RoastSelector/dailyFreshDays`` days (seen by every member), and the chat's latest roasts.
    static func seen(_ received: [String: Int64], chat: ChatSettings, on date: LocalDate, _ tx: borrowing StoreTransaction) throws
        -> SeenRoasts
    {
        let since = date.adding(days: -RoastSelector.dailyFreshDays).start(in: chat.zone)
        let shown = try tx.libraryIDsShownToAll(chat: chat.chatID, since: since)
        return SeenRoasts(
            lastSeen: received.merging(shown, uniquingKeysWith: max),
            latestInChat: try tx.latestLibraryIDs(chat: chat.chatID, limit: SeenRoasts.latestWindow))
    }

    /// The request 🔁 makes on `original`: the same category, spice, mood and collection.
    static func request(like original: StoredRoast) -> RoastRequest {
        RoastRequest(category: original.category, spice: original.spice, mood: original.mood, collection: original.collection)
    }
}
