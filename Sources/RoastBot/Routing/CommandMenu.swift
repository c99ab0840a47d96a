import ChatPlatform
import RoastCore

/// Every command of the bot, from its features: what `/help` lists and the platform's menus show.
public struct CommandMenu: Sendable, Hashable {
    public struct Entry: Sendable, Hashable {
        public var command: String
        public var summary: String
    }

    /// In menu order.
    public let commands: [CommandSpec]

    public init(_ commands: [CommandSpec]) {
        self.commands = commands
    }

    /// Every command as platforms list them (``CommandPublishing``).
    public var published: [MenuCommand] { commands.map(\.menuCommand) }

    /// Commands for `audience` in `language`; admins see everyone's commands too.
    public func entries(for audience: CommandSpec.Audience, in language: Language) -> [Entry] {
        commands.filter { audience == .admins || $0.audience != .admins }.map { Entry(command: $0.name, summary: $0.summary(language)) }
    }
}
