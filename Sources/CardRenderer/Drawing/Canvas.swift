import CPangoCairo

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A Cairo image surface and its drawing context: the card being drawn.
///
/// Opaque canvases (`RGB24`) are what cards and heatmaps use: no alpha channel to encode, so
/// smaller and faster PNGs. Transparent canvases (`ARGB32`) let tests draw one layer alone and
/// find its ink. Not thread-safe: a canvas lives inside one render, under the renderer's lock.
final class Canvas {
    let width: Int
    let height: Int
    let isOpaque: Bool
    /// `cairo_surface_t *`.
    let surface: OpaquePointer
    /// `cairo_t *`.
    let context: OpaquePointer

    /// The pixels, mapped from the system directly rather than through `malloc`: an image is
    /// megabytes, and the C allocator would keep such blocks after the first ones were freed
    /// (glibc raises its mapping threshold), so resident memory would grow by the size of the last
    /// pictures after rendering stops. Unmapped, the pages go back at once. Every page is written
    /// anyway, so they are mapped in at once (`MAP_POPULATE`) rather than one fault at a time.
    private let pixels: UnsafeMutableRawPointer
    private let byteCount: Int

    init(width: Int, height: Int, opaque: Bool) throws(CardRenderingError) {
        self.width = width
        self.height = height
        isOpaque = opaque
        let format = opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32
        let stride = Int(cairo_format_stride_for_width(format, Int32(width)))
        byteCount = stride * height
        guard stride > 0,
            let mapped = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0),
            mapped != MAP_FAILED
        else { throw .cairo("no memory for a \(width)×\(height) image") }
        pixels = mapped
        surface = cairo_image_surface_create_for_data(
            pixels.assumingMemoryBound(to: UInt8.self), format, Int32(width), Int32(height), Int32(stride))
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            munmap(pixels, byteCount)
            throw .cairo(String(cString: cairo_status_to_string(status)))
        }
        context = cairo_create(surface)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
        munmap(pixels, byteCount)
    }

    var bounds: Rect { Rect(x: 0, y: 0, width: Double(width), height: Double(height)) }

    // MARK: Paths and paint

    func setColor(_ color: RGBColor, alpha: Double = 1) {
        cairo_set_source_rgba(context, color.red, color.green, color.blue, alpha)
    }

    func fill(_ rect: Rect, _ color: RGBColor, alpha: Double = 1) {
        setColor(color, alpha: alpha)
        cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
        cairo_fill(context)
    }

    /// Adds a rectangle with rounded corners to the current path.
    func addRoundedRect(_ rect: Rect, radius: Double) {
        let r = min(radius, rect.width / 2, rect.height / 2)
        cairo_new_sub_path(context)
        cairo_arc(context, rect.maxX - r, rect.minY + r, r, -.pi / 2, 0)
        cairo_arc(context, rect.maxX - r, rect.maxY - r, r, 0, .pi / 2)
        cairo_arc(context, rect.minX + r, rect.maxY - r, r, .pi / 2, .pi)
        cairo_arc(context, rect.minX + r, rect.minY + r, r, .pi, 1.5 * .pi)
        cairo_close_path(context)
    }

    func fillRoundedRect(_ rect: Rect, radius: Double, _ color: RGBColor, alpha: Double = 1) {
        addRoundedRect(rect, radius: radius)
        setColor(color, alpha: alpha)
        cairo_fill(context)
    }

    func strokeRoundedRect(_ rect: Rect, radius: Double, lineWidth: Double, _ color: RGBColor, alpha: Double = 1) {
        addRoundedRect(rect, radius: radius)
        setColor(color, alpha: alpha)
        cairo_set_line_width(context, lineWidth)
        cairo_stroke(context)
    }

    func fillCircle(centerX: Double, centerY: Double, radius: Double, _ color: RGBColor, alpha: Double = 1) {
        cairo_new_sub_path(context)
        cairo_arc(context, centerX, centerY, radius, 0, 2 * .pi)
        setColor(color, alpha: alpha)
        cairo_fill(context)
    }

    /// Fills `rect` with a linear gradient from (`x0`, `y0`) to (`x1`, `y1`) through `stops`
    /// (offset 0…1, colour).
    func fillLinearGradient(
        _ rect: Rect, from start: (x: Double, y: Double), to end: (x: Double, y: Double), stops: [(Double, RGBColor)], alpha: Double = 1
    ) {
        let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)
        for (offset, color) in stops {
            cairo_pattern_add_color_stop_rgba(pattern, offset, color.red, color.green, color.blue, alpha)
        }
        cairo_set_source(context, pattern)
        cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
        cairo_fill(context)
        cairo_pattern_destroy(pattern)
    }

    /// Paints a soft round glow: `color` at `alpha` in the centre fading to nothing at `radius`.
    ///
    /// The glow is computed on a 64×64 image and scaled up with bilinear filtering: a radial
    /// gradient evaluated for each of a story's two million pixels took a third of a card's time,
    /// and a smooth glow looks the same either way.
    func fillRadialGlow(centerX: Double, centerY: Double, radius: Double, _ color: RGBColor, alpha: Double) {
        let side: Int32 = 64
        let glow = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, side, side)
        defer { cairo_surface_destroy(glow) }
        let glowContext = cairo_create(glow)
        let half = Double(side) / 2
        let pattern = cairo_pattern_create_radial(half, half, 0, half, half, half)
        cairo_pattern_add_color_stop_rgba(pattern, 0, color.red, color.green, color.blue, alpha)
        cairo_pattern_add_color_stop_rgba(pattern, 1, color.red, color.green, color.blue, 0)
        cairo_set_source(glowContext, pattern)
        cairo_paint(glowContext)
        cairo_pattern_destroy(pattern)
        cairo_destroy(glowContext)
        withSavedState {
            cairo_translate(context, centerX - radius, centerY - radius)
            cairo_scale(context, radius / half, radius / half)
            cairo_set_source_surface(context, glow, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_BILINEAR)
            cairo_rectangle(context, 0, 0, Double(side), Double(side))
            cairo_fill(context)
        }
    }

    /// Runs `body` with the graphics state saved and restored around it.
    func withSavedState(_ body: () throws -> Void) rethrows {
        cairo_save(context)
        defer { cairo_restore(context) }
        try body()
    }

    /// Draws `body` into a group and paints it at `alpha`: how colour emoji, which ignore the
    /// source colour, are dimmed.
    func withOpacity(_ alpha: Double, _ body: () throws -> Void) rethrows {
        cairo_push_group(context)
        defer {
            cairo_pop_group_to_source(context)
            cairo_paint_with_alpha(context, alpha)
        }
        try body()
    }

    // MARK: Output

    /// The canvas as PNG bytes (opaque canvases only: pictures leave the renderer opaque).
    func pngData() throws(CardRenderingError) -> [UInt8] {
        precondition(isOpaque, "only opaque canvases are encoded")
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { throw .cairo("the surface has no pixels") }
        return try PNGEncoder.encode(
            pixels: UnsafeRawPointer(data), width: width, height: height, stride: Int(cairo_image_surface_get_stride(surface)))
    }

    /// A copy of the pixels, for tests that look at what was drawn.
    func bitmap() -> Bitmap {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let pixels = [UInt32](unsafeUninitializedCapacity: width * height) { buffer, count in
            if let data = cairo_image_surface_get_data(surface), let base = buffer.baseAddress {
                for row in 0..<height {
                    UnsafeMutableRawPointer(base + row * width).copyMemory(from: data + row * stride, byteCount: 4 * width)
                }
                count = width * height
            } else {
                buffer.initialize(repeating: 0)
                count = width * height
            }
        }
        return Bitmap(width: width, height: height, hasAlpha: !isOpaque, pixels: pixels)
    }
}
