import ChatPlatform
import RoastCore
import RoastStore

/// Counts every interaction toward the sender's streak and awards badges, inside the event's
/// transaction, so that each unlock and its announcement are written together exactly once.
///
/// ``UpdateProcessor`` calls ``recordStreak(_:_:)`` before routing (so `/streak`, the Premium pool
/// and the handlers see today's count) and ``announcements(after:moved:credited:_:_:)`` after,
/// appending the result to the handler's replies.
///
/// Badges are evaluated only for the measures the event's writes moved (see ``TallyMeasure``): a
/// threshold is crossed only when its count changes. Shares are the exception — they are recorded in
/// inline mode, outside any chat — so share badges are checked at every activity. A badge added to the
/// catalog later is therefore awarded when its measure next moves, not at the next event of any kind.
public struct ActivityRecorder: Sendable {
    public let engine: StreakEngine
    public let catalog: BadgeCatalog

    public init(rules: StreakRules = .standard, catalog: BadgeCatalog = .standard) {
        self.engine = StreakEngine(rules: rules)
        self.catalog = catalog
    }

    /// Counts the event's local day for its sender (nil when the event has no human sender or
    /// does not count as activity).
    public func recordStreak(_ context: EventContext, _ tx: borrowing StoreTransaction) throws -> StreakUpdate? {
        guard let profile = context.profile else { return nil }
        let state = try tx.streak(chat: profile.chatID, user: profile.userID) ?? .fresh(engine.rules)
        let update = engine.record(state, activityOn: context.localDate, at: context.envelope.date)
        if update.change != .alreadyCounted {
            try tx.saveStreak(update.state, chat: profile.chatID, user: profile.userID)
            // Every counted day is an active day of the heatmap, and only those.
            try tx.recordActiveDay(context.localDate, chat: profile.chatID, user: profile.userID)
        }
        return update
    }

    /// Announcements for the sender (milestones, new freeze, badges, the freeze offer) and, when the
    /// event is a reaction, badges the roast's requester earned by it.
    ///
    /// - Parameters:
    ///   - moved: the measures the event's writes moved (``StoreTransaction/measuresMoved(since:)``).
    ///   - credited: the requester of the roast the event reacted to (``HandlerOutcome/credited``).
    public func announcements(
        after update: StreakUpdate?, moved: Set<TallyMeasure>, credited: UserID?, _ context: EventContext, _ tx: borrowing StoreTransaction
    ) throws -> [Reply] {
        var replies: [Reply] = []
        if let profile = context.profile {
            // One's own actions never add to one's 🔥 received.
            let badges = try award(profile, measures: moved.subtracting([.fireReceived]).union([.shares]), context, tx)
            let view = CelebrationView(
                user: profile.userID, name: profile.displayName, milestones: update?.milestones ?? [], refilled: update?.refilled ?? false,
                badges: badges, language: context.language)
            if let message = view.message { replies.append(.send(message)) }
            if let offer = update?.newOffer {
                replies.append(
                    .send(
                        CelebrationView.freezeOffer(
                            offer, user: profile.userID, name: profile.displayName, language: context.language, rules: engine.rules)))
            }
        }
        if moved.contains(.fireReceived), let requester = credited, requester != context.profile?.userID,
            let profile = try tx.profile(chat: context.chatID, user: requester)
        {
            let badges = try award(profile, measures: [.fireReceived], context, tx)
            let view = CelebrationView(
                user: profile.userID, name: profile.displayName, milestones: [], refilled: false, badges: badges, language: context.language
            )
            if let message = view.message { replies.append(.send(message)) }
        }
        return replies
    }

    /// Records every badge of `measures` that `profile` newly earned and returns them (each at most
    /// once, ever). Reads only the counts of badges still to earn.
    func award(_ profile: Profile, measures: Set<TallyMeasure>, _ context: EventContext, _ tx: borrowing StoreTransaction) throws -> [Badge]
    {
        let earned = try tx.earnedBadgeIDs(chat: profile.chatID, user: profile.userID)
        let candidates = catalog.badges.filter { !earned.contains($0.id) && measures.contains($0.criterion.measure) }
        guard !candidates.isEmpty else { return [] }
        let tally = try tx.activityTally(chat: profile.chatID, user: profile.userID, measures: Set(candidates.map(\.criterion.measure)))
        var awarded: [Badge] = []
        // Counts not read are 0, so only candidates can come out.
        for badge in catalog.newlyEarned(tally, alreadyEarned: earned) {
            // The announcement is queued in this same transaction.
            let isNew = try tx.earnBadge(
                badge.id, chat: profile.chatID, user: profile.userID, at: context.envelope.date, on: context.localDate)
            if isNew { awarded.append(badge) }
        }
        return awarded
    }
}
