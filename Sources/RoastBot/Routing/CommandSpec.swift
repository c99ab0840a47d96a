import ChatPlatform
import RoastCore

/// A command a feature answers, as `/help` and the platform's menus show it.
public struct CommandSpec: Sendable, Hashable {
    /// Who sees the command in menus.
    public enum Audience: Sendable, Hashable {
        case everyone
        /// Group admins (and everyone in a private chat, where each person administers their own).
        case admins
        /// Everyone reads with it; group admins change with it (``MenuCommand/Audience/everyoneReadsAdminsChange``).
        case everyoneReadsAdminsChange
    }

    /// The name without the slash, lower-case ASCII letters, digits and `_` (what every platform's
    /// menus accept).
    public var name: String
    /// The name as people see it in each language where a platform's menus show localized names (see
    /// ``MenuCommand/names``); the bot still receives ``name``.
    public var names: LocalizedText?
    public var audience: Audience
    /// The usage line of `/help`, e.g. `/roast [category] [1-5] [mood]`.
    public var usage: LocalizedText
    /// One line describing the command; platforms cut it to their limit for menus.
    public var summary: LocalizedText
    /// What it takes, as platforms with typed options offer it (see ``MenuCommand/options``).
    public var options: [MenuOption]
    /// About the person who sends it (their streak, moods, data): sent by no person (an anonymous
    /// admin, a channel), it is answered with a short explanation instead.
    public var personal: Bool
    /// Its answer is for the person alone where the platform can (see ``MenuCommand/answersPrivately``).
    public var answersPrivately: Bool

    public init(
        _ name: String, vi: String? = nil, audience: Audience = .everyone, usage: LocalizedText? = nil, summary: LocalizedText,
        options: [MenuOption] = [],
        personal: Bool = false, answersPrivately: Bool = false
    ) {
        self.name = name
        self.names = vi.map { LocalizedText(vi: $0, en: name) }
        self.audience = audience
        self.usage = usage ?? LocalizedText(vi: "/" + name, en: "/" + name)
        self.summary = summary
        self.options = options
        self.personal = personal
        self.answersPrivately = answersPrivately
    }

    /// The command as platforms list it in their menus.
    public var menuCommand: MenuCommand {
        MenuCommand(
            name: name, names: names.map(MenuText.init), audience: menuAudience, summary: MenuText(summary), options: options,
            answersPrivately: answersPrivately)
    }

    private var menuAudience: MenuCommand.Audience {
        switch audience {
        case .everyone: .everyone
        case .admins: .admins
        case .everyoneReadsAdminsChange: .everyoneReadsAdminsChange
        }
    }
}
