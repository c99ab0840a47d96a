import Foundation

/// One line typed in the console chat.
public enum ConsoleInput: Sendable, Hashable {
    /// `/name args` or `/name@bot args` — a bot command; `addressedTo` is the bot named after `@`.
    case command(name: String, addressedTo: String? = nil, arguments: String)
    /// Anything else: text addressed to the bot.
    case text(String)
    /// `:press N` or `:press M N` (message #M, button N; default: the latest message with buttons).
    case press(message: Int64?, button: Int)
    /// `:react 🔥` (native reaction on the latest roast; `:react` alone removes yours).
    case react(emoji: String?)
    /// `:user NAME [vi|en]` — speak as another simulated person: the whole name, and the language
    /// when a last word `vi` or `en` follows it.
    case user(name: String, languageCode: String?)
    /// `:chat group` or `:chat private`.
    case chat(ConsoleChatKind)
    /// `:day [+N]` — advance the simulated date by N days (default 1).
    case advanceDays(Int)
    /// `:hour [+N]` — advance the simulated time by N hours (default 1).
    case advanceHours(Int)
    /// `:admin on|off` — whether the person speaking is a group admin (default on).
    case admin(Bool)
    case help
    case quit
    /// Nothing to do (blank line or `#` comment).
    case nothing
    /// A malformed console directive, with the reason.
    case invalid(String)

    public init(line raw: String) {
        let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !line.isEmpty, !line.hasPrefix("#") else {
            self = .nothing
            return
        }
        if line.hasPrefix("/") {
            let body = line.dropFirst()
            let name = body.prefix { !$0.isWhitespace }
            let arguments = body.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
            let parts = name.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let bare = parts.first ?? ""
            self =
                bare.isEmpty ? .text(line) : .command(name: bare.lowercased(), addressedTo: parts.dropFirst().first, arguments: arguments)
            return
        }
        guard line.hasPrefix(":") else {
            self = .text(line)
            return
        }
        let words = line.dropFirst().split(whereSeparator: { $0.isWhitespace }).map(String.init)
        let directive = words.first?.lowercased() ?? ""
        let rest = Array(words.dropFirst())
        switch directive {
        case "press", "p":
            let numbers = rest.compactMap { Int64($0) }
            guard numbers.count == rest.count, (1...2).contains(numbers.count), numbers.allSatisfy({ $0 > 0 }) else {
                self = .invalid(":press N  or  :press MESSAGE N")
                return
            }
            self = numbers.count == 1 ? .press(message: nil, button: Int(numbers[0])) : .press(message: numbers[0], button: Int(numbers[1]))
        case "react", "r":
            self = .react(emoji: rest.first)
        case "user", "u":
            // The whole name ("Nguyễn Văn A"); a last word vi or en after it is the language.
            var name = rest
            var language: String?
            if name.count > 1, let last = name.last?.lowercased(), Self.languages.contains(last) {
                language = last
                name.removeLast()
            }
            let joined = name.joined(separator: " ")
            guard !joined.isEmpty, joined.count <= 32 else {
                self = .invalid(":user NAME [vi|en] (a name of at most 32 characters)")
                return
            }
            self = .user(name: joined, languageCode: language)
        case "chat", "c":
            guard let kind = rest.first.flatMap({ ConsoleChatKind(rawValue: $0.lowercased()) }) else {
                self = .invalid(":chat group  or  :chat private")
                return
            }
            self = .chat(kind)
        case "day", "d", "hour", "h":
            let amount = rest.first.map { Int($0.replacingOccurrences(of: "+", with: "")) } ?? 1
            guard let amount, (1...3660).contains(amount) else {
                self = .invalid(":\(directive) [+N]")
                return
            }
            self = directive.hasPrefix("d") ? .advanceDays(amount) : .advanceHours(amount)
        case "admin":
            guard let value = rest.first?.lowercased(), value == "on" || value == "off" else {
                self = .invalid(":admin on  or  :admin off")
                return
            }
            self = .admin(value == "on")
        case "help", "?":
            self = .help
        case "quit", "q", "exit":
            self = .quit
        default:
            self = .invalid("unknown directive :\(directive) — type :help")
        }
    }
}

extension ConsoleInput {
    /// The languages `:user NAME [vi|en]` takes after a name.
    static let languages: Set<String> = ["vi", "en"]
}

/// The two simulated chats.
public enum ConsoleChatKind: String, Sendable, Hashable {
    case group
    case `private`
}
