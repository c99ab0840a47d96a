/// An event the platform wants answered (Telegram: a button press, by its callback query; Discord:
/// every interaction — slash commands and button presses — within 3 seconds), named by a handle only
/// its adapter understands.
///
/// The handle travels with the event and with every delivery the event causes (in the outbox, see
/// ``Destination/interaction``), so that an adapter can post the replies as the interaction's own
/// answer. It is stored in the database until the delivery is done: it must not be a credential (a
/// Discord adapter keeps an interaction's token in memory under its id, and puts the id here).
public struct Interaction: Sendable, Hashable, Codable {
    public var handle: String

    public init(handle: String) {
        self.handle = handle
    }
}

/// How the bot answers an ``Interaction``.
public enum InteractionAnswer: Sendable, Hashable {
    /// The event is still being handled: the platform should show that the bot is on it (Discord:
    /// a deferred response). Its replies follow through the outbox, and ``handled(notice:replies:)``
    /// still comes. Telegram has nothing to do.
    case deferred
    /// The event was handled. `notice`: a short text for the person alone (Telegram: the toast of a
    /// button press). `replies`: how many deliveries the event queued, each marked with this
    /// interaction (``Destination/interaction``); 0 when nothing follows, the notice (if any) being
    /// the whole answer.
    case handled(notice: String?, replies: Int)
}
