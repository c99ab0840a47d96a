/// Something the bot does in a chat — the one type every outgoing action has from the handler that
/// decides it, through the outbox that keeps it until commit (in one versioned format), to the
/// platform that performs it.
///
/// `Image` is what a photo shows at each stage: the outbox keeps the description of a picture still
/// to be drawn (RoastStore's `PictureOrder`); the platform receives a PNG or a photo it stored
/// (``PhotoImage``, see ``PlatformAction``). Any other action is the same at every stage
/// (``withoutPhoto()``).
public enum OutgoingAction<Image: Sendable & Hashable>: Sendable, Hashable {
    /// Post a message.
    case send(OutgoingMessage)
    /// Replace the text and buttons of a message the bot posted earlier.
    case edit(MessageID, OutgoingMessage)
    /// Replace only the buttons of a message the bot posted earlier (a count on a button changed,
    /// nothing else): its text stays as it is.
    case editButtons(MessageID, [[Button]])
    /// Send a file.
    case document(OutgoingDocument)
    /// Post a photo.
    case photo(Photo<Image>)
    /// Replace the picture of a photo the bot posted earlier, with its caption and buttons (a card
    /// shown in another style): the message stays where it is, so the photo's `replyTo` and `topic`
    /// are not used. Like ``photo(_:)``, its image is made ready first.
    case editPhoto(MessageID, Photo<Image>)
}

extension OutgoingAction {
    /// The same action for any kind of image, when it shows none; nil for a photo or a photo's edit,
    /// whose image must be made ready first (the outbox draws a queued picture just before it is
    /// delivered).
    public func withoutPhoto<Other: Sendable & Hashable>(_: Other.Type = Other.self) -> OutgoingAction<Other>? {
        switch self {
        case .send(let message): .send(message)
        case .edit(let target, let message): .edit(target, message)
        case .editButtons(let target, let buttons): .editButtons(target, buttons)
        case .document(let document): .document(document)
        case .photo, .editPhoto: nil
        }
    }

    /// The message this action edits, if it edits one.
    public var editedMessage: MessageID? {
        switch self {
        case .edit(let target, _), .editButtons(let target, _), .editPhoto(let target, _): target
        case .send, .document, .photo: nil
        }
    }
}
