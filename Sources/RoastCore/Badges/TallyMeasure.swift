/// One of the counts badges are measured on (a field, or a group of fields read together, of
/// ``ActivityTally``).
///
/// A badge can only become earned when its measure moves, so badges are evaluated for the measures an
/// event's writes moved, and the tally is read for those measures only, not every count after every
/// event.
public enum TallyMeasure: Sendable, Hashable, CaseIterable {
    /// ``ActivityTally/longestStreak``.
    case streak
    /// ``ActivityTally/roasts``.
    case roasts
    /// ``ActivityTally/categoriesTried`` and ``ActivityTally/spiceLevelsTried``.
    case variety
    /// ``ActivityTally/favorites``.
    case favorites
    /// ``ActivityTally/shares``.
    case shares
    /// ``ActivityTally/fireReceived``.
    case fireReceived
    /// ``ActivityTally/collectionRoasts``.
    case collections
}

extension BadgeCriterion {
    /// The measure this criterion reads.
    public var measure: TallyMeasure {
        switch self {
        case .streakDays: .streak
        case .roasts: .roasts
        case .categoriesTried, .spiceLevelsTried: .variety
        case .favorites: .favorites
        case .shares: .shares
        case .fireReceived: .fireReceived
        case .collectionRoasts: .collections
        }
    }
}
