import CPangoCairo
import CardModel
import RoastCore

/// One template's look for one category: its background and the colours and fonts of what is
/// drawn over it.
struct TemplateStyle {
    let template: CardTemplate
    let category: CategoryStyle

    init(_ template: CardTemplate, _ category: RoastCategory) {
        self.template = template
        self.category = CategoryStyle(category)
    }

    // MARK: Type and colours

    var roastFont: FontSpec {
        switch template {
        case .paper: .serifDisplay
        case .crimson, .midnight, .ember, .sunset: .display
        }
    }

    var roastColor: RGBColor {
        switch template {
        case .crimson, .midnight: .white
        case .paper, .sunset: Theme.ink
        case .ember: Theme.ivory
        }
    }

    var roastAlignment: TextAlignment {
        switch template {
        case .midnight, .sunset: .leading
        case .crimson, .paper, .ember: .center
        }
    }

    /// Whether the roast sits on a light panel of its own.
    var hasPanel: Bool { template == .sunset }

    /// The frame the roast's text must stay in.
    func roastTextFrame(_ geometry: CardGeometry) -> Rect {
        switch template {
        case .midnight:
            // Room for the crimson bar on the left.
            Rect(
                x: geometry.roastRegion.minX + 44, y: geometry.roastRegion.minY, width: geometry.roastRegion.width - 56,
                height: geometry.roastRegion.height)
        default:
            geometry.roastTextFrame(onPanel: hasPanel)
        }
    }

    /// Small text: the caption before the link.
    var captionColor: RGBColor {
        switch template {
        case .crimson, .midnight, .sunset: .white
        case .paper: Theme.navy
        case .ember: Theme.sand
        }
    }

    var linkColor: RGBColor {
        switch template {
        case .crimson, .midnight, .sunset: .white
        case .paper: Theme.crimson.mixed(with: .black, 0.15)
        case .ember: Theme.ivory
        }
    }

    var ruleColor: RGBColor {
        switch template {
        case .crimson, .midnight, .sunset: .white
        case .paper: Theme.navy
        case .ember: Theme.sand
        }
    }

    /// The category pill's fill, its opacity and its text colour.
    var pill: (fill: RGBColor, alpha: Double, text: RGBColor) {
        switch template {
        case .crimson: (.white, 0.18, .white)
        case .midnight: (category.tint.mixed(with: .white, 0.25), 0.35, .white)
        case .paper: (category.tint, 1, category.tint.isLight ? Theme.ink : .white)
        case .ember: (Theme.sand, 0.16, Theme.sand)
        case .sunset: (Theme.navy, 0.88, .white)
        }
    }

    /// Opacity of the spice indicator's unused chillies.
    var unusedSpiceAlpha: Double { template == .paper ? 0.22 : 0.3 }

    var brand: BrandMark.Colors {
        switch template {
        case .crimson:
            BrandMark.Colors(
                badge: .white, flameTop: Theme.crimson, flameBottom: Theme.deepRed, core: Theme.sand, wordRoast: .white,
                wordMeLater: Theme.sand)
        case .midnight:
            BrandMark.Colors(
                badge: Theme.crimson, flameTop: Theme.ivory, flameBottom: Theme.sand, core: Theme.crimson, wordRoast: .white,
                wordMeLater: Theme.sand)
        case .paper:
            BrandMark.Colors(
                badge: Theme.crimson, flameTop: Theme.ivory, flameBottom: Theme.sand, core: Theme.crimson, wordRoast: Theme.navy,
                wordMeLater: Theme.crimson)
        case .ember:
            BrandMark.Colors(
                badge: nil, flameTop: Theme.sand, flameBottom: Theme.crimson, core: Theme.ivory, wordRoast: Theme.ivory,
                wordMeLater: Theme.sand)
        case .sunset:
            BrandMark.Colors(
                badge: Theme.navy, flameTop: Theme.sand, flameBottom: Theme.crimson, core: Theme.ivory, wordRoast: Theme.navy,
                wordMeLater: Theme.deepRed)
        }
    }

    // MARK: Background

