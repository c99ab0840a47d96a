import CPangoCairo
import Foundation
import RoastCore

/// A line pattern that says the category at a glance (clocks for deadlines, calendar squares for
/// meetings, …), tiled behind the text at low opacity. Each template colours it its own way.
struct CategoryMotif: Sendable, Hashable {
    let category: RoastCategory

    /// Side of one tile, in pixels.
    static let tile: Double = 180

    /// Tiles `rect` with the motif in `color` at `alpha`; odd rows are shifted by half a tile.
    func draw(on canvas: Canvas, in rect: Rect, color: RGBColor, alpha: Double) {
        let cr = canvas.context
        canvas.withSavedState {
            cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
            cairo_clip(cr)
            canvas.setColor(color, alpha: alpha)
            cairo_set_line_width(cr, 5)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            let t = Self.tile
            var row = 0
            var y = rect.minY - t / 2
            while y < rect.maxY + t / 2 {
                var x = rect.minX - t + (row.isMultiple(of: 2) ? 0 : t / 2)
                var column = 0
                while x < rect.maxX + t / 2 {
                    drawTile(cr, centerX: x + t / 2, centerY: y + t / 2, variant: (row * 3 + column) % 4)
                    x += t
                    column += 1
                }
                y += t
                row += 1
            }
        }
    }

    /// One tile's figure around (`cx`, `cy`); `variant` (0…3) varies it so the pattern is not a grid
    /// of clones.
    private func drawTile(_ cr: OpaquePointer, centerX cx: Double, centerY cy: Double, variant: Int) {
        let v = Double(variant)
        switch category {
        case .deadlines:
            // A clock face with its hands at different times.
            cairo_new_sub_path(cr)
            cairo_arc(cr, cx, cy, 38, 0, 2 * .pi)
            cairo_stroke(cr)
            let minute = -Double.pi / 2 + v * 1.7
            let hour = -Double.pi / 2 + v * 2.3 + 1
            cairo_move_to(cr, cx, cy)
            cairo_line_to(cr, cx + 28 * cos(minute), cy + 28 * sin(minute))
            cairo_move_to(cr, cx, cy)
            cairo_line_to(cr, cx + 18 * cos(hour), cy + 18 * sin(hour))
            cairo_stroke(cr)
        case .meetings:
            // A calendar page: a header bar and a 3×2 grid of days, one of them filled.
            let left = cx - 42
            let top = cy - 36
            cairo_rectangle(cr, left, top, 84, 72)
            cairo_stroke(cr)
            cairo_move_to(cr, left, top + 20)
            cairo_line_to(cr, left + 84, top + 20)
            cairo_stroke(cr)
            for index in 0..<6 {
                let x = left + 10 + Double(index % 3) * 24
                let y = top + 28 + Double(index / 3) * 20
                cairo_rectangle(cr, x, y, 16, 12)
                if index == variant { cairo_fill(cr) } else { cairo_stroke(cr) }
            }
        case .kpis:
            // A rising bar chart under an arrow.
            for index in 0..<4 {
                let height = 16 + Double(index) * 14 + (index == variant ? 8 : 0)
                cairo_rectangle(cr, cx - 40 + Double(index) * 22, cy + 36 - height, 12, height)
                cairo_fill(cr)
            }
            cairo_move_to(cr, cx - 44, cy - 6)
            cairo_line_to(cr, cx - 10, cy - 24)
            cairo_line_to(cr, cx + 8, cy - 14)
            cairo_line_to(cr, cx + 42, cy - 40)
            cairo_move_to(cr, cx + 26, cy - 40)
            cairo_line_to(cr, cx + 42, cy - 40)
            cairo_line_to(cr, cx + 40, cy - 24)
            cairo_stroke(cr)
        case .codeReviews:
            // </> brackets.
            cairo_move_to(cr, cx - 22, cy - 26)
            cairo_line_to(cr, cx - 46, cy)
            cairo_line_to(cr, cx - 22, cy + 26)
            cairo_move_to(cr, cx + 22, cy - 26)
            cairo_line_to(cr, cx + 46, cy)
            cairo_line_to(cr, cx + 22, cy + 26)
            cairo_move_to(cr, cx + 10, cy - 32)
            cairo_line_to(cr, cx - 10, cy + 32)
            cairo_stroke(cr)
        case .workload:
            // A stack of papers, taller in some tiles.
            let sheets = 2 + variant % 3
            for index in 0..<sheets {
                let offset = Double(index) * 12
                cairo_rectangle(cr, cx - 34 + offset, cy - 40 + offset, 56, 66)
                cairo_stroke(cr)
            }
        case .colleagues:
            // Two people side by side: heads and shoulders.
            for dx in [-24.0, 24.0] {
                cairo_new_sub_path(cr)
                cairo_arc(cr, cx + dx, cy - 14, 14, 0, 2 * .pi)
                cairo_stroke(cr)
                cairo_new_sub_path(cr)
                cairo_arc(cr, cx + dx, cy + 34, 26, .pi, 2 * .pi)
                cairo_stroke(cr)
            }
        case .management:
            // Rank chevrons, one to three.
            let count = 1 + variant % 3
            for index in 0..<count {
                let y = cy - 10 + Double(index) * 20 - Double(count - 1) * 10
                cairo_move_to(cr, cx - 38, y + 16)
                cairo_line_to(cr, cx, y - 14)
                cairo_line_to(cr, cx + 38, y + 16)
            }
            cairo_stroke(cr)
        case .general:
            // A briefcase.
            cairo_rectangle(cr, cx - 42, cy - 20, 84, 56)
            cairo_stroke(cr)
            cairo_rectangle(cr, cx - 16, cy - 36, 32, 16)
            cairo_stroke(cr)
            cairo_move_to(cr, cx - 42, cy + 2)
            cairo_line_to(cr, cx + 42, cy + 2)
            cairo_stroke(cr)
        }
    }
}
