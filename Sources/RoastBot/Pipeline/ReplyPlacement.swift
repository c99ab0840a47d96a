import ChatPlatform
import RoastStore

/// Where the bot's messages go inside their chat — the one place that decides it, for the replies
/// of every event and for every scheduled post.
///
/// - Whatever an event in a forum topic causes (the answer, a celebration, the follow-up of a press
///   on a message there) is posted in that topic; an event that comes without one (Telegram's
///   reaction updates) uses the topic the feature knows (the roast's). The main thread (General)
///   carries no topic.
/// - In groups, the answers to a command or to text addressed to the bot reply to that message, so
///   that in a busy chat everyone sees what answers what (the platform posts them anyway if that
///   message was deleted). Private chats need no threading.
/// - Scheduled posts (Roast of the Day, reminders, banners) go to the topic the chat's admins picked
///   (`/settings topic here`) and answer nothing.
///
/// A message that already names its topic or the message it answers keeps them.
public struct ReplyPlacement: Sendable, Hashable {
    public var topic: TopicID?
    public var replyTo: MessageID?

    public init(topic: TopicID?, replyTo: MessageID?) {
        self.topic = topic
        self.replyTo = replyTo
    }

    /// The replies of `envelope`'s event; `knownTopic` is the topic a feature found for an event that
    /// came without one (``HandlerOutcome/topic``).
    public init(event envelope: IncomingEnvelope, knownTopic: TopicID?) {
        topic = envelope.topic ?? knownTopic
        guard envelope.chat.isGroup else {
            replyTo = nil
            return
        }
        switch envelope.event {
        case .command(_, _, let message, _), .mention(_, let message): replyTo = message
        default: replyTo = nil
        }
    }

    /// A scheduled post of `chat`.
    public static func scheduled(in chat: ChatSettings) -> ReplyPlacement {
        ReplyPlacement(topic: chat.postTopic, replyTo: nil)
    }

    public func place(_ message: OutgoingMessage) -> OutgoingMessage {
        var message = message
        message.topic = message.topic ?? topic
        message.replyTo = message.replyTo ?? replyTo
        return message
    }

    public func place(_ document: OutgoingDocument) -> OutgoingDocument {
        var document = document
        document.topic = document.topic ?? topic
        document.replyTo = document.replyTo ?? replyTo
        return document
    }

    public func place(_ order: PictureOrder) -> PictureOrder {
        var order = order
        order.topic = order.topic ?? topic
        order.replyTo = order.replyTo ?? replyTo
        return order
    }

    /// Edits change a message where it already is; a private reply goes to another chat, where this
    /// event's topic and message mean nothing.
    public func place(_ reply: Reply) -> Reply {
        switch reply {
        case .send(let message, let anchor): .send(place(message), anchor: anchor)
        case .document(let document): .document(place(document))
        case .picture(let order): .picture(place(order))
        case .edit, .editButtons, .privateDocument: reply
        }
    }
}
