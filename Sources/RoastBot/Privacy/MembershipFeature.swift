import ChatPlatform
import RoastCore
import RoastStore

/// Members who leave a group: from the moment they go they are on none of its boards (`/top`, the
/// Roast of the Day's streak line, reminders), and their data there is deleted once they have been
/// gone for the retention period (``DataRetention``) unless they come back first — any activity of
/// theirs there makes them a member again. Their admin status, if they had one, is asked afresh.
public struct MembershipFeature: Feature {
    public enum Action: Sendable, Hashable {
        case left(UserID)
    }

    public init() {}

    public func decode(_ input: FeatureInput) -> Action? {
        guard case .event(.memberLeft(let user)) = input else { return nil }
        return .left(user)
    }

    public func needs(of action: Action) -> ActionNeeds { ActionNeeds(freshAdmins: true) }

    public func handle(_ action: Action, _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64) throws
        -> HandlerOutcome
    {
        switch action {
        case .left(let user):
            try tx.markDeparted(user, from: context.chatID, at: context.envelope.date)
            return .nothing
        }
    }
}
