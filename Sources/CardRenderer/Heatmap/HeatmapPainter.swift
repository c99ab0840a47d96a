import CardModel
import RoastCore

/// Draws a streak heatmap onto a canvas.
struct HeatmapPainter {
    /// Active days.
    static let activeColor = Theme.crimson
    /// Active days of the current streak.
    static let streakColor = Theme.sand
    /// Missed days a freeze bridged (ice).
    static let frozenColor = Theme.ice
    /// Days without activity.
    static let idleColor = RGBColor.white
    static let idleAlpha = 0.08

    let heatmap: StreakHeatmap
    let session: FontSession
    let geometry: HeatmapGeometry
    let labels: HeatmapLabels

    init(_ heatmap: StreakHeatmap, session: FontSession) {
        self.heatmap = heatmap
        self.session = session
        geometry = HeatmapGeometry(firstDay: heatmap.firstDay)
        labels = HeatmapLabels(language: heatmap.language)
    }

    /// Paints the whole picture; `background: false` leaves the canvas's own background (tests
    /// use it to find where the ink lands).
    func paint(on canvas: Canvas, background: Bool = true) {
        session.prepare(for: canvas)
        if background { drawBackground(on: canvas) }
        BrandMark(colors: Self.brand).draw(
            on: canvas, x: geometry.header.minX, y: geometry.header.minY, height: geometry.header.height, session: session)
        FittedText.fit(
            labels.title, font: .display, sizes: 32...56, in: geometry.title, alignment: .leading, wraps: false, session: session
        )
        .draw(on: canvas, color: .white)
        FittedText.fit(
            labels.subtitle(weeks: StreakHeatmap.weeks, activeDays: heatmap.activeDaysShown), font: .sans, sizes: 20...28,
            in: geometry.subtitle, alignment: .leading, wraps: false, session: session
        ).draw(on: canvas, color: Theme.sand)
        drawMonthLabels(on: canvas)
        drawWeekdayLabels(on: canvas)
        drawCells(on: canvas)
        drawLegend(on: canvas)
        drawTiles(on: canvas)
    }

    /// The fill of `day`'s cell and its opacity.
    func fill(for day: LocalDate) -> (color: RGBColor, alpha: Double) {
        if heatmap.frozenDays.contains(day), !heatmap.activeDays.contains(day) { return (Self.frozenColor, 1) }
        guard heatmap.activeDays.contains(day) else { return (Self.idleColor, Self.idleAlpha) }
        return heatmap.isInCurrentStreak(day) ? (Self.streakColor, 1) : (Self.activeColor, 1)
    }

    private static let brand = BrandMark.Colors(
        badge: Theme.crimson, flameTop: Theme.ivory, flameBottom: Theme.sand, core: Theme.crimson, wordRoast: .white,
        wordMeLater: Theme.sand)

    private func drawBackground(on canvas: Canvas) {
        let bounds = canvas.bounds
        canvas.fillLinearGradient(bounds, from: (0, 0), to: (0, bounds.height), stops: [(0, Theme.navy), (1, Theme.night)])
        canvas.fillRadialGlow(centerX: bounds.width, centerY: 0, radius: bounds.width * 0.7, Theme.crimson, alpha: 0.3)
    }

    private func drawCells(on canvas: Canvas) {
        var day = heatmap.firstDay
        while day <= heatmap.today {
            let rect = geometry.cell(for: day)
            let (color, alpha) = fill(for: day)
            canvas.fillRoundedRect(rect, radius: 8, color, alpha: alpha)
            if day == heatmap.today {
                canvas.strokeRoundedRect(rect.insetBy(dx: -3, dy: -3), radius: 10, lineWidth: 2.5, .white, alpha: 0.9)
            }
            day = day.adding(days: 1)
        }
    }

    private func drawMonthLabels(on canvas: Canvas) {
        for label in HeatmapGeometry.monthLabels(firstDay: heatmap.firstDay) {
            let x = geometry.monthRow.minX + Double(label.column) * HeatmapGeometry.pitch
            let frame = Rect(x: x, y: geometry.monthRow.minY, width: min(120, geometry.monthRow.maxX - x), height: geometry.monthRow.height)
            FittedText.fit(
                labels.month(label.month), font: .sans, sizes: 16...22, in: frame, alignment: .leading, wraps: false, session: session
            )
            .draw(on: canvas, color: .white, alpha: 0.7)
        }
    }

    private func drawWeekdayLabels(on canvas: Canvas) {
        for row in 0..<7 {
            guard let text = labels.weekday(row: row) else { continue }
            FittedText.fit(
                text, font: .sans, sizes: 16...22, in: geometry.weekdayLabel(row: row), alignment: .leading, wraps: false, session: session
            ).draw(on: canvas, color: .white, alpha: 0.7)
        }
    }

    private func drawLegend(on canvas: Canvas) {
        let legend = geometry.legend
        var x = legend.maxX
        var entries = [(labels.legendStreak, Self.streakColor), (labels.legendActive, Self.activeColor)]
        // The frozen day's colour is explained only when the grid shows one.
        if heatmap.frozenDays.contains(where: heatmap.shownDays.contains) { entries.insert((labels.legendFrozen, Self.frozenColor), at: 0) }
        for (text, color) in entries {
            let layout = TextLayout(text, font: .sans, size: 22, session: session, width: nil)
            let logical = layout.extents.logical
            x -= logical.width
            layout.draw(on: canvas, x: x, y: legend.midY - logical.height / 2 - logical.minY, color: .white, alpha: 0.75)
            x -= 32
            canvas.fillRoundedRect(Rect(x: x, y: legend.midY - 11, width: 22, height: 22), radius: 5, color)
            x -= 36
        }
    }

    private func drawTiles(on canvas: Canvas) {
        let milestone: String
        if let next = heatmap.nextMilestone {
            milestone = labels.days(next) + " · " + labels.toGo(max(0, next - heatmap.currentStreak))
        } else {
            milestone = labels.allMilestonesReached
        }
        let contents = [
            (labels.current, "🔥 " + labels.days(heatmap.currentStreak)), (labels.longest, labels.days(heatmap.longestStreak)),
            (labels.nextMilestone, milestone),
        ]
        for (tile, (caption, value)) in zip(geometry.tiles, contents) {
            canvas.fillRoundedRect(tile, radius: 22, .white, alpha: 0.07)
            let inner = tile.insetBy(dx: 24, dy: 16)
            FittedText.fit(
                caption, font: .sans, sizes: 16...24, in: Rect(x: inner.minX, y: inner.minY, width: inner.width, height: 32),
                alignment: .leading, verticalAlignment: 0, wraps: false, session: session
            ).draw(on: canvas, color: Theme.sand)
            FittedText.fit(
                value, font: .display, sizes: 22...40,
                in: Rect(x: inner.minX, y: inner.minY + 36, width: inner.width, height: inner.height - 36),
                alignment: .leading, wraps: false, session: session
            ).draw(on: canvas, color: .white)
        }
    }
}
