/// A place the bot delivers to: Telegram, the console, Discord.
///
/// A platform describes itself once (``profile``), performs the bot's outgoing actions and answers
/// the events it wants answered. Everything the core knows about a platform comes through this
/// protocol: the core never assumes one platform's rules (how long a message may be, how a person is
/// reached privately, what must be acknowledged).
///
/// Implementations handle their own transport concerns (rendering, splitting a long message at
/// their limit, rate limits, `retry_after`, retries of transient faults) and throw
/// ``DeliveryError`` only for outcomes the bot must decide about.
public protocol ChatPlatform: Sendable {
    /// What this platform is like; the same value for the life of the platform.
    var profile: PlatformProfile { get }
    /// Performs `action` at `destination` (posts, edits, sends a file or a photo, changes a photo).
    func perform(_ action: PlatformAction, at destination: Destination) async throws(DeliveryError) -> Delivered
    /// Answers an event that carried `interaction` (``IncomingEnvelope/interaction``): once with
    /// ``InteractionAnswer/handled(notice:replies:)`` after its transaction committed, and before that
    /// with ``InteractionAnswer/deferred`` when its answer is late for the platform's deadline.
    func answer(_ interaction: Interaction, with answer: InteractionAnswer) async throws(DeliveryError)
}

/// An action as a platform performs it: a photo shows a PNG to upload or a photo the platform stored.
public typealias PlatformAction = OutgoingAction<PhotoImage>

/// What a platform reports about a performed action.
public struct Delivered: Sendable, Hashable {
    /// The message posted (the last part of one split at the platform's limit); nil for an edit.
    public var message: MessageID?
    /// For a photo, or a photo's edit: the id that shows the same picture again without an upload
    /// (nil when the platform gave none — then a card is uploaded each time — or when an edit changed
    /// nothing).
    public var storedPhoto: StoredPhotoID?

    public init(message: MessageID?, storedPhoto: StoredPhotoID? = nil) {
        self.message = message
        self.storedPhoto = storedPhoto
    }
}

/// Delivery outcomes the bot must act on.
public enum DeliveryError: Error, Sendable, Hashable {
    /// The bot can no longer post in this chat (kicked, blocked, chat deleted) — or, for a private
    /// destination, can no longer reach this person privately.
    case chatUnavailable
    /// The group moved to a supergroup with a new id.
    case migrated(to: ChatID)
    /// The platform refused this message for good (bad request); retrying will not help.
    case rejected(reason: String)
    /// The platform could not be reached now; the message stays queued.
    case unavailable(reason: String)
    /// Shutting down before the message could be delivered; it stays queued.
    case cancelled
}
