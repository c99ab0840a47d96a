import CardModel

/// The template and format a person picked for their cards in a chat (`/card`, or a button under
/// a card).
public struct CardChoice: Sendable, Hashable, Codable {
    public var template: CardTemplate
    public var format: CardFormat

    public init(template: CardTemplate, format: CardFormat) {
        self.template = template
        self.format = format
    }

    /// What a person who never picked gets: the app's own crimson, square.
    public static let standard = CardChoice(template: .crimson, format: .post)
}
