import ChatPlatform

/// One event, one message: the announcements an event leads to (a streak milestone, a new badge, a
/// refilled freeze) become part of the message the event posts anyway — a command's answer, the
/// roast a 🔁 brings — instead of messages of their own. Platforms limit how many messages a group
/// gets (Telegram: about 20 a minute), and every extra message is a reply someone else waits for.
///
/// An announcement stays a message of its own when the event posts none (a ⭐ or 😂 press edits a
/// message, and its notice is seen by the presser alone, while an unlock is announced to the whole
/// chat), when it carries buttons of its own (the offer to restore a broken streak), or when the
/// answer and it together would not fit in one message of the platform
/// (``PlatformProfile/messageLimit``, measured as ``MessageSplitter`` measures it).
public enum ReplyComposer {
    /// `replies` (the event's own, in order) with `announcements` appended to the last message they
    /// post for the whole chat where each fits within `limit`, and after them otherwise.
    public static func compose(_ replies: [Reply], announcements: [Reply], limit: Int) -> [Reply] {
        var replies = replies
        let primary = replies.lastIndex { $0.sentMessage != nil && $0.person == nil }
        var separate: [Reply] = []
        for announcement in announcements {
            guard let primary, var answer = replies[primary].sentMessage, let extra = announcement.sentMessage, announcement.anchor == nil,
                announcement.person == nil, extra.buttons.isEmpty,
                MessageSplitter.visibleLength(answer.text) + 2 + MessageSplitter.visibleLength(extra.text) <= limit
            else {
                separate.append(announcement)
                continue
            }
            answer.text.append(.plain("\n\n"))
            answer.text += extra.text
            replies[primary].action = .send(answer)
        }
        return replies + separate
    }
}
