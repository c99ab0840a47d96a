import CardModel
import ChatPlatform
import Foundation

/// What one outbox row delivers besides its chat (a column): the action, and to whom inside the chat
/// and in answer to what. This is the one stored format of outgoing actions, versioned; every row is
/// read by the `Codable` conformance here and written by ``json`` beside it (the two are proven to
/// agree by `OutboxRecordTests`).
///
/// Version 2 (written since the outbox carried destinations) is an object with the version, the
/// action, and the destination's person and interaction when set:
/// `{"action":{"message":…,"type":"send"},"interaction":{"handle":"…"},"person":42,"v":2}`.
/// An action is an object with explicit keys, so that the stored form does not depend on Swift's
/// synthesized enum coding: `send` (`message`), `edit` (`target`, `message`), `buttons` (`target`,
/// `buttons`), `document` (`filename`, `contents` in base64, `caption`, `replyTo`, `topic`),
/// `photo` (`photo`: its `image` — the ``PictureOrder`` — `caption`, `buttons`, `replyTo`, `topic`)
/// and `editPhoto` (`target`, `photo` as for `photo`). `editPhoto` was added to version 2 without a
/// new version: every row written before it still reads the same, and a version that does not know
/// it fails such a row as unreadable rather than blocking its chat.
///
/// Version 1 (rows written before; no `v`) is the action object alone, and a picture was
/// `{"picture":{…caption, buttons, replyTo, topic and the order's fields…},"type":"picture"}`. It is
/// still read, so rows queued by an older version deliver after an upgrade; it is never written.
public struct OutboxRecord: Sendable, Hashable {
    /// The version ``json`` writes.
    public static let version = 2

    public var action: QueuedAction
    /// Only this person sees it (``Destination/person``).
    public var person: UserID?
    /// The interaction it answers (``Destination/interaction``).
    public var interaction: Interaction?

    public init(action: QueuedAction, person: UserID? = nil, interaction: Interaction? = nil) {
        self.action = action
        self.person = person
        self.interaction = interaction
    }
}

extension OutboxRecord: Codable {
    private enum Keys: String, CodingKey {
        case v, action, person, interaction
    }

    private enum ActionKeys: String, CodingKey {
        case type, message, target, buttons, filename, contents, caption, replyTo, topic, photo, picture
    }

    private enum PhotoKeys: String, CodingKey {
        case image, caption, buttons, replyTo, topic
    }

    private enum Kind: String, Codable {
        case send, edit, buttons, document, photo, editPhoto
        /// Version 1's photo.
        case picture
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        guard let version = try container.decodeIfPresent(Int.self, forKey: .v) else {
            // Version 1: the whole object is the action.
            self.init(action: try Self.action(from: try decoder.container(keyedBy: ActionKeys.self)))
            return
        }
        guard version == 2 else {
            throw DecodingError.dataCorruptedError(forKey: .v, in: container, debugDescription: "outbox format \(version) is newer")
        }
        self.init(
            action: try Self.action(from: try container.nestedContainer(keyedBy: ActionKeys.self, forKey: .action)),
            person: try container.decodeIfPresent(UserID.self, forKey: .person),
            interaction: try container.decodeIfPresent(Interaction.self, forKey: .interaction))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(Self.version, forKey: .v)
        try container.encodeIfPresent(person, forKey: .person)
        try container.encodeIfPresent(interaction, forKey: .interaction)
        var action = container.nestedContainer(keyedBy: ActionKeys.self, forKey: .action)
        switch self.action {
        case .send(let message):
            try action.encode(Kind.send, forKey: .type)
            try action.encode(message, forKey: .message)
        case .edit(let target, let message):
            try action.encode(Kind.edit, forKey: .type)
            try action.encode(target, forKey: .target)
            try action.encode(message, forKey: .message)
        case .editButtons(let target, let buttons):
            try action.encode(Kind.buttons, forKey: .type)
            try action.encode(target, forKey: .target)
            try action.encode(buttons, forKey: .buttons)
        case .document(let document):
            try action.encode(Kind.document, forKey: .type)
            try action.encode(document.filename, forKey: .filename)
            try action.encode(Data(document.contents), forKey: .contents)
            try action.encodeIfPresent(document.caption, forKey: .caption)
            try action.encodeIfPresent(document.replyTo, forKey: .replyTo)
            try action.encodeIfPresent(document.topic, forKey: .topic)
        case .photo(let photo):
            try action.encode(Kind.photo, forKey: .type)
            try Self.encode(photo, into: action.nestedContainer(keyedBy: PhotoKeys.self, forKey: .photo))
        case .editPhoto(let target, let photo):
            try action.encode(Kind.editPhoto, forKey: .type)
            try action.encode(target, forKey: .target)
            try Self.encode(photo, into: action.nestedContainer(keyedBy: PhotoKeys.self, forKey: .photo))
        }
    }

