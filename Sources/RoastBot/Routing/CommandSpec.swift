import RoastCore

/// A command a feature answers, as `/help` and the platform's menus show it.
public struct CommandSpec: Sendable, Hashable {
    /// Who sees the command in menus.
    public enum Audience: Sendable, Hashable {
        case everyone
        /// Group admins (and everyone in a private chat, where each person administers their own).
        case admins
    }

    /// The name without the slash, lower-case ASCII (Telegram allows `a-z`, `0-9`, `_`).
    public var name: String
    public var audience: Audience
    /// The usage line of `/help`, e.g. `/roast [category] [1-5] [mood]`.
    public var usage: LocalizedText
    /// One line describing the command, at most 256 characters (the platforms' limit for menus).
    public var summary: LocalizedText
    /// About the person who sends it (their streak, moods, data): sent by no person (an anonymous
    /// admin, a channel), it is answered with a short explanation instead.
    public var personal: Bool

    public init(
        _ name: String, audience: Audience = .everyone, usage: LocalizedText? = nil, summary: LocalizedText, personal: Bool = false
    ) {
        self.name = name
        self.audience = audience
        self.usage = usage ?? LocalizedText(vi: "/" + name, en: "/" + name)
        self.summary = summary
        self.personal = personal
    }
}
