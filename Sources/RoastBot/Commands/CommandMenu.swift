import RoastCore

/// The command menu a platform shows, generated from ``BotCommand`` like `/help`.
public enum CommandMenu {
    public struct Entry: Sendable, Hashable {
        public var command: String
        public var summary: String
    }

    /// Commands for `audience` in `language`; admins see everyone's commands too.
    public static func entries(for audience: BotCommand.Audience, in language: Language) -> [Entry] {
        BotCommand.allCases.filter { command in
            audience == .admins || command.audience == .everyone
        }.map { Entry(command: $0.rawValue, summary: $0.summary(in: language)) }
    }
}
