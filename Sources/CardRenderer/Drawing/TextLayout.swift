import CPangoCairo

/// A paragraph of plain text shaped by Pango (HarfBuzz) in one font at one size.
///
/// The text is always set with `pango_layout_set_text`, never as markup, so whatever a roast
/// contains is drawn as written. Not thread-safe: used inside one render only.
final class TextLayout {
    /// `PangoLayout *`.
    let layout: OpaquePointer
    private(set) var font: FontSpec
    private(set) var size: Double

    /// - Parameters:
    ///   - width: the wrapping width in pixels; nil lays the text out on one line per paragraph.
    init(_ text: String, font: FontSpec, size: Double, session: FontSession, width: Double?, alignment: TextAlignment = .leading) {
        layout = pango_layout_new(session.context)
        self.font = font
        self.size = size
        var text = text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { pango_layout_set_text(layout, $0.baseAddress, Int32($0.count)) }
        }
        if let width {
            pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        }
        switch alignment {
        case .leading: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .trailing: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        applyFont()
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(layout))
    }

    /// Changes the font size (pixels) and lays the text out again.
    func setSize(_ newSize: Double) {
        size = newSize
        applyFont()
    }

    /// Cuts the text with "…" so that it fits `height` pixels (needs a wrapping width).
    func ellipsize(toHeight height: Double) {
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        pango_layout_set_height(layout, Int32(height * Double(PANGO_SCALE)))
    }

    /// Keeps each paragraph on one line of at most `width` pixels, cutting its middle with "…".
    func ellipsize(toWidth width: Double) {
        pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_MIDDLE)
    }

    /// Lines are spaced at `factor` times the font's natural line height.
    func setLineSpacing(_ factor: Double) {
        pango_layout_set_line_spacing(layout, Float(factor))
    }

    /// The ink rectangle (what is painted) and the logical rectangle (the lines' boxes), relative to
    /// the layout's origin, in pixels.
    var extents: (ink: Rect, logical: Rect) {
        var ink = PangoRectangle()
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        return (Self.pixels(ink), Self.pixels(logical))
    }

    /// Everything the layout occupies: its ink and its lines' boxes together.
    var bounds: Rect {
        let (ink, logical) = extents
        return ink.width > 0 && ink.height > 0 ? ink.union(logical) : logical
    }

    var isEllipsized: Bool { pango_layout_is_ellipsized(layout) != 0 }
    var lineCount: Int { Int(pango_layout_get_line_count(layout)) }

    /// Characters no installed font could draw (each would show as a box).
    var unknownGlyphCount: Int { Int(pango_layout_get_unknown_glyphs_count(layout)) }

    /// Draws the layout with its origin at (`x`, `y`) in `color`; colour glyphs (emoji) keep
    /// their own colours.
    func draw(on canvas: Canvas, x: Double, y: Double, color: RGBColor, alpha: Double = 1) {
        canvas.setColor(color, alpha: alpha)
        cairo_move_to(canvas.context, x, y)
        pango_cairo_show_layout(canvas.context, layout)
    }

    /// The shaped runs in visual order: each run's text and the family of the font that drew it.
    func runs() -> [ShapedRun] {
        guard let iterator = pango_layout_get_iter(layout) else { return [] }
        defer { pango_layout_iter_free(iterator) }
        let text = pango_layout_get_text(layout).map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) }
        var runs: [ShapedRun] = []
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iterator), let item = run.pointee.item?.pointee else { continue }
            var family = ""
            if let description = pango_font_describe(item.analysis.font) {
                if let name = pango_font_description_get_family(description) { family = String(cString: name) }
                pango_font_description_free(description)
            }
            var runText = ""
            if let text {
                runText = String(decoding: UnsafeBufferPointer(start: text + Int(item.offset), count: Int(item.length)), as: UTF8.self)
            }
            runs.append(ShapedRun(text: runText, fontFamily: family))
        } while pango_layout_iter_next_run(iterator) != 0
        return runs
    }

    private func applyFont() {
        let description = pango_font_description_new()
        font.family.withCString { pango_font_description_set_family(description, $0) }
        pango_font_description_set_weight(description, font.isBold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_font_description_set_style(description, font.isItalic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        pango_font_description_set_absolute_size(description, size * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
    }

    private static func pixels(_ rectangle: PangoRectangle) -> Rect {
        let scale = Double(PANGO_SCALE)
        return Rect(
            x: Double(rectangle.x) / scale, y: Double(rectangle.y) / scale, width: Double(rectangle.width) / scale,
            height: Double(rectangle.height) / scale)
    }
}
