import CPangoCairo
import CardModel
import RoastCore

/// Draws one roast card onto a canvas.
struct CardPainter {
    /// Roasts longer than this many characters are cut with "…" before layout: no card could show
    /// more at its smallest size anyway.
    static let maxRoastCharacters = 1_200
    static let maxLinkCharacters = 200

    let card: RoastCard
    let session: FontSession
    let geometry: CardGeometry
    let style: TemplateStyle

    init(_ card: RoastCard, session: FontSession) {
        self.card = card
        self.session = session
        geometry = CardGeometry(card.format)
        style = TemplateStyle(card.template, card.category)
    }

    func paint(on canvas: Canvas, layers: CardLayers = .all) {
        session.prepare(for: canvas)
        if layers.contains(.background) { style.drawBackground(on: canvas, geometry, session: session) }
        if layers.contains(.roastText) { fittedRoast().draw(on: canvas, color: style.roastColor) }
        if layers.contains(.chrome) {
            drawHeader(on: canvas)
            drawCategoryPill(on: canvas)
            drawFooter(on: canvas)
        }
    }

    /// The roast's text laid out in its frame.
    func fittedRoast() -> FittedText {
        let text = SanitizedText(card.text, limit: Self.maxRoastCharacters).value
        return FittedText.fit(
            text, font: style.roastFont, sizes: geometry.roastSizes, in: style.roastTextFrame(geometry), alignment: style.roastAlignment,
            lineSpacing: 1.0, session: session)
    }

    // MARK: Chrome

    private func drawHeader(on canvas: Canvas) {
        let header = geometry.header
        BrandMark(colors: style.brand).draw(on: canvas, x: header.minX, y: header.minY, height: header.height, session: session)
        // The spice indicator: five chillies at the right, the unused ones faded.
        let chilli = TextLayout("🌶️", font: .sans, size: 40, session: session, width: nil)
        let bounds = chilli.bounds
        let step = bounds.width + 6
        let y = header.midY - bounds.height / 2 - bounds.minY
        for index in 0..<SpiceLevel.range.upperBound {
            let x = header.maxX - Double(SpiceLevel.range.upperBound - index) * step + 6 - bounds.minX
            if index < card.spice.rawValue {
                chilli.draw(on: canvas, x: x, y: y, color: .white)
            } else {
                canvas.withOpacity(style.unusedSpiceAlpha) { chilli.draw(on: canvas, x: x, y: y, color: .white) }
            }
        }
    }

    private func drawCategoryPill(on canvas: Canvas) {
        let row = geometry.categoryRow
        let label = "\(card.category.emoji)  \(card.category.name(in: card.language))" + (card.collectionLabel.map { "  ·  \($0)" } ?? "")
        let padding = 26.0
        let text = FittedText.fit(
            label, font: .sansBold, sizes: 20...30,
            in: Rect(x: row.minX + padding, y: row.minY, width: row.width - 2 * padding, height: row.height),
            alignment: .leading, wraps: false, session: session)
        let pill = style.pill
        canvas.fillRoundedRect(
            Rect(x: row.minX, y: row.minY, width: text.occupied.width + 2 * padding, height: row.height), radius: row.height / 2, pill.fill,
            alpha: pill.alpha)
        text.draw(on: canvas, color: pill.text)
    }

    private func drawFooter(on canvas: Canvas) {
        let footer = geometry.footer
        canvas.fill(Rect(x: footer.minX, y: footer.minY, width: footer.width, height: 2), style.ruleColor, alpha: 0.35)
        let line = Rect(x: footer.minX, y: footer.minY + 18, width: footer.width, height: footer.height - 18)
        let link = SanitizedText(card.deepLink, limit: Self.maxLinkCharacters, singleLine: true).value
        let invitation = TextLayout(CardLabels(language: card.language).invitation, font: .sans, size: 28, session: session, width: nil)
        let gap = 14.0
        // The link takes what the invitation leaves, shrinking and then cutting with "…" if long.
        let linkFrame = Rect(
            x: line.minX + invitation.bounds.width + gap, y: line.minY, width: line.width - invitation.bounds.width - gap,
            height: line.height)
        let linkText = FittedText.fit(
            link, font: .sansBold, sizes: 18...28, in: linkFrame, alignment: .leading, wraps: false, session: session)
        let invitationLogical = invitation.extents.logical
        let baselineOffset = (line.height - invitationLogical.height) / 2 - invitationLogical.minY
        invitation.draw(on: canvas, x: line.minX, y: line.minY + baselineOffset, color: style.captionColor, alpha: 0.8)
        linkText.draw(on: canvas, color: style.linkColor)
    }
}
