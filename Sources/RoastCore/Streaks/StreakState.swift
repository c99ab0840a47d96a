import Foundation

/// One person's streak in one chat, as of their last counted day.
///
/// Days are the chat's local calendar days. `lastActive` is the last day that was counted: activity
/// dated on or before it never counts again, which is what keeps a timezone change (or a late update)
/// from counting a day twice or undoing one.
public struct StreakState: Sendable, Hashable, Codable {
    /// Consecutive active days ending on `lastActive` (see ``current(on:)`` for what to show).
    public var current: Int
    public var longest: Int
    public var totalDays: Int
    public var lastActive: LocalDate?
    /// Freezes held (0 or 1 with the standard rules).
    public var freezes: Int
    /// Active days counted toward the next freeze while none is held.
    public var daysTowardFreeze: Int
    /// A broken streak that can still be restored with a freeze.
    public var offer: FreezeOffer?

    public init(
        current: Int = 0, longest: Int = 0, totalDays: Int = 0, lastActive: LocalDate? = nil, freezes: Int = 0,
        daysTowardFreeze: Int = 0, offer: FreezeOffer? = nil
    ) {
        self.current = current
        self.longest = longest
        self.totalDays = totalDays
        self.lastActive = lastActive
        self.freezes = freezes
        self.daysTowardFreeze = daysTowardFreeze
        self.offer = offer
    }

    /// A person never seen before: nothing counted, the starting freezes held.
    public static func fresh(_ rules: StreakRules = .standard) -> StreakState {
        StreakState(freezes: rules.initialFreezes)
    }

    /// The streak as seen on `today`: a missed day shows as 0 until the next activity.
    public func current(on today: LocalDate) -> Int {
        guard let lastActive, lastActive >= today.adding(days: -1) else { return 0 }
        return current
    }

    /// Whether `today` is already counted (nothing left to do today to keep the streak).
    public func isCounted(_ today: LocalDate) -> Bool {
        guard let lastActive else { return false }
        return lastActive >= today
    }

    /// Whether the Premium pool is unlocked: once reached, a 7-day streak unlocks it for good, like
    /// the *Week Warrior* badge that marks the same moment.
    public func premiumUnlocked(_ rules: StreakRules = .standard) -> Bool { longest >= rules.premiumDays }

    /// Whether the 🔥 flame of a Roast Master shows beside the name (earned for good at 30 days).
    public func hasFlame(_ rules: StreakRules = .standard) -> Bool { longest >= rules.roastMasterDays }

    /// Combines two states of the same person (a group that became a supergroup had activity under
    /// both ids). Each current run is a span of days ending on its last active day: spans that touch
    /// or overlap join into one run; days both counted are counted once in the total; the longest,
    /// a held freeze and the later run's pending offer are kept.
    public static func merged(_ a: StreakState, _ b: StreakState) -> StreakState {
        guard let aEnd = a.lastActive, a.current > 0 else { return b }
        guard let bEnd = b.lastActive, b.current > 0 else { return a }
        let (later, other) = aEnd >= bEnd ? (a, b) : (b, a)
        let laterEnd = max(aEnd, bEnd)
        let otherEnd = min(aEnd, bEnd)
        let laterStart = laterEnd.adding(days: 1 - later.current)
        let otherStart = otherEnd.adding(days: 1 - other.current)
        var result = later
        if otherEnd >= laterStart.adding(days: -1) {
            result.current = laterEnd.days(since: min(laterStart, otherStart)) + 1
        }
        let overlap = max(0, min(aEnd, bEnd).days(since: max(laterStart, otherStart)) + 1)
        result.totalDays = a.totalDays + b.totalDays - overlap
        result.longest = max(a.longest, b.longest, result.current)
        result.freezes = max(a.freezes, b.freezes)
        return result
    }
}

/// A broken streak that may be restored, once, with a freeze: made to someone back the day after the
/// single day they missed, and good that day and the next (in the chat's days).
public struct FreezeOffer: Sendable, Hashable, Codable {
    /// Length of the streak that broke.
    public var brokenLength: Int
    /// The day the new run started (the activity that revealed the break).
    public var restartedOn: LocalDate
    /// When the offer was made (the instant of that activity), as recorded.
    public var madeAt: Date?

    public init(brokenLength: Int, restartedOn: LocalDate, madeAt: Date? = nil) {
        self.brokenLength = brokenLength
        self.restartedOn = restartedOn
        self.madeAt = madeAt
    }

    /// Whether the offer may be used on `date`, the day of the press: the day it was made or the next.
    public func isValid(on date: LocalDate) -> Bool {
        date >= restartedOn && date <= restartedOn.adding(days: 1)
    }
}