    /// Paints the whole canvas: base colour or gradient, the category's tint and motif, and the
    /// template's ornaments (panel, frame, quotation mark).
    func drawBackground(on canvas: Canvas, _ geometry: CardGeometry, session: FontSession) {
        let bounds = canvas.bounds
        let w = bounds.width
        let h = bounds.height
        let tint = category.tint
        switch template {
        case .crimson:
            canvas.fillLinearGradient(
                bounds, from: (0, 0), to: (w, h),
                stops: [
                    (0, Theme.crimson.mixed(with: tint, 0.45)), (0.55, Theme.crimson.mixed(with: Theme.deepRed, 0.5)), (1, Theme.deepRed),
                ])
            canvas.fillRadialGlow(centerX: w, centerY: 0, radius: w * 0.9, tint.mixed(with: .white, 0.2), alpha: 0.35)
            category.motif.draw(on: canvas, in: bounds, color: .white, alpha: 0.07)
            drawQuoteMark(on: canvas, geometry, color: .white, alpha: 0.12, session: session)
        case .midnight:
            canvas.fillLinearGradient(bounds, from: (0, 0), to: (0, h), stops: [(0, Theme.navy), (1, Theme.night)])
            canvas.fillRadialGlow(centerX: w, centerY: 0, radius: w * 1.0, tint.mixed(with: .white, 0.1), alpha: 0.55)
            canvas.fillRadialGlow(centerX: 0, centerY: h, radius: w * 0.8, Theme.crimson, alpha: 0.28)
            category.motif.draw(on: canvas, in: bounds, color: tint.mixed(with: .white, 0.45), alpha: 0.09)
            let region = geometry.roastRegion
            canvas.fillRoundedRect(
                Rect(x: region.minX, y: region.minY + 8, width: 10, height: region.height - 16), radius: 5, Theme.crimson)
        case .paper:
            canvas.fill(bounds, Theme.cream.mixed(with: tint, 0.1))
            category.motif.draw(on: canvas, in: bounds, color: tint, alpha: 0.1)
            canvas.fill(Rect(x: 0, y: 0, width: w, height: 22), tint)
            canvas.fill(Rect(x: 0, y: h - 22, width: w, height: 22), tint)
            drawQuoteMark(on: canvas, geometry, color: Theme.crimson, alpha: 0.14, session: session)
        case .ember:
            canvas.fill(bounds, Theme.charcoal)
            canvas.fillRadialGlow(centerX: w / 2, centerY: h * 1.02, radius: w * 1.05, Theme.deepRed, alpha: 0.95)
            canvas.fillRadialGlow(centerX: w / 2, centerY: h, radius: w * 0.6, Theme.crimson, alpha: 0.55)
            canvas.fillRadialGlow(centerX: 0, centerY: 0, radius: w * 0.95, tint.mixed(with: .white, 0.1), alpha: 0.5)
            category.motif.draw(on: canvas, in: bounds, color: Theme.sand, alpha: 0.06)
            canvas.strokeRoundedRect(bounds.insetBy(dx: 26, dy: 26), radius: 30, lineWidth: 3, Theme.sand, alpha: 0.65)
            canvas.strokeRoundedRect(bounds.insetBy(dx: 38, dy: 38), radius: 22, lineWidth: 1.5, Theme.sand, alpha: 0.35)
            drawQuoteMark(on: canvas, geometry, color: Theme.sand, alpha: 0.12, session: session)
        case .sunset:
            canvas.fillLinearGradient(
                bounds, from: (0, 0), to: (0, h), stops: [(0, Theme.sand), (0.5, Theme.crimson), (1, Theme.deepRed)])
            canvas.fillRadialGlow(centerX: w * 0.85, centerY: h * 0.1, radius: w * 0.7, tint.mixed(with: .white, 0.3), alpha: 0.6)
            canvas.fillCircle(
                centerX: w * 0.82, centerY: geometry.roastRegion.minY, radius: w * 0.22, tint.mixed(with: .white, 0.55), alpha: 0.5)
            category.motif.draw(on: canvas, in: bounds, color: .white, alpha: 0.08)
            drawPanel(on: canvas, geometry.roastRegion)
            drawQuoteMark(on: canvas, geometry, color: Theme.crimson, alpha: 0.16, session: session)
        }
    }

    /// A white rounded panel with a soft shadow.
    private func drawPanel(on canvas: Canvas, _ rect: Rect) {
        for step in 1...6 {
            let spread = Double(step) * 4
            canvas.fillRoundedRect(
                rect.insetBy(dx: -spread, dy: -spread).offsetBy(dx: 0, dy: 14), radius: 40 + spread, .black, alpha: 0.035)
        }
        canvas.fillRoundedRect(rect, radius: 40, .white, alpha: 0.96)
        // The category's colour as a band along the panel's top edge, inside its rounded corners.
        canvas.withSavedState {
            canvas.addRoundedRect(rect, radius: 40)
            cairo_clip(canvas.context)
            canvas.fill(Rect(x: rect.minX, y: rect.minY, width: rect.width, height: 16), category.tint)
        }
    }

    /// A large opening quotation mark behind the top of the roast, as an ornament.
    private func drawQuoteMark(on canvas: Canvas, _ geometry: CardGeometry, color: RGBColor, alpha: Double, session: FontSession) {
        let size = geometry.format == .story ? 420.0 : 320
        let mark = TextLayout("\u{201C}", font: .serifDisplay, size: size, session: session, width: nil)
        let ink = mark.extents.ink
        let region = geometry.roastRegion
        let x = region.minX + (hasPanel ? 24 : -8) - ink.minX
        let y = region.minY + (hasPanel ? 20 : -size * 0.05) - ink.minY
        mark.draw(on: canvas, x: x, y: y, color: color, alpha: alpha)
    }
}
