import ChatPlatform
import RoastBot

/// What the bot answered, by the kind of event that caused it: the messages each command posts and
/// the edits each button press makes (Telegram allows about 20 messages a minute in a group, so
/// every extra message is a reply someone else waits for).
struct ReplyTally {
    var commands = 0
    /// Messages (and files) posted because of a command.
    var commandMessages = 0
    var presses = 0
    /// Messages posted because of a press (🔁, a celebration).
    var pressMessages = 0
    /// Edits of a message's text (and buttons) because of a press.
    var pressTextEdits = 0
    /// Edits of a message's buttons alone because of a press.
    var pressButtonEdits = 0

    var messagesPerCommand: Double { Double(commandMessages) / Double(max(commands, 1)) }
    var editsPerPress: Double { Double(pressTextEdits + pressButtonEdits) / Double(max(presses, 1)) }

    /// Counts what applying `envelope` queued.
    mutating func count(_ envelope: IncomingEnvelope, _ applied: UpdateProcessor.Applied?) {
        let replies = applied?.outcome.replies ?? []
        switch envelope.event {
        case .command:
            commands += 1
            commandMessages += replies.count { $0.postsMessage }
        case .buttonPress:
            presses += 1
            pressMessages += replies.count { $0.postsMessage }
            for reply in replies {
                switch reply.action {
                case .edit: pressTextEdits += 1
                case .editButtons: pressButtonEdits += 1
                case .send, .document, .photo, .editPhoto: break
                }
            }
        default:
            break
        }
    }

    /// "1.043 (2,086 messages / 2,000 commands)".
    var messagesPerCommandFigure: String {
        String(format: "%.3f (%d messages / %d commands)", messagesPerCommand, commandMessages, commands)
    }

    /// "0.812 (text 0, keyboard only 812 / 1,000 presses)".
    var editsPerPressFigure: String {
        String(
            format: "%.3f (text %d, keyboard only %d / %d presses; %d messages)", editsPerPress, pressTextEdits, pressButtonEdits, presses,
            pressMessages)
    }
}

extension Reply {
    /// Whether the reply posts a new message (a file, a photo) in the chat.
    var postsMessage: Bool {
        switch action {
        case .send, .document, .photo: true
        case .edit, .editButtons, .editPhoto: false
        }
    }
}
