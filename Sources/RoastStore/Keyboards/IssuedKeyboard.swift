import ChatPlatform

/// The buttons the bot put on one of its messages, as delivered: what a press on that message may
/// carry (``StoreTransaction/pressStanding(_:on:in:)``).
public struct IssuedKeyboard: Sendable, Hashable {
    public var chat: ChatID
    public var message: MessageID
    /// The payload of each button that sends one back (links carry none); empty: the message has no
    /// such button any more.
    public var payloads: [String]
    /// The person a personal panel's buttons are for (their favorites, their `/forgetme` question),
    /// kept so that forgetting them removes the record; nil for buttons anyone may press.
    public var owner: UserID?

    public init(chat: ChatID, message: MessageID, payloads: [String], owner: UserID? = nil) {
        self.chat = chat
        self.message = message
        self.payloads = payloads
        self.owner = owner
    }
}

/// What the record of issued keyboards says about a press.
public enum PressStanding: Sendable, Hashable {
    /// Its payload is one of the buttons the bot put on that message.
    case issued
    /// The message has no such button: the press is stale or forged.
    case notIssued
    /// The message was posted before keyboards were recorded in its chat: nothing to check against.
    case predatesRecords
}
