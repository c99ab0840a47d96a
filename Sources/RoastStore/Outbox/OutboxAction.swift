import ChatPlatform
import Foundation

/// What a queued outbox item will do once delivered.
///
/// Stored as JSON with explicit keys (`{"type":"send","message":…}`) so the stored form does not
/// depend on Swift's synthesized enum coding; document contents are base64.
public enum OutboxAction: Sendable, Hashable, Codable {
    case send(OutgoingMessage)
    case edit(MessageID, OutgoingMessage)
    /// Replaces only the buttons of the target message.
    case editButtons(MessageID, [[Button]])
    case document(OutgoingDocument)
    /// Posts a photo, drawing its picture first when it is not stored yet.
    case picture(PictureOrder)

    private enum CodingKeys: String, CodingKey {
        case type, message, target, filename, contents, caption, replyTo, topic, buttons, picture
    }

    private enum Kind: String, Codable {
        case send, edit, buttons, document, picture
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Kind.self, forKey: .type) {
        case .send:
            self = .send(try container.decode(OutgoingMessage.self, forKey: .message))
        case .edit:
            self = .edit(
                try container.decode(MessageID.self, forKey: .target),
                try container.decode(OutgoingMessage.self, forKey: .message))
        case .buttons:
            self = .editButtons(
                try container.decode(MessageID.self, forKey: .target),
                try container.decode([[Button]].self, forKey: .buttons))
        case .document:
            self = .document(
                OutgoingDocument(
                    filename: try container.decode(String.self, forKey: .filename),
                    contents: [UInt8](try container.decode(Data.self, forKey: .contents)),
                    caption: try container.decodeIfPresent(RichText.self, forKey: .caption),
                    replyTo: try container.decodeIfPresent(MessageID.self, forKey: .replyTo),
                    topic: try container.decodeIfPresent(TopicID.self, forKey: .topic)))
        case .picture:
            self = .picture(try container.decode(PictureOrder.self, forKey: .picture))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .send(let message):
            try container.encode(Kind.send, forKey: .type)
            try container.encode(message, forKey: .message)
        case .edit(let target, let message):
            try container.encode(Kind.edit, forKey: .type)
            try container.encode(target, forKey: .target)
            try container.encode(message, forKey: .message)
        case .editButtons(let target, let buttons):
            try container.encode(Kind.buttons, forKey: .type)
            try container.encode(target, forKey: .target)
            try container.encode(buttons, forKey: .buttons)
        case .document(let document):
            try container.encode(Kind.document, forKey: .type)
            try container.encode(document.filename, forKey: .filename)
            try container.encode(Data(document.contents), forKey: .contents)
            try container.encodeIfPresent(document.caption, forKey: .caption)
            try container.encodeIfPresent(document.replyTo, forKey: .replyTo)
            try container.encodeIfPresent(document.topic, forKey: .topic)
        case .picture(let order):
            try container.encode(order, forKey: .picture)
            try container.encode(Kind.picture, forKey: .type)
        }
    }
}
