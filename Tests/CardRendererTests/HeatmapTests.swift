import CardModel
import RoastCore
import Testing

@testable import CardRenderer

struct HeatmapTests {
    static let today = LocalDate(year: 2026, month: 3, day: 4)  // a Wednesday

    struct Scenario: Sendable, CustomTestStringConvertible {
        var name: String
        var activeDays: [LocalDate]
        var currentStreak: Int
        var testDescription: String { name }
    }

    static let scenarios: [Scenario] = [
        Scenario(name: "nobody home", activeDays: [], currentStreak: 0),
        Scenario(
            name: "a streak through today, older days and days outside the grid",
            activeDays: (0..<9).map { today.adding(days: -$0) } + [30, 31, 45, 100, 139].map { today.adding(days: -$0) }
                + [today.adding(days: -140), today.adding(days: -400), today.adding(days: 1)],
            currentStreak: 9),
        Scenario(name: "every other day", activeDays: stride(from: 0, to: 140, by: 2).map { today.adding(days: -$0) }, currentStreak: 1),
        Scenario(name: "active yesterday, not yet today", activeDays: [today.adding(days: -1), today.adding(days: -2)], currentStreak: 2),
    ]

    @Test(arguments: scenarios, Language.allCases)
    func cellsAreMarkedExactlyOnTheActiveDays(_ scenario: Scenario, _ language: Language) throws {
        let heatmap = StreakHeatmap(
            activeDays: scenario.activeDays, today: Self.today, currentStreak: scenario.currentStreak, longestStreak: 12, nextMilestone: 14,
            language: language)
        let bitmap = try sharedRenderer.withFonts { session throws(CardRenderingError) in
            let canvas = try Canvas(width: StreakHeatmap.width, height: StreakHeatmap.height, opaque: true)
            HeatmapPainter(heatmap, session: session).paint(on: canvas)
            return canvas.bitmap()
        }
        let geometry = HeatmapGeometry(firstDay: heatmap.firstDay)
        let active = Set(scenario.activeDays)
        var day = heatmap.firstDay
        while day <= Self.today {
            let cell = geometry.cell(for: day)
            let (r, g, b) = bitmap.rgb(x: Int(cell.midX), y: Int(cell.midY))
            let looksActive = Self.matches((r, g, b), HeatmapPainter.activeColor) || Self.matches((r, g, b), HeatmapPainter.streakColor)
            #expect(looksActive == active.contains(day), "\(day): colour (\(r), \(g), \(b))")
            if active.contains(day) {
                let inStreak = day > Self.today.adding(days: -scenario.currentStreak - (active.contains(Self.today) ? 0 : 1))
                #expect(Self.matches((r, g, b), inStreak ? HeatmapPainter.streakColor : HeatmapPainter.activeColor), "\(day)")
            }
            day = day.adding(days: 1)
        }
    }

    /// After a freeze: the missed day is painted ice, and the streak it bridged — the days on both
    /// sides of it — is painted as the current streak.
    @Test(arguments: Language.allCases)
    func aFrozenDayIsPaintedIceInsideTheRestoredStreak(_ language: Language) throws {
        let frozen = Self.today.adding(days: -3)
        let active = (0..<10).map { Self.today.adding(days: -$0) }.filter { $0 != frozen } + [Self.today.adding(days: -20)]
        let heatmap = StreakHeatmap(
            activeDays: active, frozenDays: [frozen], today: Self.today, currentStreak: 9, longestStreak: 9, nextMilestone: 14,
            language: language)
        #expect(heatmap.currentRun == Self.today.adding(days: -9)...Self.today)
        let bitmap = try sharedRenderer.withFonts { session throws(CardRenderingError) in
            let canvas = try Canvas(width: StreakHeatmap.width, height: StreakHeatmap.height, opaque: true)
            HeatmapPainter(heatmap, session: session).paint(on: canvas)
            return canvas.bitmap()
        }
        let geometry = HeatmapGeometry(firstDay: heatmap.firstDay)
        func color(_ day: LocalDate) -> (Int, Int, Int) {
            let cell = geometry.cell(for: day)
            return bitmap.rgb(x: Int(cell.midX), y: Int(cell.midY))
        }
        #expect(Self.matches(color(frozen), HeatmapPainter.frozenColor))
        for day in active where day >= Self.today.adding(days: -9) {
            #expect(Self.matches(color(day), HeatmapPainter.streakColor), "\(day)")
        }
        #expect(Self.matches(color(Self.today.adding(days: -20)), HeatmapPainter.activeColor))
    }

