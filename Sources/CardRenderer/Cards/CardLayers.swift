/// The parts of a card, drawn in this order; tests draw one alone to see where its ink lands.
struct CardLayers: OptionSet, Sendable, Hashable {
    let rawValue: Int

    /// Background colour, category tint and motif, ornaments.
    static let background = CardLayers(rawValue: 1)
    /// The roast's text.
    static let roastText = CardLayers(rawValue: 2)
    /// Logo, spice indicator, category pill, rule and deep link.
    static let chrome = CardLayers(rawValue: 4)

    static let all: CardLayers = [.background, .roastText, .chrome]
}
