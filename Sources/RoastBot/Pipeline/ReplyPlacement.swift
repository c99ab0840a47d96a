import ChatPlatform
import RoastStore

/// Where the bot's messages go inside their chat — the one place that decides it, for the replies
/// of every event and for every scheduled post.
///
/// - Whatever an event in a topic causes (the answer, a celebration, the follow-up of a press on a
///   message there) is posted in that topic (a Telegram forum topic; a Discord channel or thread);
///   an event that comes without one (Telegram's reaction updates) uses the topic the feature knows
///   (the roast's). The main thread (General) carries no topic.
/// - In groups, the answers to a command or to text addressed to the bot reply to that message, so
///   that in a busy chat everyone sees what answers what (the platform posts them anyway if that
///   message was deleted). Private chats need no threading, and a command that came in no message
///   (a Discord slash command) has nothing to reply to.
/// - Scheduled posts (Roast of the Day, reminders, banners) go to the topic the chat's admins picked
///   (`/settings topic here`) and answer nothing; without a pick, to the main thread — or, in a chat
///   without one (``PlatformProfile/hasMainThread``), to the topic where the bot was last asked
///   something, and nowhere before anyone did.
///
/// A message that already names its topic or the message it answers keeps them; a reply for one
/// person alone goes to them, where this chat's topics mean nothing.
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
        case .command(_, _, let message, _): replyTo = message
        case .mention(_, let message): replyTo = message
        default: replyTo = nil
        }
    }

    /// A scheduled post of `chat` on `platform`; nil when it has nowhere to go yet.
    public static func scheduled(in chat: ChatSettings, on platform: PlatformProfile) -> ReplyPlacement? {
        if let picked = chat.postTopic { return ReplyPlacement(topic: picked, replyTo: nil) }
        if platform.hasMainThread { return ReplyPlacement(topic: nil, replyTo: nil) }
        return chat.lastTopic.map { ReplyPlacement(topic: $0, replyTo: nil) }
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

    public func place<Image>(_ photo: Photo<Image>) -> Photo<Image> {
        var photo = photo
        photo.topic = photo.topic ?? topic
        photo.replyTo = photo.replyTo ?? replyTo
        return photo
    }

    /// Edits change a message where it already is; a reply for one person goes to them, where this
    /// event's topic and message mean nothing.
    public func place(_ reply: Reply) -> Reply {
        guard reply.person == nil else { return reply }
        var reply = reply
        switch reply.action {
        case .send(let message): reply.action = .send(place(message))
        case .document(let document): reply.action = .document(place(document))
        case .photo(let photo): reply.action = .photo(place(photo))
        case .edit, .editButtons, .editPhoto: break
        }
        return reply
    }
}
