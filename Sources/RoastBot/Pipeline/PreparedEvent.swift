import ChatPlatform
import RoastCore

/// An event as the pipeline hands it to its transaction: decoded once, with what was worked out
/// before the transaction (things that need awaiting or in-memory state).
public struct PreparedEvent: Sendable {
    /// The decoded action and how the pipeline treats it.
    public var action: RoutedAction
    /// The sender's admin status in the chat, when the action needs it (see ``AdminCheck``).
    public var senderIsAdmin: Bool?
    /// The abuse throttle's verdict (see ``AbuseGate``).
    public var throttle: ThrottleVerdict
    /// An AI roast fetched for the action, when it asks for one and the chat uses AI (see ``RoastPreparer``).
    public var roast: PreparedRoast?

    public init(action: RoutedAction, senderIsAdmin: Bool? = nil, throttle: ThrottleVerdict = .allow, roast: PreparedRoast? = nil) {
        self.action = action
        self.senderIsAdmin = senderIsAdmin
        self.throttle = throttle
        self.roast = roast
    }
}
