/// A font family (as fontconfig names it) with weight and slant; the size is chosen per layout.
struct FontSpec: Sendable, Hashable {
    var family: String
    var isBold: Bool
    var isItalic: Bool

    init(_ family: String, bold: Bool = false, italic: Bool = false) {
        self.family = family
        isBold = bold
        isItalic = italic
    }

    /// Noto Sans Display: the roast text and headings of most templates (Latin with every
    /// Vietnamese diacritic).
    static let display = FontSpec("Noto Sans Display", bold: true)
    static let sans = FontSpec("Noto Sans")
    static let sansBold = FontSpec("Noto Sans", bold: true)
    static let serifDisplay = FontSpec("Noto Serif Display", bold: true)
    static let serifItalic = FontSpec("Noto Serif", italic: true)
}
