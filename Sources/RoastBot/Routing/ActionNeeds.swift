import ChatPlatform
import RoastCore
import RoastStore

/// What an action needs the pipeline to fetch before its transaction (handlers run inside one
/// SQLite transaction and never wait on the network).
public struct ActionNeeds: Sendable, Hashable {
    /// The sender's admin status in the chat, from the platform.
    public var adminStatus: Bool
    /// The group whose admin status is asked, when it is not the chat of the event (a link opened in
    /// the private chat acts on a group).
    public var adminOf: ChatID?
    /// Admin statuses cached for the chat may be out of date (someone's status changed).
    public var freshAdmins: Bool
    /// The roast the action asks for: the AI provider (when configured and on) may write it.
    public var roast: RoastNeed?

    public init(adminStatus: Bool = false, adminOf: ChatID? = nil, freshAdmins: Bool = false, roast: RoastNeed? = nil) {
        self.adminStatus = adminStatus
        self.adminOf = adminOf
        self.freshAdmins = freshAdmins
        self.roast = roast
    }
}

/// The roast an action asks for, as far as it is known before the transaction.
public enum RoastNeed: Sendable, Hashable {
    /// A request with these words.
    case request(RoastRequest)
    /// Another roast like an earlier one of the chat (🔁).
    case like(RoastID)
}
