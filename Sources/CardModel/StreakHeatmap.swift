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
    /// The chat's current local day: the grid ends with its week; later days stay blank.
    public var today: LocalDate
    public var currentStreak: Int
    public var longestStreak: Int
    /// The next streak milestone in days, nil when every milestone is behind.
    public var nextMilestone: Int?
    /// The language of the labels.
    public var language: Language

    public init(
        activeDays: some Sequence<LocalDate>, today: LocalDate, currentStreak: Int, longestStreak: Int, nextMilestone: Int?,
        language: Language
    ) {
        self.activeDays = Set(activeDays)
        self.today = today
        self.currentStreak = currentStreak
        self.longestStreak = longestStreak
        self.nextMilestone = nextMilestone
        self.language = language
    }

    private enum CodingKeys: String, CodingKey {
        case activeDays, today, currentStreak, longestStreak, nextMilestone, language
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        activeDays = Set(try container.decode([LocalDate].self, forKey: .activeDays))
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

    /// Whether `day` belongs to the run of the current streak (it ends today or yesterday).
    public func isInCurrentStreak(_ day: LocalDate) -> Bool {
        guard currentStreak > 0 else { return false }
        let end = activeDays.contains(today) ? today : today.adding(days: -1)
        return day <= end && day > end.adding(days: -currentStreak)
    }
}
