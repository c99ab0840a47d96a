import RoastCore

/// Everything a share card shows: a roast and how to draw it.
///
/// It deliberately has no field for a person: cards travel beyond the chat, so they carry no name,
/// username or id.
public struct RoastCard: Sendable, Hashable, Codable {
    /// The roast as sent (plain text; drawn as written, never read as markup).
    public var text: String
    /// The language of the card's own labels (category name, captions).
    public var language: Language
    public var category: RoastCategory
    public var spice: SpiceLevel
    public var template: CardTemplate
    public var format: CardFormat
    /// Printed at the bottom so a reader can find the bot, e.g. `t.me/RoastMeLaterBot?start=roast_meetings_3`.
    public var deepLink: String
    /// The collection the roast comes from, icon and name in ``language`` ("🧧 Tết Nguyên Đán"),
    /// shown beside the category; nil for a library roast.
    public var collectionLabel: String?

    public init(
        text: String, language: Language, category: RoastCategory, spice: SpiceLevel, template: CardTemplate, format: CardFormat,
        deepLink: String, collectionLabel: String? = nil
    ) {
        self.collectionLabel = collectionLabel
        self.text = text
        self.language = language
        self.category = category
        self.spice = spice
        self.template = template
        self.format = format
        self.deepLink = deepLink
    }
}
