import CardModel
import ChatPlatform

/// What a queued photo shows until it is delivered: a picture still to be drawn. A handler queues it
/// (handlers never draw); the outbox deliverer draws it after commit, off the single writer, and
/// hands the platform a PNG — or, for a card posted before, the photo the platform stored for it.
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
    /// Posted as a message instead when the picture cannot be drawn.
    public var fallback: RichText

    public init(picture: Picture, card: CardKey? = nil, requester: UserID? = nil, fallback: RichText) {
        self.picture = picture
        self.card = card
        self.requester = requester
        self.fallback = fallback
    }
}

/// An outgoing action as the outbox keeps it: a photo is a picture still to be drawn.
public typealias QueuedAction = OutgoingAction<PictureOrder>

/// A photo as the outbox keeps it.
public typealias QueuedPhoto = Photo<PictureOrder>