    @Test func theGridShowsTwentyWeeksStartingOnAMondayAndEndingWithTodaysWeek() {
        let heatmap = StreakHeatmap(activeDays: [], today: Self.today, currentStreak: 0, longestStreak: 0, nextMilestone: 3, language: .en)
        #expect(heatmap.firstDay.isoWeekday == 1)
        let geometry = HeatmapGeometry(firstDay: heatmap.firstDay)
        #expect(geometry.position(of: heatmap.firstDay) == (0, 0))
        #expect(geometry.position(of: Self.today) == (StreakHeatmap.weeks - 1, 2))
        #expect(geometry.cell(for: Self.today).maxX <= geometry.grid.maxX)
        #expect(geometry.safeArea.contains(geometry.grid))
    }

    @Test func activeDaysShownCountsOnlyDaysInsideTheGrid() {
        let heatmap = StreakHeatmap(
            activeDays: [Self.today, Self.today.adding(days: -200), Self.today.adding(days: 1)], today: Self.today, currentStreak: 1,
            longestStreak: 1, nextMilestone: 3, language: .vi)
        #expect(heatmap.activeDaysShown == 1)
    }

    @Test(arguments: Language.allCases, [14, nil] as [Int?])
    func heatmapRendersAPNGWithEverythingInsideTheSafeArea(_ language: Language, _ milestone: Int?) throws {
        let heatmap = StreakHeatmap(
            activeDays: (0..<100).map { Self.today.adding(days: -$0) }, today: Self.today, currentStreak: 100, longestStreak: 100,
            nextMilestone: milestone, language: language)
        let png = try sharedRenderer.render(heatmap)
        let size = try #require(pngSize(png))
        #expect(size.width == StreakHeatmap.width && size.height == StreakHeatmap.height)
        let (ink, safeArea) = try sharedRenderer.withFonts { session throws(CardRenderingError) in
            let canvas = try Canvas(width: StreakHeatmap.width, height: StreakHeatmap.height, opaque: false)
            let painter = HeatmapPainter(heatmap, session: session)
            painter.paint(on: canvas, background: false)
            return (canvas.bitmap().inkBounds(), painter.geometry.safeArea)
        }
        let inkBounds = try #require(ink)
        #expect(safeArea.contains(inkBounds), "ink \(inkBounds) leaves \(safeArea)")
    }

    private static func matches(_ pixel: (Int, Int, Int), _ color: RGBColor) -> Bool {
        abs(pixel.0 - Int((color.red * 255).rounded())) <= 2 && abs(pixel.1 - Int((color.green * 255).rounded())) <= 2
            && abs(pixel.2 - Int((color.blue * 255).rounded())) <= 2
    }
}

/// Month names above the grid: every month that starts inside it is named over the column where
/// it starts; the grid's first, partial month only when that leaves room.
struct HeatmapMonthLabelTests {
    @Test(arguments: [
        LocalDate(year: 2026, month: 11, day: 24), LocalDate(year: 2026, month: 3, day: 4), LocalDate(year: 2025, month: 12, day: 31),
        LocalDate(year: 2026, month: 2, day: 1),
        // Opens on Monday 2026-07-27: August starts in the first column, on its Saturday.
        LocalDate(year: 2026, month: 12, day: 7),
    ])
    func everyMonthStartingInTheGridIsNamedAndNamesNeverCrowd(_ today: LocalDate) {
        let heatmap = StreakHeatmap(activeDays: [], today: today, currentStreak: 0, longestStreak: 0, nextMilestone: 3, language: .en)
        let labels = HeatmapGeometry.monthLabels(firstDay: heatmap.firstDay)
        for column in 0..<StreakHeatmap.weeks {
            let monday = heatmap.firstDay.adding(days: 7 * column)
            guard let first = (0..<7).map({ monday.adding(days: $0) }).first(where: { $0.day == 1 }) else { continue }
            #expect(labels.contains { $0.column == column && $0.month == first.month }, "\(today): month \(first.month) unnamed")
        }
        for (earlier, later) in zip(labels, labels.dropFirst()) {
            #expect(later.column - earlier.column >= 3, "\(today): \(labels)")
        }
    }

    @Test func theFirstMonthIsNamedWhenTheNextStartsLaterAndDroppedWhenItWouldCrowdIt() {
        // The grid of 2026-01-14 opens on Monday 2025-09-01; October starts four columns later.
        let roomy = StreakHeatmap(
            activeDays: [], today: LocalDate(year: 2026, month: 1, day: 14), currentStreak: 0, longestStreak: 0, nextMilestone: 3,
            language: .en)
        #expect(HeatmapGeometry.monthLabels(firstDay: roomy.firstDay).prefix(2).map { [$0.column, $0.month] } == [[0, 9], [4, 10]])
        // The grid of 2026-11-24 opens on Monday 2026-07-13; August starts two columns later.
        let crowded = StreakHeatmap(
            activeDays: [], today: LocalDate(year: 2026, month: 11, day: 24), currentStreak: 0, longestStreak: 0, nextMilestone: 3,
            language: .en)
        #expect(HeatmapGeometry.monthLabels(firstDay: crowded.firstDay).first.map { [$0.column, $0.month] } == [2, 8])
    }
}
