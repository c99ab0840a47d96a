import Foundation

/// One line typed at the terminal of roastbot-try-discord, as what a member of the server does. Pure: parsing only.
enum TryLine: Sendable, Equatable {
    case nothing
    case help
    /// List the slash commands the bot registered.
    case commands
    case quit
    /// A slash command as typed: its name (any of its localized names) and the rest of the line (its options).
    case slash(name: String, options: String)
    /// Press a button: on message `#message` (nil: the latest one with buttons), the one whose label or emoji is
    /// `button`, or the `button`-th one when it is a number.
    case press(message: Int?, button: String)
    /// Add (or remove) a native reaction on message `#message` (nil: the bot's latest roast in the channel).
    case react(message: Int?, emoji: String, add: Bool)
    /// Speak as another member (a number or a name), optionally with their Discord locale (`vi`, `en-US`…).
    case speakAs(String, locale: String?)
    /// The member speaking has Manage Server, or not.
    case admin(Bool)
    /// Switch to a text channel of the server (created when new).
    case channel(String)
    /// Switch to a thread of the current channel (created when new).
    case thread(String)
    case invalid(String)

    static func parse(_ text: String) -> TryLine {
        let line = text.trimmingCharacters(in: .whitespaces)
        guard !line.isEmpty else { return .nothing }
        if line.hasPrefix("/") {
            let body = line.dropFirst()
            let name = body.prefix { !$0.isWhitespace }
            guard !name.isEmpty else { return .invalid("a slash command needs a name: /roast") }
            return .slash(name: String(name), options: body.dropFirst(name.count).trimmingCharacters(in: .whitespaces))
        }
        var words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let verb = words.removeFirst().lowercased()
        switch verb {
        case "help", "?":
            return .help
        case "commands":
            return .commands
        case "quit", "exit":
            return .quit
        case "press", "react", "unreact":
            var message: Int?
            if let first = words.first, first.hasPrefix("#"), let number = Int(first.dropFirst()) {
                message = number
                words.removeFirst()
            }
            guard let target = words.first, words.count == 1 else {
                return .invalid(verb == "press" ? "press 🔥, press 2 or press #4 🔥" : "\(verb) 😂 or \(verb) #4 😂")
            }
            if verb == "press" { return .press(message: message, button: target) }
            return .react(message: message, emoji: target, add: verb == "react")
        case "as":
            guard !words.isEmpty else { return .invalid("as 2, as linh, as 2 vi") }
            var locale: String?
            if words.count > 1, let last = words.last, let known = Self.locale(last) {
                locale = known
                words.removeLast()
            }
            return .speakAs(words.joined(separator: " "), locale: locale)
        case "admin":
            switch words.first?.lowercased() {
            case "on": return .admin(true)
            case "off": return .admin(false)
            default: return .invalid("admin on or admin off")
            }
        case "in":
            if words.first?.lowercased() == "thread", words.count > 1 {
                return .thread(words.dropFirst().joined(separator: "-").lowercased())
            }
            guard words.count == 1, let name = words.first else { return .invalid("in #random, or in thread standup") }
            let channel = name.hasPrefix("#") ? String(name.dropFirst()) : name
            return channel.isEmpty ? .invalid("in #random") : .channel(channel.lowercased())
        default:
            return .invalid("“\(line)”: not a control (type help). A slash command starts with /")
        }
    }

    /// A Discord locale from what is typed: `vi`, `en` (en-US), or a locale as Discord spells it (`en-GB`, `pt-BR`).
    static func locale(_ word: String) -> String? {
        switch word.lowercased() {
        case "vi": return "vi"
        case "en", "en-us": return "en-US"
        case "en-gb": return "en-GB"
        default:
            let parts = word.split(separator: "-")
            guard parts.count == 2, parts[0].count == 2, parts[0].allSatisfy(\.isLowercase), (2...3).contains(parts[1].count),
                parts[1].allSatisfy({ $0.isUppercase || $0.isNumber })
            else { return nil }
            return word
        }
    }

    static let helpText = """
        Type as a member of the Discord server would:
          /roast category:meetings spice:3   a slash command, its options as name:value (bare words fill them
                                             too: /roast meetings 3); the Vietnamese names work as well (/khịa)
          commands                           the slash commands the bot registered at start
          press 🔥                           press a button of the latest message with buttons
                                             (press 2: its second button; press #4 🔥: on message #4)
          react 😂 / unreact 😂              add or remove a native reaction on the bot's latest roast here
                                             (react #4 😂 on message #4)
          as 2 vi / as linh en               speak as another member (by number or name), with their Discord
                                             locale when a last word vi, en or en-GB… follows
          admin on|off                       the member speaking has Manage Server, or not (for /settings)
          in #random / in thread standup     switch to another channel, or to a thread of this one
          quit                               stop the bot and leave (end of input does too)
        """
}