    private static func encode(_ photo: QueuedPhoto, into container: KeyedEncodingContainer<PhotoKeys>) throws {
        var fields = container
        try fields.encode(photo.image, forKey: .image)
        try fields.encodeIfPresent(photo.caption, forKey: .caption)
        try fields.encode(photo.buttons, forKey: .buttons)
        try fields.encodeIfPresent(photo.replyTo, forKey: .replyTo)
        try fields.encodeIfPresent(photo.topic, forKey: .topic)
    }

    private static func photo(from container: KeyedDecodingContainer<ActionKeys>) throws -> QueuedPhoto {
        let fields = try container.nestedContainer(keyedBy: PhotoKeys.self, forKey: .photo)
        return Photo(
            image: try fields.decode(PictureOrder.self, forKey: .image),
            caption: try fields.decodeIfPresent(RichText.self, forKey: .caption),
            buttons: try fields.decode([[Button]].self, forKey: .buttons),
            replyTo: try fields.decodeIfPresent(MessageID.self, forKey: .replyTo),
            topic: try fields.decodeIfPresent(TopicID.self, forKey: .topic))
    }

    private static func action(from container: KeyedDecodingContainer<ActionKeys>) throws -> QueuedAction {
        switch try container.decode(Kind.self, forKey: .type) {
        case .send:
            return .send(try container.decode(OutgoingMessage.self, forKey: .message))
        case .edit:
            return .edit(
                try container.decode(MessageID.self, forKey: .target), try container.decode(OutgoingMessage.self, forKey: .message))
        case .buttons:
            return .editButtons(
                try container.decode(MessageID.self, forKey: .target), try container.decode([[Button]].self, forKey: .buttons))
        case .document:
            return .document(
                OutgoingDocument(
                    filename: try container.decode(String.self, forKey: .filename),
                    contents: [UInt8](try container.decode(Data.self, forKey: .contents)),
                    caption: try container.decodeIfPresent(RichText.self, forKey: .caption),
                    replyTo: try container.decodeIfPresent(MessageID.self, forKey: .replyTo),
                    topic: try container.decodeIfPresent(TopicID.self, forKey: .topic)))
        case .photo:
            return .photo(try photo(from: container))
        case .editPhoto:
            return .editPhoto(try container.decode(MessageID.self, forKey: .target), try photo(from: container))
        case .picture:
            return .photo(try container.decode(VersionOnePicture.self, forKey: .picture).photo)
        }
    }

    /// A picture as version 1 stored it: the photo's fields and the order's in one object.
    private struct VersionOnePicture: Decodable {
        var picture: Picture
        var card: CardKey?
        var requester: UserID?
        var caption: RichText?
        var buttons: [[Button]]
        var replyTo: MessageID?
        var topic: TopicID?
        var fallback: RichText

        var photo: QueuedPhoto {
            Photo(
                image: PictureOrder(picture: picture, card: card, requester: requester, fallback: fallback), caption: caption,
                buttons: buttons, replyTo: replyTo, topic: topic)
        }
    }
}
