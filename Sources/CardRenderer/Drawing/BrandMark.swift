import CPangoCairo

/// The RoastMeLater logo, drawn: a flame mark (optionally on a rounded badge) and the wordmark
/// "Roast" + "MeLater" in two colours.
struct BrandMark {
    struct Colors: Sendable, Hashable {
        /// The badge behind the flame; nil draws the flame alone.
        var badge: RGBColor?
        /// The flame's outer body, top to bottom.
        var flameTop: RGBColor
        var flameBottom: RGBColor
        /// The flame's inner core.
        var core: RGBColor
        var wordRoast: RGBColor
        var wordMeLater: RGBColor
    }

    let colors: Colors

    /// Draws the mark `height` pixels tall with its top left corner at (`x`, `y`) and returns the
    /// width it took.
    @discardableResult
    func draw(on canvas: Canvas, x: Double, y: Double, height: Double, session: FontSession) -> Double {
        let flameBox: Rect
        if let badge = colors.badge {
            let box = Rect(x: x, y: y, width: height, height: height)
            canvas.fillRoundedRect(box, radius: height * 0.26, badge)
            flameBox = box.insetBy(dx: height * 0.2, dy: height * 0.14)
        } else {
            flameBox = Rect(x: x, y: y, width: height * 0.78, height: height)
        }
        drawFlame(on: canvas, in: flameBox)
        let textSize = height * 0.56
        let roast = TextLayout("Roast", font: .display, size: textSize, session: session, width: nil)
        let meLater = TextLayout("MeLater", font: .display, size: textSize, session: session, width: nil)
        let logical = roast.extents.logical
        let textX = x + (colors.badge == nil ? height * 0.78 : height) + height * 0.22
        // Centre the line box on the mark.
        let textY = y + (height - logical.height) / 2 - logical.minY
        roast.draw(on: canvas, x: textX, y: textY, color: colors.wordRoast)
        meLater.draw(on: canvas, x: textX + logical.width, y: textY, color: colors.wordMeLater)
        return textX + logical.width + meLater.extents.logical.width - x
    }

    /// The flame, fitted to `box` (its design is 100×130 units).
    func drawFlame(on canvas: Canvas, in box: Rect) {
        let cr = canvas.context
        let scale = min(box.width / 100, box.height / 130)
        canvas.withSavedState {
            cairo_translate(cr, box.midX - 50 * scale, box.midY - 65 * scale)
            cairo_scale(cr, scale, scale)
            // Outer body: a tall tip with a smaller tongue on its left.
            cairo_move_to(cr, 50, 128)
            cairo_curve_to(cr, 22, 128, 6, 108, 8, 82)
            cairo_curve_to(cr, 10, 60, 24, 48, 26, 26)
            cairo_curve_to(cr, 38, 36, 44, 46, 45, 56)
            cairo_curve_to(cr, 54, 40, 62, 20, 56, 0)
            cairo_curve_to(cr, 80, 18, 96, 48, 94, 80)
            cairo_curve_to(cr, 92, 108, 76, 128, 50, 128)
            cairo_close_path(cr)
            let body = cairo_pattern_create_linear(0, 0, 0, 128)
            cairo_pattern_add_color_stop_rgb(body, 0, colors.flameTop.red, colors.flameTop.green, colors.flameTop.blue)
            cairo_pattern_add_color_stop_rgb(body, 1, colors.flameBottom.red, colors.flameBottom.green, colors.flameBottom.blue)
            cairo_set_source(cr, body)
            cairo_fill(cr)
            cairo_pattern_destroy(body)
            // Core.
            cairo_move_to(cr, 50, 124)
            cairo_curve_to(cr, 36, 124, 28, 112, 30, 98)
            cairo_curve_to(cr, 32, 86, 40, 80, 42, 66)
            cairo_curve_to(cr, 52, 74, 56, 84, 54, 94)
            cairo_curve_to(cr, 60, 88, 63, 80, 63, 72)
            cairo_curve_to(cr, 72, 84, 72, 98, 70, 106)
            cairo_curve_to(cr, 67, 118, 60, 124, 50, 124)
            cairo_close_path(cr)
            canvas.setColor(colors.core)
            cairo_fill(cr)
        }
    }
}
