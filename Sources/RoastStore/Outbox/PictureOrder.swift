import CardModel
import ChatPlatform

/// A photo to post once the picture exists: queued by a handler (which never draws), drawn and
/// posted by the outbox deliverer after commit, off the single writer.
///
/// A card of a stored roast names its ``card`` key: the deliverer posts the photo stored under it
/// when there is one (a second press never draws or uploads the card again), and stores the photo
/// the platform returns for the next time.
public struct PictureOrder: Sendable, Hashable, Codable {
    /// What to post.
    public enum Source: Sendable, Hashable, Codable {
        /// A photo the platform stored before.
        case stored(StoredPhotoID)
        /// A picture to draw first.
        case draw(Picture)
    }

    public var source: Source
    /// The card this picture is, when it shows a stored roast.
    public var card: CardKey?
    /// Who asked for it (their inline mode offers the cards they asked for first).
    public var requester: UserID?
    public var caption: RichText?
    public var buttons: [[Button]]
    /// Post as a reply to this message, when it still exists.
    public var replyTo: MessageID?
    /// Post in this topic (forum thread) of the chat; nil posts in the chat's main thread.
    public var topic: TopicID?
    /// Posted as a message instead when the picture cannot be drawn.
    public var fallback: RichText

    public init(
        source: Source, card: CardKey? = nil, requester: UserID? = nil, caption: RichText? = nil, buttons: [[Button]] = [],
        replyTo: MessageID? = nil, topic: TopicID? = nil, fallback: RichText
    ) {
        self.source = source
        self.card = card
        self.requester = requester
        self.caption = caption
        self.buttons = buttons
        self.replyTo = replyTo
        self.topic = topic
        self.fallback = fallback
    }
}
