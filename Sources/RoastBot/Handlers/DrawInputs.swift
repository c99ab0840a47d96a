import ChatPlatform
import RoastCore
import RoastStore

/// What a library draw reads about a chat and its sender — the roasts already served to them and the
/// chat's reaction feedback — read by the pipeline before the event's transaction, on the database's
/// snapshot connection, so that the single writer does not spend its time on it (it was a third of a
/// /roast's work there; pipeline benchmark).
///
/// Inputs read early are valid only if nothing changed them in between. Each chat's events are
/// applied one after another (the next one is prepared only after the previous one committed), and
/// reactions, forgets and roast requests are all events of their chat; but scheduled posts add roasts
/// outside that order, and a migration moves a chat's roasts away. So the handler uses the inputs only
/// while the chat's newest roast is still ``latestRoast`` and reads them again otherwise: the draw is
/// the same as if everything had been read inside the transaction.
public struct DrawInputs: Sendable, Hashable {
    /// Library ids the sender already received in the chat.
    public var served: Set<String>
    public var feedback: ReactionFeedback
    /// The chat's newest roast when the inputs were read (nil: it had none).
    public var latestRoast: RoastID?

    /// Reads the inputs for `sender` in `chat`.
    public init(chat: ChatID, sender: UserID?, _ tx: borrowing StoreTransaction) throws {
        latestRoast = try tx.latestRoastID(chat: chat)
        served = try sender.map { try tx.libraryIDsServed(chat: chat, user: $0) } ?? []
        feedback = ReactionFeedback(recent: try tx.ratedRoasts(chat: chat, limit: RoastHandler.feedbackHistory))
    }
}
