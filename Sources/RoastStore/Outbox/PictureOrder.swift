import CardModel
import ChatPlatform

/// A picture to post as a photo: queued by a handler (which never draws), drawn and posted by the
/// outbox deliverer after commit, off the single writer.
///
/// A card of a stored roast names its ``card`` key: the deliverer posts the photo stored under it
/// when there is one (a card is drawn and uploaded once), stores the photo the platform returns
/// for the next time, and draws the picture again if the platform no longer knows a stored photo.
public struct PictureOrder: Sendable, Hashable, Codable {
    /// What the photo shows.
    public var picture: Picture
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
        picture: Picture, card: CardKey? = nil, requester: UserID? = nil, caption: RichText? = nil, buttons: [[Button]] = [],
        replyTo: MessageID? = nil, topic: TopicID? = nil, fallback: RichText
    ) {
        self.picture = picture
        self.card = card
        self.requester = requester
        self.caption = caption
        self.buttons = buttons
        self.replyTo = replyTo
        self.topic = topic
        self.fallback = fallback
    }
}
