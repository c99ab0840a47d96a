import RoastCore

/// A person's activity in one chat as a calendar picture: the last ``weeks`` weeks as a grid
/// (columns are weeks, rows weekdays, Monday first), with the current and longest streak and the
/// next milestone. Like cards, it carries no name or id.
public struct StreakHeatmap: Sendable, Hashable, Codable {
    /// Weeks shown, ending with the week of ``today``.
    public static let weeks = 20
    public static let width = 1_080
    public static let height = 840

    /// Days the person was active (days outside the grid are ignored).
    public var activeDays: Set<LocalDate>
    /// Missed days a freeze bridged: shown as frozen, and part of the streak they bridged.
    public var frozenDays: Set<LocalDate>
    /// The chat's current local day: the grid ends with its week; later days stay blank.
    public var today: LocalDate
    public var currentStreak: Int
    public var longestStreak: Int
    /// The next streak milestone in days, nil when every milestone is behind.
    public var nextMilestone: Int?
    /// The language of the labels.
    public var language: Language

    public init(
        activeDays: some Sequence<LocalDate>, frozenDays: some Sequence<LocalDate> = [LocalDate](), today: LocalDate, currentStreak: Int,
        longestStreak: Int, nextMilestone: Int?, language: Language
    ) {
        self.activeDays = Set(activeDays)
        self.frozenDays = Set(frozenDays)
        self.today = today
        self.currentStreak = currentStreak
        self.longestStreak = longestStreak
        self.nextMilestone = nextMilestone
        self.language = language
    }

    private enum CodingKeys: String, CodingKey {
        case activeDays, frozenDays, today, currentStreak, longestStreak, nextMilestone, language
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        activeDays = Set(try container.decode([LocalDate].self, forKey: .activeDays))
        frozenDays = Set(try container.decodeIfPresent([LocalDate].self, forKey: .frozenDays) ?? [])
        today = try container.decode(LocalDate.self, forKey: .today)
        currentStreak = try container.decode(Int.self, forKey: .currentStreak)
        longestStreak = try container.decode(Int.self, forKey: .longestStreak)
        nextMilestone = try container.decodeIfPresent(Int.self, forKey: .nextMilestone)
        language = try container.decode(Language.self, forKey: .language)
    }

    /// The days in order, so that the same heatmap is always the same document.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(activeDays.sorted(), forKey: .activeDays)
        if !frozenDays.isEmpty { try container.encode(frozenDays.sorted(), forKey: .frozenDays) }
        try container.encode(today, forKey: .today)
        try container.encode(currentStreak, forKey: .currentStreak)
        try container.encode(longestStreak, forKey: .longestStreak)
        try container.encodeIfPresent(nextMilestone, forKey: .nextMilestone)
        try container.encode(language, forKey: .language)
    }

    /// The Monday that opens the grid's first column.
    public var firstDay: LocalDate { today.adding(days: -(today.isoWeekday - 1) - 7 * (Self.weeks - 1)) }

    /// The days the grid shows, from ``firstDay`` through ``today``.
    public var shownDays: ClosedRange<LocalDate> { firstDay...today }

    /// Active days inside the grid.
    public var activeDaysShown: Int { activeDays.count { shownDays.contains($0) } }

    /// Whether `day` belongs to the run of the current streak: it ends today or yesterday and holds
    /// ``currentStreak`` active days and the frozen days a freeze bridged between them.
    public func isInCurrentStreak(_ day: LocalDate) -> Bool {
        guard let run = currentRun else { return false }
        return run.contains(day)
    }

    /// The days of the current streak, from its first active day to its last (today or yesterday).
    public var currentRun: ClosedRange<LocalDate>? {
        guard currentStreak > 0 else { return nil }
        let end = activeDays.contains(today) ? today : today.adding(days: -1)
        var start = end
        var counted = activeDays.contains(end) ? 1 : 0
        // Back over active days, and frozen days between them, until the streak's days are counted.
        while counted < currentStreak {
            let previous = start.adding(days: -1)
            if activeDays.contains(previous) {
                counted += 1
            } else if !frozenDays.contains(previous) {
                // Days before the record (or a grid cut short): the streak's length decides.
                return end.adding(days: -(currentStreak - 1 + frozenDays.count { $0 < end && $0 >= start }))...end
            }
            start = previous
        }
        return start...end
    }
}
