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
    /// The tags of the deep links into the private chat it answers (``StartLink/tag``, lower case);
    /// unique among features. `/start` with any other payload goes to the owner of `/start`.
    var startLinks: [String] { get }

    /// The action `input` asks of this feature; nil when the input is not for it, or is a stale or
    /// malformed button payload.
    func decode(_ input: FeatureInput) -> Action?
    /// What the pipeline must fetch before the action's transaction.
    func needs(of action: Action) -> ActionNeeds
    /// Handles the action inside the event's transaction and returns what the chat should see.
    func handle(_ action: Action, _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64) throws
        -> HandlerOutcome
    /// Whether an action decoded as the sender's own interaction with the bot
    /// (``ActionTraits/countsAsActivity``) is one after all, asked of the store inside the event's
    /// transaction before any activity is recorded: a native reaction counts only on the bot's own
    /// roasts. The default: it is.
    func confirmsActivity(_ action: Action, in chat: ChatID, _ tx: borrowing StoreTransaction) throws -> Bool
    /// Whether ``accompany(_:_:_:)`` may add replies (the router asks only the features that do).
    var accompanies: Bool { get }
    /// Replies that accompany any action with these traits, handled by whichever feature (a season's
    /// banner comes with a chat's first command of the season).
    func accompany(_ traits: ActionTraits, _ context: EventContext, _ tx: borrowing StoreTransaction) throws -> [Reply]
}

extension Feature {
    public var commands: [CommandSpec] { [] }
    public var buttonTags: [String] { [] }
    public var startLinks: [String] { [] }
    public func needs(of action: Action) -> ActionNeeds { ActionNeeds() }
    public func confirmsActivity(_ action: Action, in chat: ChatID, _ tx: borrowing StoreTransaction) throws -> Bool { true }
    public var accompanies: Bool { false }
    public func accompany(_ traits: ActionTraits, _ context: EventContext, _ tx: borrowing StoreTransaction) throws -> [Reply] { [] }
}

/// A feature as the router holds it: one reference, so that reaching a feature per event costs no
/// copy of it (an existential of a struct feature would copy the struct and its references).
protocol FeatureUnit: AnyObject, Sendable {
    var commands: [CommandSpec] { get }
    var buttonTags: [String] { get }
    var startLinks: [String] { get }
    var accompanies: Bool { get }
    /// ``Feature/decode(_:)`` with the action's needs, the action boxed for a list of mixed features.
    func decode(_ input: FeatureInput) -> (action: any Sendable, needs: ActionNeeds)?
    /// ``Feature/handle(_:_:_:_:)`` for an action this unit decoded.
    func handle(_ action: any Sendable, _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64) throws
        -> HandlerOutcome
    /// ``Feature/confirmsActivity(_:in:_:)`` for an action this unit decoded.
    func confirmsActivity(_ action: any Sendable, in chat: ChatID, _ tx: borrowing StoreTransaction) throws -> Bool
    func accompany(_ traits: ActionTraits, _ context: EventContext, _ tx: borrowing StoreTransaction) throws -> [Reply]
}

/// The ``FeatureUnit`` of one feature type.
final class FeatureBox<Wrapped: Feature>: FeatureUnit {
    let feature: Wrapped

    init(_ feature: Wrapped) {
        self.feature = feature
    }

    var commands: [CommandSpec] { feature.commands }
    var buttonTags: [String] { feature.buttonTags }
    var startLinks: [String] { feature.startLinks }
    var accompanies: Bool { feature.accompanies }

    func decode(_ input: FeatureInput) -> (action: any Sendable, needs: ActionNeeds)? {
        guard let action = feature.decode(input) else { return nil }
        return (action, feature.needs(of: action))
    }

    func handle(_ action: any Sendable, _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64) throws
        -> HandlerOutcome
    {
        guard let action = action as? Wrapped.Action else { preconditionFailure("\(Wrapped.self) handed an action it did not decode") }
        return try feature.handle(action, context, tx, &random)
    }

    func confirmsActivity(_ action: any Sendable, in chat: ChatID, _ tx: borrowing StoreTransaction) throws -> Bool {
        guard let action = action as? Wrapped.Action else { preconditionFailure("\(Wrapped.self) handed an action it did not decode") }
        return try feature.confirmsActivity(action, in: chat, tx)
    }

    func accompany(_ traits: ActionTraits, _ context: EventContext, _ tx: borrowing StoreTransaction) throws -> [Reply] {
        try feature.accompany(traits, context, tx)
    }
}

extension Feature {
    /// This feature boxed for the router.
    func unit() -> any FeatureUnit { FeatureBox(self) }
}
