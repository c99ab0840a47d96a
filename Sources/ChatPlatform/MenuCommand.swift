/// A command as a platform lists it in its menus: Telegram's `setMyCommands` (name and one line per
/// language), Discord's application commands (also typed options, with their own descriptions).
/// The bot's features declare them; the adapter publishes them (``CommandPublishing``) in its own terms.
public struct MenuCommand: Sendable, Hashable {
    /// Who sees a command in menus.
    public enum Audience: Sendable, Hashable {
        case everyone
        /// Administrators of a group (and everyone in a private chat, where each person administers their own).
        case admins
        /// Everyone may use it to read; only administrators to change (settings). A platform whose commands carry
        /// default permissions offers it to administrators by default; one with plain menus lists it for everyone.
        case everyoneReadsAdminsChange
    }

    /// The name without the slash: lower-case ASCII letters, digits and `_`. It is what the bot receives, on
    /// every platform and in every language.
    public var name: String
    /// The name as people see it in each language, on a platform whose menus show localized names (Discord's
    /// `name_localizations`): lower-case letters, digits and `_`, no spaces. Nil: ``name`` everywhere.
    public var names: MenuText?
    public var audience: Audience
    /// One line describing the command. Platforms cut it to their limit (Telegram: 256, Discord: 100).
    public var summary: MenuText
    /// What the command takes, in order; a platform without typed options passes the arguments as
    /// typed text. A platform with them passes each given option's value as one word of the
    /// arguments, in this order (the bot reads its arguments as words in any order).
    public var options: [MenuOption]
    /// Its answer is for the person alone (their data, a question about deleting it): a platform that shows
    /// something before the answer is ready shows that to them alone too (Discord: an ephemeral deferral).
    public var answersPrivately: Bool

    public init(
        name: String, names: MenuText? = nil, audience: Audience, summary: MenuText, options: [MenuOption] = [],
        answersPrivately: Bool = false
    ) {
        self.name = name
        self.names = names
        self.audience = audience
        self.summary = summary
        self.options = options
        self.answersPrivately = answersPrivately
    }
}

/// One argument of a ``MenuCommand`` as a platform with typed options offers it.
public struct MenuOption: Sendable, Hashable {
    /// What the option takes.
    public enum Kind: Sendable, Hashable {
        /// One of these values.
        case choice([Choice])
        /// A whole number within this range.
        case integer(ClosedRange<Int>)
        /// Any text (its words go into the arguments as typed).
        case text
    }

    /// A value of a ``Kind/choice(_:)`` option: what the bot receives, and what people see.
    public struct Choice: Sendable, Hashable {
        /// The word the bot receives (it understands it as typed text too).
        public var value: String
        public var label: MenuText

        public init(value: String, label: MenuText) {
            self.value = value
            self.label = label
        }
    }

    /// Lower-case ASCII letters, digits and `_`.
    public var name: String
    /// The name as people see it in each language, where a platform shows localized names (see
    /// ``MenuCommand/names``). Nil: ``name`` everywhere.
    public var names: MenuText?
    public var description: MenuText
    public var kind: Kind

    public init(name: String, names: MenuText? = nil, description: MenuText, kind: Kind) {
        self.name = name
        self.names = names
        self.description = description
        self.kind = kind
    }
}

/// A short text of a menu in each language the bot speaks, by IETF language tag (`vi`, `en`).
public struct MenuText: Sendable, Hashable {
    /// The text by language tag.
    public var translations: [String: String]
    /// The language shown where the person's is not among ``translations``.
    public var defaultLanguage: String

    public init(_ translations: [String: String], defaultLanguage: String) {
        self.translations = translations
        self.defaultLanguage = defaultLanguage
    }

    /// The text in `language`, else in the default language.
    public func text(in language: String?) -> String {
        language.flatMap { translations[$0] } ?? translations[defaultLanguage] ?? translations.values.sorted().first ?? ""
    }
}

/// A platform with command menus: the bot publishes its commands once at start.
public protocol CommandPublishing: Sendable {
    func publish(_ commands: [MenuCommand]) async throws(DeliveryError)
}
