import ChatPlatform
import RoastCore

/// What the pipeline worked out about an event before its transaction (things that need awaiting
/// or in-memory state), handed to the handlers through ``EventContext``.
public struct PreparedEvent: Sendable, Hashable {
    /// The sender's admin status in the chat, when the event needs it (see ``AdminCheck``).
    public var senderIsAdmin: Bool?
    /// The abuse throttle's verdict (see ``AbuseGate``).
    public var throttle: ThrottleVerdict

    public init(senderIsAdmin: Bool? = nil, throttle: ThrottleVerdict = .allow) {
        self.senderIsAdmin = senderIsAdmin
        self.throttle = throttle
    }
}
