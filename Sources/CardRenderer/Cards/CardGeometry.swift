import CardModel

/// Where things go on a card of a given format, in pixels.
///
/// Everything but the background stays inside ``safeArea``. For stories the safe area leaves the
/// top and bottom 240 px free, where story viewers lay their own buttons and captions over the picture.
struct CardGeometry: Sendable, Hashable {
    let format: CardFormat
    /// Everything except the background is drawn inside this rectangle.
    let safeArea: Rect
    /// Top row: the logo on the left, the spice indicator on the right.
    let header: Rect
    /// Second row: the category pill.
    let categoryRow: Rect
    /// The region the roast's block lives in (templates with a panel draw it here).
    let roastRegion: Rect
    /// Bottom row: a rule and the deep link.
    let footer: Rect
    /// Largest and smallest font size of the roast text.
    let roastSizes: ClosedRange<Double>

    init(_ format: CardFormat) {
        self.format = format
        let canvas = Rect(x: 0, y: 0, width: Double(format.width), height: Double(format.height))
        switch format {
        case .post:
            safeArea = canvas.insetBy(dx: 64, dy: 64)
            roastSizes = 30...76
        case .story:
            safeArea = canvas.insetBy(dx: 72, dy: 240)
            roastSizes = 34...92
        }
        header = Rect(x: safeArea.minX, y: safeArea.minY, width: safeArea.width, height: 64)
        categoryRow = Rect(x: safeArea.minX, y: header.maxY + 28, width: safeArea.width, height: 60)
        footer = Rect(x: safeArea.minX, y: safeArea.maxY - 72, width: safeArea.width, height: 72)
        let regionTop = categoryRow.maxY + (format == .story ? 72 : 36)
        let regionBottom = footer.minY - (format == .story ? 72 : 36)
        roastRegion = Rect(x: safeArea.minX, y: regionTop, width: safeArea.width, height: regionBottom - regionTop)
    }

    /// The frame the roast's text must stay in: the region, or inside the panel for templates that
    /// draw one.
    func roastTextFrame(onPanel: Bool) -> Rect {
        onPanel ? roastRegion.insetBy(dx: 48, dy: 48) : roastRegion.insetBy(dx: 12, dy: 0)
    }
}
