import ChatPlatform
import RoastCore

/// The typed options commands offer on platforms that have them (Discord's slash commands): each
/// given value reaches the command as one more word of its arguments, which the features read as
/// typed text, so a value here is one the feature understands when typed.
extension MenuOption {
    /// A category, by its English name.
    static let category = MenuOption(
        name: "category", names: MenuText(LocalizedText(vi: "chủ_đề", en: "category")),
        description: MenuText(LocalizedText(vi: "Chủ đề", en: "Category")),
        kind: .choice(
            RoastCategory.allCases.map { category in
                Choice(
                    value: category.rawValue.replacingOccurrences(of: "_", with: " "),
                    label: MenuText(LocalizedText(vi: category.name(in: .vi), en: category.name(in: .en))))
            }))

    /// A spice level, 1 to 5.
    static let spice = MenuOption(
        name: "spice", names: MenuText(LocalizedText(vi: "độ_cay", en: "spice")),
        description: MenuText(LocalizedText(vi: "Độ cay (1–5)", en: "Spice (1–5)")),
        kind: .integer(SpiceLevel.mildest.rawValue...SpiceLevel.hottest.rawValue))

    /// A mood, by its English name.
    static let mood = MenuOption(
        name: "mood", names: MenuText(LocalizedText(vi: "tâm_trạng", en: "mood")),
        description: MenuText(LocalizedText(vi: "Tâm trạng", en: "Mood")), kind: .choice(Mood.allCases.map(\.choice)))

    /// Free words, as typed after the command; `vi` is the option's name in Vietnamese menus.
    static func words(_ name: String, vi: String, _ description: LocalizedText) -> MenuOption {
        MenuOption(name: name, names: MenuText(LocalizedText(vi: vi, en: name)), description: MenuText(description), kind: .text)
    }

    /// One of `values`, each labelled in both languages; `vi` is the option's name in Vietnamese menus.
    static func choice(_ name: String, vi: String, _ description: LocalizedText, _ values: [(String, LocalizedText)]) -> MenuOption {
        MenuOption(
            name: name, names: MenuText(LocalizedText(vi: vi, en: name)), description: MenuText(description),
            kind: .choice(values.map { Choice(value: $0.0, label: MenuText($0.1)) }))
    }
}

extension Mood {
    var choice: MenuOption.Choice {
        MenuOption.Choice(value: rawValue, label: MenuText(LocalizedText(vi: name(in: .vi), en: name(in: .en))))
    }
}

extension MenuText {
    /// `text` in both of the bot's languages, Vietnamese by default (as the bot's chats start).
    init(_ text: LocalizedText) {
        self.init([Language.vi.rawValue: text.vi, Language.en.rawValue: text.en], defaultLanguage: BotDefaults.language.rawValue)
    }
}
