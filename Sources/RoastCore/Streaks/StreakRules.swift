/// The numbers behind streaks: milestones, the freeze and what a streak unlocks.
public struct StreakRules: Sendable, Hashable {
    /// Streak lengths that are celebrated (3, 7 and 30 bring rewards; 14, 60 and 100 are celebrated).
    public var milestones: [Int]
    /// A broken streak at least this long is offered a freeze.
    public var freezeThreshold: Int
    /// Missed days a freeze bridges: it is offered only to someone back the day after that many
    /// missed days, and pressed that day or the next.
    public var freezeBridgedDays: Int
    /// Active days, counted while no freeze is held, that earn a new freeze.
    public var activeDaysPerFreeze: Int
    /// Freezes a person can hold at once.
    public var maxFreezes: Int
    /// Freezes everybody starts with.
    public var initialFreezes: Int
    /// Reaching this streak once unlocks the Premium pool for good.
    public var premiumDays: Int
    /// Reaching this streak once grants the title *Consistent Roaster*.
    public var consistentRoasterDays: Int
    /// Reaching this streak once grants the title *Roast Master* and the 🔥 flame.
    public var roastMasterDays: Int

    public init(
        milestones: [Int] = [3, 7, 14, 30, 60, 100], freezeThreshold: Int = 7, freezeBridgedDays: Int = 1,
        activeDaysPerFreeze: Int = 30, maxFreezes: Int = 1,
        initialFreezes: Int = 1, premiumDays: Int = 7, consistentRoasterDays: Int = 3, roastMasterDays: Int = 30
    ) {
        self.milestones = milestones.sorted()
        self.freezeThreshold = freezeThreshold
        self.freezeBridgedDays = freezeBridgedDays
        self.activeDaysPerFreeze = activeDaysPerFreeze
        self.maxFreezes = maxFreezes
        self.initialFreezes = initialFreezes
        self.premiumDays = premiumDays
        self.consistentRoasterDays = consistentRoasterDays
        self.roastMasterDays = roastMasterDays
    }

    public static let standard = StreakRules()

    /// The first milestone above `days`, if any.
    public func nextMilestone(after days: Int) -> Int? {
        milestones.first { $0 > days }
    }

    /// What reaching `days` for the first time unlocks.
    public func rewards(at days: Int) -> [StreakReward] {
        var rewards: [StreakReward] = []
        if days == consistentRoasterDays { rewards.append(.title(.consistentRoaster)) }
        if days == premiumDays { rewards.append(.premiumPool) }
        if days == roastMasterDays { rewards += [.title(.roastMaster), .flame] }
        return rewards
    }

    /// The highest title earned by someone whose longest streak is `longest`.
    public func title(longest: Int) -> StreakTitle? {
        if longest >= roastMasterDays { return .roastMaster }
        if longest >= consistentRoasterDays { return .consistentRoaster }
        return nil
    }
}

/// A title a streak earns for good.
public enum StreakTitle: String, Sendable, Hashable, Codable, CaseIterable {
    case consistentRoaster
    case roastMaster
}

/// Something a milestone unlocks.
public enum StreakReward: Sendable, Hashable {
    case title(StreakTitle)
    /// The Premium roast pool.
    case premiumPool
    /// The 🔥 beside the name in `/streak` and `/top`.
    case flame
}
