import Foundation

/// Counts active days. Pure: it is given the activity's local date, never reads a clock.
///
/// - The first activity of a day extends the streak when the previous counted day was yesterday,
///   else restarts it at 1.
/// - Activity dated on or before the last counted day changes nothing. Updates are applied in the
///   platform's order, so a day-old update processed after midnight still counts for its own day
///   (it is the newest day seen so far); an older date can only come from a timezone change moving
///   the chat's clock back, where ignoring it is what keeps a day from counting twice.
/// - A freeze bridges one missed day: when a streak of `freezeThreshold`+ days breaks because exactly
///   `freezeBridgedDays` day(s) were missed — the person is back the day after — and a freeze is held,
///   the break comes with a ``FreezeOffer``, made once. It may be used that day or the next (judged at
///   the press, by its day), while the new run is unbroken; using it joins the broken streak and the
///   new run across the missed day, which the heatmap shows as frozen. A longer absence is not
///   bridged. The freeze is spent only when used.
/// - While no freeze is held, every counted day moves toward the next one (one per 30 active days,
///   at most one held).
public struct StreakEngine: Sendable {
    public let rules: StreakRules

    public init(rules: StreakRules = .standard) { self.rules = rules }

    /// Applies activity on `date`, which happened at `instant` (the start of a freeze offer's validity).
    public func record(_ state: StreakState, activityOn date: LocalDate, at instant: Date? = nil) -> StreakUpdate {
        if let last = state.lastActive, date <= last {
            return StreakUpdate(state: state, change: .alreadyCounted)
        }
        var next = state
        let previous = state.current
        let change: StreakChange
        var offer: FreezeOffer?
        if let last = state.lastActive, last.adding(days: 1) == date {
            next.current += 1
            change = state.current == 0 ? .started : .extended
        } else {
            next.current = 1
            next.offer = nil
            if state.lastActive != nil, previous > 0 {
                change = .restarted(brokenLength: previous)
                if previous >= rules.freezeThreshold, state.freezes > 0, let last = state.lastActive,
                    date.days(since: last) == rules.freezeBridgedDays + 1
                {
                    offer = FreezeOffer(brokenLength: previous, restartedOn: date, madeAt: instant)
                    next.offer = offer
                }
            } else {
                change = .started
            }
        }
        next.lastActive = date
        next.totalDays += 1
        let refilled = refill(&next)
        let milestones = crossed(from: change.isRestart ? 0 : previous, to: next.current, longestBefore: state.longest)
        next.longest = max(next.longest, next.current)
        return StreakUpdate(state: next, change: change, milestones: milestones, newOffer: offer, refilled: refilled)
    }

    /// Uses the held freeze to restore the broken streak on `date`, the day of the press; nil when
    /// there is nothing to restore (no offer, the offer's days are over, the new run broke as well, or
    /// no freeze left). The update names the bridged days (``StreakUpdate/frozenDays``).
    public func restore(_ state: StreakState, on date: LocalDate) -> StreakUpdate? {
        guard let offer = state.offer, state.freezes > 0, offer.isValid(on: date), state.current(on: date) > 0,
            let last = state.lastActive, offer.restartedOn <= last
        else { return nil }
        var next = state
        next.current = offer.brokenLength + state.current
        next.freezes -= 1
        next.daysTowardFreeze = 0
        next.offer = nil
        // Milestones the broken streak had already passed are not celebrated again.
        let milestones = crossed(from: max(state.current, offer.brokenLength), to: next.current, longestBefore: state.longest)
        next.longest = max(next.longest, next.current)
        let frozen = (1...max(rules.freezeBridgedDays, 1)).map { offer.restartedOn.adding(days: -$0) }.sorted()
        return StreakUpdate(state: next, change: .restored(to: next.current), milestones: milestones, frozenDays: frozen)
    }

    // MARK: - Helpers

    private func refill(_ state: inout StreakState) -> Bool {
        guard state.freezes < rules.maxFreezes else {
            state.daysTowardFreeze = 0
            return false
        }
        state.daysTowardFreeze += 1
        guard state.daysTowardFreeze >= rules.activeDaysPerFreeze else { return false }
        state.freezes += 1
        state.daysTowardFreeze = 0
        return true
    }

    private func crossed(from old: Int, to new: Int, longestBefore: Int) -> [StreakMilestone] {
        rules.milestones.filter { $0 > old && $0 <= new }.map { days in
            let firstTime = days > longestBefore
            return StreakMilestone(days: days, firstTime: firstTime, rewards: firstTime ? rules.rewards(at: days) : [])
        }
    }
}

/// What one activity (or a freeze) did to a streak.
public struct StreakUpdate: Sendable, Hashable {
    public var state: StreakState
    public var change: StreakChange
    /// Milestones reached by this change, lowest first.
    public var milestones: [StreakMilestone]
    /// A freeze offer made by this change (at most once per break).
    public var newOffer: FreezeOffer?
    /// Whether this day earned a new freeze.
    public var refilled: Bool
    /// The missed days a freeze bridged (a restore), oldest first.
    public var frozenDays: [LocalDate]

    public init(
        state: StreakState, change: StreakChange, milestones: [StreakMilestone] = [], newOffer: FreezeOffer? = nil, refilled: Bool = false,
        frozenDays: [LocalDate] = []
    ) {
        self.state = state
        self.change = change
        self.milestones = milestones
        self.newOffer = newOffer
        self.refilled = refilled
        self.frozenDays = frozenDays
    }
}

public enum StreakChange: Sendable, Hashable {
    /// The day was counted already (or is older than the last counted day): nothing changed.
    case alreadyCounted
    /// A first streak, or a new one after a streak had already shown 0.
    case started
    case extended
    /// The previous streak broke; the new one is 1.
    case restarted(brokenLength: Int)
    /// A freeze joined the broken streak and the new run.
    case restored(to: Int)

    var isRestart: Bool {
        if case .restarted = self { return true }
        return false
    }
}

/// A celebrated streak length, with what it unlocks when reached for the first time.
public struct StreakMilestone: Sendable, Hashable {
    public var days: Int
    public var firstTime: Bool
    public var rewards: [StreakReward]

    public init(days: Int, firstTime: Bool, rewards: [StreakReward]) {
        self.days = days
        self.firstTime = firstTime
        self.rewards = rewards
    }
}
