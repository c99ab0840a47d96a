/// Why a calendar conversion was refused.
public enum LunarCalendarError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The date or lunar year lies outside 1900-01-01 … 2100-12-31 (lunar years 1900 … 2100).
    case outOfRange
    /// Not a date at all: malformed text, month 13, 30 February, lunar day 31.
    case invalidDate
    /// A well-formed lunar date that this lunar year does not have: a leap month it lacks, or day 30
    /// of a 29-day month.
    case noSuchLunarDate

    public var description: String {
        switch self {
        case .outOfRange: "outside the supported range 1900-01-01…2100-12-31"
        case .invalidDate: "not a valid date (expected YYYY-MM-DD)"
        case .noSuchLunarDate: "no such day in the Vietnamese lunar calendar"
        }
    }
}
