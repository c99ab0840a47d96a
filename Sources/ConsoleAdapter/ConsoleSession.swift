import ChatPlatform
import Foundation

/// The state of a console chat: who is typing, in which chat, and the simulated time. Turns each
/// typed line into the same neutral events the Telegram adapter produces.
public struct ConsoleSession: Sendable {
    /// What a typed line leads to.
    public enum Step: Sendable, Hashable {
        /// Hand this event to the bot.
        case event(IncomingEnvelope)
        /// Show this to the person at the terminal (help, errors, state changes).
        case say(String)
        case quit
    }

    public static let groupID = ChatID(-100_000_000_001)
    /// The console bot's username, as in its share links: `/poll@RoastMeLaterBot` is addressed to it.
    public static let botUsername = "RoastMeLaterBot"

    public private(set) var user: Person
    public private(set) var chatKind: ConsoleChatKind = .group
    /// Simulated time added to the clock (days and hours advanced so far).
    public private(set) var offset: TimeInterval = 0
    private var users: [String: Person] = [:]
    private var nextSequence: Int64
    private var nextCallback = 1
    /// Each user's native reactions per message, to report old → new like Telegram does.
    private var nativeReactions: [String: [String]] = [:]

    /// - Parameter firstSequence: the first event number to use (continue after earlier sessions).
    /// - Parameter offset: simulated time already advanced (a previous session's, kept with its database).
    public init(firstSequence: Int64, userName: String = "you", languageCode: String? = nil, offset: TimeInterval = 0) {
        nextSequence = firstSequence
        self.offset = max(0, offset)
        user = Person(id: UserID(1001), displayName: userName, username: userName.lowercased(), languageCode: languageCode)
        users[userName.lowercased()] = user
    }

    public var chat: ChatRef {
        switch chatKind {
        case .group: ChatRef(id: Self.groupID, kind: .supergroup, title: "Console team")
        case .private: ChatRef(id: Self.privateChat(of: user.id), kind: .privateChat)
        }
    }

    /// A person's private chat with the console bot: numbered by the person's id, as on Telegram, so
    /// that a console database keeps its meaning.
    public static func privateChat(of person: UserID) -> ChatID { ChatID(person.rawValue) }

    public var prompt: String { "\(user.displayName)@\(chatKind.rawValue)> " }

    /// Interprets one line at wall-clock instant `now`; `buttons` resolves `:press`.
    public mutating func step(
        _ input: ConsoleInput, now: Date, buttons: (Int, Int64?, ChatID) -> (MessageID, Button)?, latestRoast: (ChatID) -> MessageID?
    ) -> Step {
        let date = now.addingTimeInterval(offset)
        switch input {
        case .nothing:
            return .say("")
        case .invalid(let reason):
            return .say("⚠️ \(reason)")
        case .help:
            return .say(Self.help)
        case .quit:
            return .quit
        case .user(let name, let languageCode):
            let key = name.lowercased()
            if let existing = users[key] {
                user = existing
            } else {
                user = Person(
                    id: UserID(1001 + Int64(users.count)), displayName: name, username: key, languageCode: languageCode)
                users[key] = user
            }
            return .say("👤 now speaking as \(user.displayName)")
        case .chat(let kind):
            chatKind = kind
            return .say(kind == .group ? "💬 in the group chat" : "💬 in a private chat with the bot")
        case .advanceDays(let days):
            offset += Double(days) * 86_400
            return .say("📅 +\(days) day(s): \(Self.describe(now.addingTimeInterval(offset)))")
        case .advanceHours(let hours):
            offset += Double(hours) * 3_600
            return .say("🕐 +\(hours) hour(s): \(Self.describe(now.addingTimeInterval(offset)))")
        case .admin(let on):
            return .say(on ? "🛡 \(user.displayName) is a group admin" : "🙅 \(user.displayName) is not a group admin")
        case .command(let name, let addressee, let arguments):
            // As on Telegram: `/cmd@OtherBot` is not for this bot; a bare `/cmd` in the group may be
            // for another bot there (so an unknown one goes unanswered); in private it is for this one.
            if let addressee, addressee.caseInsensitiveCompare(Self.botUsername) != .orderedSame { return .say("") }
            let addressed = addressee != nil || chatKind == .private
            return .event(envelope(.command(name: name, arguments: arguments, message: MessageID(0), addressed: addressed), date: date))
        case .text(let text):
            return .event(envelope(.mention(text: text, message: MessageID(0)), date: date))
        case .press(let message, let number):
            guard let (messageID, button) = buttons(number, message, chat.id) else {
                return .say("⚠️ no button [\(number)] there")
            }
            if let start = button.startsPrivateChat {
                // Like Telegram's deep link: the private chat opens and the bot gets `/start <payload>` there.
                chatKind = .private
                return .event(envelope(.command(name: "start", arguments: start, message: MessageID(0)), date: date))
            }
            let callback = "console-\(nextCallback)"
            nextCallback += 1
            return .event(
                envelope(.buttonPress(data: button.data, message: messageID), date: date, interaction: Interaction(handle: callback)))
        case .react(let emoji):
            guard let message = latestRoast(chat.id) else { return .say("⚠️ nothing to react to yet") }
            let key = "\(chat.id):\(message):\(user.id)"
            let old = nativeReactions[key] ?? []
            let new = emoji.map { [$0] } ?? []
            nativeReactions[key] = new
            return .event(envelope(.reactionChange(message: message, old: old, new: new), date: date))
        }
    }

    private mutating func envelope(_ event: IncomingEvent, date: Date, interaction: Interaction? = nil) -> IncomingEnvelope {
        let sequence = nextSequence
        nextSequence += 1
        return IncomingEnvelope(
            source: .console, key: sequence, date: date, chat: chat, sender: user, interaction: interaction, event: event)
    }

    private static func describe(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "Asia/Ho_Chi_Minh")
        return formatter.string(from: date)
    }

    public static let help = """
        Console chat — type like in Telegram:
          /roast meetings 3     a bot command (any of /help); in the group an unknown bare command
                                is left to other bots, /poll@\(botUsername) is answered
          roast me về họp hành  free text to the bot (like mentioning it)
          :press N              press button N of the latest message with buttons (:press M N for message #M)
          :react 🔥             react natively to the latest roast (:react alone removes it)
          :user NAME [vi|en]    speak as another person (created on first use)
          :chat group|private   switch between the group and a private chat
          :day [+N]             advance the simulated date by N days (:hour [+N] for hours); due daily posts follow
          :admin on|off         whether you are a group admin (for /settings)
          :quit                 leave
        Spam limit, the bot's own (abuse.limit): by default more than 5 commands in 10 s from one
        person get one "slow down" notice, then are ignored for 30 s. For piped scripts, run with
        ROASTBOT_ABUSE_LIMIT=0.
        Files: pictures go to cards/ and /export files to exports/ beside the database.
        """
}
