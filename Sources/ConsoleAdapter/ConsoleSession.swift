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
    /// Everyone spoken as so far, and everyone the database knew before, by lowercased name.
    private var users: [String: Person] = [:]
    /// The id the next new person gets: above every id the database holds, so that nobody new
    /// takes over a stored person's profile.
    private var nextUserID: Int64
    private var nextSequence: Int64
    private var nextCallback = 1
    /// Each user's native reactions per message, to report old → new like Telegram does.
    private var nativeReactions: [String: [String]] = [:]

    /// - Parameters:
    ///   - firstSequence: the first event number to use (continue after earlier sessions).
    ///   - userName: who speaks first: the known person of that name, else a new one.
    ///   - known: the people the database already holds (earlier sessions'): `:user NAME` finds them by
    ///     name (ignoring case), and new people get ids none of them has.
    ///   - offset: simulated time already advanced (a previous session's, kept with its database).
    public init(
        firstSequence: Int64, userName: String = "you", languageCode: String? = nil, known: [Person] = [], offset: TimeInterval = 0
    ) {
        nextSequence = firstSequence
        self.offset = max(0, offset)
        nextUserID = max(Self.firstUserID, (known.map(\.id.rawValue).max() ?? 0) + 1)
        for person in known where users[person.displayName.lowercased()] == nil {
            users[person.displayName.lowercased()] = person
        }
        user = Person(id: UserID(Self.firstUserID), displayName: userName)
        user = person(named: userName, languageCode: languageCode)
    }

    /// The id of the first person of a new database.
    static let firstUserID: Int64 = 1001

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
            user = person(named: name, languageCode: languageCode)
            return .say("👤 now speaking as \(user.displayName)" + (user.languageCode.map { " (\($0))" } ?? ""))
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

    /// The person called `name` (ignoring case): a known one, with `languageCode` when given, or a
    /// new one with the next free id.
    private mutating func person(named name: String, languageCode: String?) -> Person {
        let key = name.lowercased()
        var person: Person
        if let known = users[key] {
            person = known
            if let languageCode { person.languageCode = languageCode }
        } else {
            person = Person(
                id: UserID(nextUserID), displayName: name, username: key.filter { !$0.isWhitespace }, languageCode: languageCode)
            nextUserID += 1
        }
        users[key] = person
        return person
    }

    private mutating func envelope(_ event: IncomingEvent, date: Date, interaction: Interaction? = nil) -> IncomingEnvelope {
        let sequence = nextSequence
        nextSequence += 1
        return IncomingEnvelope(
            source: .console, key: sequence, date: date, chat: chat, sender: user, interaction: interaction, event: event)
    }

    /// A simulated instant as the console shows it, to the minute in Vietnam's time:
    /// `2027-01-27T08:00+07:00` (seconds would only show how fast the lines were typed).
    public static func describe(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "Asia/Ho_Chi_Minh")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mmxxx"
        return formatter.string(from: date)
    }

    public static let help = """
        Console chat — type like in Telegram:
          /roast meetings 3     a bot command (any of /help); in the group an unknown bare command
                                is left to other bots, /poll@\(botUsername) is answered
          roast me về họp hành  free text to the bot (like mentioning it)
          :press N              press button N of the latest message with buttons (:press M N for message #M)
          :react 🔥             react natively to the latest roast (:react alone removes it)
          :user NAME [vi|en]    speak as another person (the whole name; a last word vi or en is their
                                language); a name the database knows is that person again
          :chat group|private   switch between the group and a private chat
          :day [+N]             advance the simulated date by N days (:hour [+N] for hours); due daily posts follow
          :admin on|off         everyone is a group admin until :admin off (admins change /settings)
          :quit                 leave
        Spam limit, the bot's own (abuse.limit): by default more than 5 commands in 10 s from one
        person get one "slow down" notice, then are ignored for 30 s. For piped scripts, run with
        ROASTBOT_ABUSE_LIMIT=0.
        Files: pictures go to cards/ and /export files to exports/ beside the database.
        """
}
