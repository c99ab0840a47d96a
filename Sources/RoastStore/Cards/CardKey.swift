import CardModel

/// Which card of a stored roast: the same roast in the same template and format is the same picture,
/// drawn and uploaded once.
public struct CardKey: Sendable, Hashable, Codable {
    public var roast: RoastID
    public var template: CardTemplate
    public var format: CardFormat

    public init(roast: RoastID, template: CardTemplate, format: CardFormat) {
        self.roast = roast
        self.template = template
        self.format = format
    }
}
