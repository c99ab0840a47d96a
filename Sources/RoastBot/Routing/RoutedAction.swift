/// An event decoded once, as the pipeline carries it: which feature handles it with which action,
/// and how the pipeline treats it.
public struct RoutedAction: Sendable {
    /// Who handles the event.
    public enum Target: Sendable {
        /// The feature at `index` in the router's list, with its action.
        case feature(index: Int, action: any Sendable)
        /// A command no feature answers.
        case unknownCommand(name: String)
        /// A button whose payload no feature decodes (from an older version, or forged), or that was
        /// not issued on the message it was pressed on (``EventRouter/screen(_:_:_:)``).
        case staleButton
        /// A personal panel's button pressed by someone other than the person it is for.
        case notYourButton
        /// A personal command sent by no person (an anonymous admin, a channel).
        case needsPerson
        /// An event no feature handles (it is recorded as applied and changes nothing).
        case ignored
    }

    public let target: Target
    public let traits: ActionTraits

    public init(target: Target, traits: ActionTraits) {
        self.target = target
        self.traits = traits
    }

    /// The action, when the feature at `index` handles it as one of type `A` (for tests and for
    /// features that look at each other's actions).
    public func action<A>(as type: A.Type) -> A? {
        guard case .feature(_, let action) = target else { return nil }
        return action as? A
    }
}
