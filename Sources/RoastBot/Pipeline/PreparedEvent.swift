import ChatPlatform
import RoastCore

/// What the pipeline worked out about an event before its transaction (things that need awaiting
/// or in-memory state), handed to the handlers through ``EventContext``.
public struct PreparedEvent: Sendable, Hashable {
    /// The sender's admin status in the chat, when the event needs it (see ``AdminCheck``).
    public var senderIsAdmin: Bool?
    /// The abuse throttle's verdict (see ``AbuseGate``).
    public var throttle: ThrottleVerdict
    /// An AI roast fetched for the event, when it asks for one and the chat uses AI (see ``RoastPreparer``).
    public var roast: PreparedRoast?

    public init(senderIsAdmin: Bool? = nil, throttle: ThrottleVerdict = .allow, roast: PreparedRoast? = nil) {
        self.senderIsAdmin = senderIsAdmin
        self.throttle = throttle
        self.roast = roast
    }
}
