/// When a collection is on offer.
public enum CollectionKind: Sendable, Hashable {
    /// Always.
    case permanent
    /// During the listed Gregorian months (1…12) of every year; the catalog's monthly collections
    /// together cover each month exactly once, so exactly one rotates in each month.
    case monthly(months: [Int])
    /// Inside a yearly window (Tết, Mid-Autumn…), in the chat's local dates.
    case seasonal(SeasonWindow)

    /// Ordering rank: seasonal first, then the monthly one, then permanent ones.
    var rank: Int {
        switch self {
        case .seasonal: 0
        case .monthly: 1
        case .permanent: 2
        }
    }
}
