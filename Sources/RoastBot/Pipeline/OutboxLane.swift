import ChatPlatform
import RoastStore

/// The deliveries of a chat that go one after another, in the outbox's order, by one worker: what the
/// platform's rate limits hold together (``PlatformProfile/DeliveryLanes``). Lanes go side by side, so a
/// delivery waiting out a limit or a failure holds back only its own lane.
struct OutboxLane: Sendable, Hashable, Comparable {
    /// Which part of the chat's deliveries.
    enum Part: Sendable, Hashable, Comparable {
        /// Everything of the chat, or (when it has lanes) what no other lane takes: scheduled posts.
        case chat
        /// The edits of one message, whichever interaction caused them: the last one shown is the newest.
        case edits(of: MessageID)
        /// The deliveries answering one interaction (its handle), in order.
        case answers(to: String)
    }

    var chat: ChatID
    var part: Part

    /// The lane of `item` on a platform whose lanes are `lanes`.
    init(_ item: OutboxItem, lanes: PlatformProfile.DeliveryLanes) {
        chat = item.chatID
        switch lanes {
        case .perChat:
            part = .chat
        case .perInteractionAndMessage:
            if let message = item.action.editedMessage {
                part = .edits(of: message)
            } else if let interaction = item.destination.interaction {
                part = .answers(to: interaction.handle)
            } else {
                part = .chat
            }
        }
    }

    /// The lane of `chat` that takes whatever no other lane does.
    init(wholeOf chat: ChatID) {
        self.chat = chat
        part = .chat
    }

    static func < (lhs: OutboxLane, rhs: OutboxLane) -> Bool {
        (lhs.chat, lhs.part) < (rhs.chat, rhs.part)
    }
}
