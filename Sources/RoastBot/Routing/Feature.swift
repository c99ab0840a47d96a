import ChatPlatform
import RoastCore
import RoastStore

/// One feature of the bot (roasts, reactions, streaks, settings…) as a unit: it declares the
/// commands and button tags it answers, decodes the events addressed to it into its own typed
/// action, says what each action needs before its transaction, and handles it inside the
/// transaction. ``EventRouter`` is the list of features.
///
/// Decoding happens once, when an event enters the pipeline; everything after — the abuse
/// throttle, admin checks, AI preparation, streak activity, handling — reads the decoded action.
public protocol Feature: Sendable {
    /// The feature's decoded request; only this feature reads it.
    associatedtype Action: Sendable

    /// The commands it answers, in menu order (they feed `/help` and the platform's menus).
    var commands: [CommandSpec] { get }
    /// The tags of the button payloads it decodes (``CallbackPayload/tag``); unique among features.
    var buttonTags: [String] { get }

    /// The action `input` asks of this feature; nil when the input is not for it, or is a stale or
    /// malformed button payload.
    func decode(_ input: FeatureInput) -> Action?
    /// What the pipeline must fetch before the action's transaction.
    func needs(of action: Action) -> ActionNeeds
    /// Handles the action inside the event's transaction and returns what the chat should see.
    func handle(_ action: Action, _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64) throws
        -> HandlerOutcome
    /// Replies that accompany any action with these traits, handled by whichever feature (a season's
    /// banner comes with a chat's first command of the season).
    func accompany(_ traits: ActionTraits, _ context: EventContext, _ tx: borrowing StoreTransaction) throws -> [Reply]
}

extension Feature {
    public var commands: [CommandSpec] { [] }
    public var buttonTags: [String] { [] }
    public func needs(of action: Action) -> ActionNeeds { ActionNeeds() }
    public func accompany(_ traits: ActionTraits, _ context: EventContext, _ tx: borrowing StoreTransaction) throws -> [Reply] { [] }

    /// ``decode(_:)`` with the action's needs, the action boxed for a list of mixed features.
    func decodeBoxed(_ input: FeatureInput) -> (action: any Sendable, needs: ActionNeeds)? {
        guard let action = decode(input) else { return nil }
        return (action, needs(of: action))
    }

    /// ``handle(_:_:_:_:)`` for an action this feature decoded with ``decodeBoxed(_:)``.
    func handleBoxed(_ action: any Sendable, _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64)
        throws -> HandlerOutcome
    {
        guard let action = action as? Action else { preconditionFailure("\(Self.self) handed an action it did not decode") }
        return try handle(action, context, tx, &random)
    }
}
