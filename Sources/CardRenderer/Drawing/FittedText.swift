import CPangoCairo

/// A text block sized to fit a frame: the largest font size at which the wrapped text fits,
/// shrinking down to a floor; below the floor the text is cut with "…"; and should even that not
/// fit (a single cluster piled with hundreds of marks), the block is scaled down as a whole.
/// What is drawn never leaves the frame.
struct FittedText {
    let layout: TextLayout
    /// Where the layout's origin goes on the canvas.
    let origin: (x: Double, y: Double)
    /// 1 unless the last-resort scaling was needed.
    let scale: Double
    /// The canvas area the text occupies (ink and line boxes), inside the frame.
    let occupied: Rect

    var size: Double { layout.size }
    var isEllipsized: Bool { layout.isEllipsized }

    /// Lays `text` out in `frame`, trying sizes from `sizes.upperBound` down to `sizes.lowerBound`.
    ///
    /// - Parameters:
    ///   - verticalAlignment: where a block shorter than the frame sits (0 top, 0.5 middle, 1 bottom).
    ///   - wraps: false keeps each paragraph on one line, cut in the middle with "…" below the
    ///     smallest size.
    static func fit(
        _ text: String, font: FontSpec, sizes: ClosedRange<Double>, in frame: Rect, alignment: TextAlignment,
        verticalAlignment: Double = 0.5, lineSpacing: Double = 0, wraps: Bool = true, session: FontSession
    ) -> FittedText {
        // A pixel of room on every side: antialiasing may touch the pixel at an extent's edge.
        let frame = frame.insetBy(dx: 1, dy: 1)
        let layout = TextLayout(
            text, font: font, size: sizes.upperBound, session: session, width: wraps ? frame.width : nil, alignment: alignment)
        if lineSpacing > 0 { layout.setLineSpacing(lineSpacing) }
        func fits() -> Bool {
            let bounds = layout.bounds
            return bounds.width <= frame.width && bounds.height <= frame.height
        }
        if !fits() {
            // The largest size on a 2 px scale (down from the top) that fits. Fitting is monotonic
            // in the size for all practical purposes, so a binary search needs ~5 layouts instead
            // of ~25; and a coarse scale keeps few font sizes in Cairo's glyph caches.
            let candidates = Array(Swift.stride(from: sizes.upperBound - 2, through: sizes.lowerBound, by: -2)) + [sizes.lowerBound]
            var low = 0
            var high = candidates.count - 1
            var best: Double?
            while low <= high {
                let middle = (low + high) / 2
                layout.setSize(candidates[middle])
                if fits() {
                    best = candidates[middle]
                    high = middle - 1
                } else {
                    low = middle + 1
                }
            }
            layout.setSize(best ?? sizes.lowerBound)
            if best == nil {
                if wraps {
                    layout.ellipsize(toHeight: frame.height)
                } else {
                    layout.ellipsize(toWidth: frame.width)
                }
            }
        }
        let bounds = layout.bounds
        let scale = min(1, frame.width / max(bounds.width, 1), frame.height / max(bounds.height, 1))
        let width = bounds.width * scale
        let height = bounds.height * scale
        // Centre the occupied box horizontally (the layout already aligns lines within its width,
        // and ink may stick out of the line boxes by a pixel or two); place it vertically as asked.
        let left =
            switch alignment {
            case .leading: frame.minX
            case .center: frame.minX + (frame.width - width) / 2
            case .trailing: frame.maxX - width
            }
        let top = frame.minY + (frame.height - height) * verticalAlignment
        let occupied = Rect(x: left, y: top, width: width, height: height)
        return FittedText(
            layout: layout, origin: (occupied.minX - bounds.minX * scale, occupied.minY - bounds.minY * scale), scale: scale,
            occupied: occupied)
    }

    func draw(on canvas: Canvas, color: RGBColor, alpha: Double = 1) {
        guard scale < 1 else {
            layout.draw(on: canvas, x: origin.x, y: origin.y, color: color, alpha: alpha)
            return
        }
        canvas.withSavedState {
            cairo_translate(canvas.context, origin.x, origin.y)
            cairo_scale(canvas.context, scale, scale)
            layout.draw(on: canvas, x: 0, y: 0, color: color, alpha: alpha)
        }
    }
}
