/// How the pipeline treats a decoded action, whichever feature handles it.
public struct ActionTraits: Sendable, Hashable {
    /// Something a person asked of the bot (a command, or text addressed to it): the abuse throttle
    /// counts it, and a season's banner may accompany its answer.
    public var isRequest: Bool
    /// The person's own interaction with the bot: it keeps their profile and counts toward their
    /// streak — once its feature confirms it with the store (``EventRouter/countsAsActivity(_:in:_:)``:
    /// a native reaction counts only on the bot's own roasts).
    public var countsAsActivity: Bool
    public var needs: ActionNeeds

    public init(isRequest: Bool = false, countsAsActivity: Bool = false, needs: ActionNeeds = ActionNeeds()) {
        self.isRequest = isRequest
        self.countsAsActivity = countsAsActivity
        self.needs = needs
    }
}
