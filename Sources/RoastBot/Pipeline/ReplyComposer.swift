import ChatPlatform

/// One event, one message: the announcements an event leads to (a streak milestone, a new badge, a
/// refilled freeze) become part of the message the event posts anyway — a command's answer, the
/// roast a 🔁 brings — instead of messages of their own. Telegram allows about 20 messages a minute
/// in a group, and every extra message is a reply someone else waits for.
///
/// An announcement stays a message of its own when the event posts none (a ⭐ or 😂 press edits a
/// message, and its notice is seen by the presser alone, while an unlock is announced to the whole
/// chat), when it carries buttons of its own (the offer to restore a broken streak), or when the
/// answer and it together would not fit in one message.
public enum ReplyComposer {
    /// The most characters of visible text one message takes: Telegram's 4096 (UTF-16 code units),
    /// less the margin its adapter keeps.
    public static let messageLimit = 4000

    /// `replies` (the event's own, in order) with `announcements` appended to the last message they
    /// post where each fits, and after them otherwise.
    public static func compose(_ replies: [Reply], announcements: [Reply]) -> [Reply] {
        var replies = replies
        let primary = replies.lastIndex { if case .send = $0 { true } else { false } }
        var separate: [Reply] = []
        for announcement in announcements {
            guard let primary, case .send(var answer, let anchor) = replies[primary], case .send(let extra, nil) = announcement,
                extra.buttons.isEmpty,
                answer.text.plainText.utf16.count + 2 + extra.text.plainText.utf16.count <= messageLimit
            else {
                separate.append(announcement)
                continue
            }
            answer.text.append(.plain("\n\n"))
            answer.text += extra.text
            replies[primary] = .send(answer, anchor: anchor)
        }
        return replies + separate
    }
}
