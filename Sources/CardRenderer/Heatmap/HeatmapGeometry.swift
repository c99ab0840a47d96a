import CardModel
import RoastCore

/// Where the heatmap's parts go, in pixels; the grid's cells are found by date.
struct HeatmapGeometry: Sendable, Hashable {
    static let cell: Double = 37
    static let gap: Double = 7
    static var pitch: Double { cell + gap }
    static let labelColumn: Double = 70

    let firstDay: LocalDate
    /// Everything but the background stays inside this rectangle.
    let safeArea: Rect
    let header: Rect
    let title: Rect
    let subtitle: Rect
    let monthRow: Rect
    /// The cells' area (without the weekday labels).
    let grid: Rect
    let legend: Rect
    let tiles: [Rect]

    init(firstDay: LocalDate) {
        self.firstDay = firstDay
        let width = Double(StreakHeatmap.width)
        let height = Double(StreakHeatmap.height)
        let gridWidth = Double(StreakHeatmap.weeks) * Self.pitch - Self.gap
        let left = ((width - gridWidth - Self.labelColumn) / 2).rounded(.down)
        let contentWidth = gridWidth + Self.labelColumn
        // 8 px around the content: room for the ring around today's cell and for antialiasing.
        safeArea = Rect(x: left - 8, y: 40, width: contentWidth + 16, height: height - 80)
        header = Rect(x: left, y: 48, width: contentWidth, height: 52)
        title = Rect(x: left, y: 128, width: contentWidth, height: 66)
        subtitle = Rect(x: left, y: 196, width: contentWidth, height: 40)
        monthRow = Rect(x: left + Self.labelColumn, y: 262, width: gridWidth, height: 30)
        grid = Rect(x: left + Self.labelColumn, y: 298, width: gridWidth, height: 7 * Self.pitch - Self.gap)
        legend = Rect(x: left, y: grid.maxY + 18, width: contentWidth, height: 34)
        let tileTop = legend.maxY + 26
        let tileWidth = (contentWidth - 2 * 20) / 3
        let tileHeight = height - 48 - tileTop
        tiles = (0..<3).map { Rect(x: left + Double($0) * (tileWidth + 20), y: tileTop, width: tileWidth, height: tileHeight) }
    }

    /// The grid column (week, 0 first) and row (weekday, 0 Monday) of `day`.
    func position(of day: LocalDate) -> (column: Int, row: Int) {
        (day.days(since: firstDay) / 7, day.isoWeekday - 1)
    }

    func cell(for day: LocalDate) -> Rect {
        let (column, row) = position(of: day)
        return Rect(
            x: grid.minX + Double(column) * Self.pitch, y: grid.minY + Double(row) * Self.pitch, width: Self.cell, height: Self.cell)
    }

    /// The weekday labels' rectangle for `row`.
    func weekdayLabel(row: Int) -> Rect {
        Rect(x: grid.minX - Self.labelColumn, y: grid.minY + Double(row) * Self.pitch, width: Self.labelColumn - 12, height: Self.cell)
    }

    /// The month names above the grid: each month that starts in a column is named over that column;
    /// the first column's month (the one starting in it, else its partial month) only when the next
    /// name is at least three columns away,
    /// as names are about three columns wide.
    static func monthLabels(firstDay: LocalDate) -> [(column: Int, month: Int)] {
        var starts: [(column: Int, month: Int)] = []
        for column in 1..<StreakHeatmap.weeks {
            let monday = firstDay.adding(days: 7 * column)
            if let first = (0..<7).map({ monday.adding(days: $0) }).first(where: { $0.day == 1 }) {
                starts.append((column, first.month))
            }
        }
        // The first column is named after the month whose 1st it holds, if any (on the Monday or
        // later in that week), else after the month it belongs to.
        let opening = (column: 0, month: firstDay.adding(days: 6).month)
        guard let next = starts.first, next.column < 3 else { return [opening] + starts }
        return starts
    }
}
