import CPangoCairo

/// Pango's view of the installed fonts: a font map of this renderer's own (fontconfig underneath)
/// and the context every layout is made from.
///
/// Creating it makes fontconfig read its configuration and font cache, which is why the renderer
/// creates it on the first render and not before. Pango documents font maps as safe to use from one
/// thread at a time; the renderer's lock guarantees that.
final class FontSession {
    /// `PangoFontMap *`.
    let fontMap: UnsafeMutablePointer<PangoFontMap>
    /// `PangoContext *`.
    let context: OpaquePointer

    init() {
        fontMap = pango_cairo_font_map_new()
        context = pango_font_map_create_context(fontMap)
        // Pictures, not screens: greyscale antialiasing (no colour fringes), outlines unhinted and
        // glyphs placed at fractional positions, so text looks the same at every size.
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
    }

    /// Points the context at `canvas` (its transformation and font options); layouts made after
    /// this measure what will be drawn there.
    func prepare(for canvas: Canvas) {
        pango_cairo_update_context(canvas.context, context)
    }
}
