/// A parsed `/command args` as the router sees it.
public enum CommandInvocation: Sendable, Hashable {
    case known(BotCommand, arguments: [String])
    case unknown(name: String)

    /// Parses a command name (already lower-cased and stripped of `@BotName` by the adapter) and its
    /// argument text. Arguments are split on whitespace; at most 16 are kept and each is cut to 64
    /// characters, so huge inputs cost nothing downstream.
    public init(name: String, arguments: String) {
        let words = arguments.split(whereSeparator: { $0.isWhitespace }).prefix(16).map { String($0.prefix(64)) }
        if let command = BotCommand(rawValue: name.lowercased()) {
            self = .known(command, arguments: words)
        } else {
            self = .unknown(name: String(name.prefix(32)))
        }
    }
}
