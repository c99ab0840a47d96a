/// A place the bot can deliver to: Telegram, the console, and (later) others such as Discord.
///
/// Implementations handle their own transport concerns (rate limits, `retry_after`, retries of
/// transient faults) and throw ``DeliveryError`` only for outcomes the bot must decide about.
public protocol ChatPlatform: Sendable {
    /// Posts a message and returns its id in the chat.
    func send(_ message: OutgoingMessage, to chat: ChatID) async throws(DeliveryError) -> MessageID
    /// Replaces the text and buttons of a message the bot posted earlier.
    func edit(_ message: MessageID, in chat: ChatID, to content: OutgoingMessage) async throws(DeliveryError)
    /// Replaces only the buttons of a message the bot posted earlier (its text stays as it is: a
    /// count on a button changed, nothing else).
    func editButtons(_ message: MessageID, in chat: ChatID, to buttons: [[Button]]) async throws(DeliveryError)
    /// Sends a file.
    func sendDocument(_ document: OutgoingDocument, to chat: ChatID) async throws(DeliveryError) -> MessageID
    /// Posts a photo; the result says how to post the same photo again without uploading it.
    func sendPhoto(_ photo: OutgoingPhoto, to chat: ChatID) async throws(DeliveryError) -> SentPhoto
    /// Acknowledges a button press, optionally with a short notice shown to the presser.
    func acknowledge(buttonPress callbackID: String, notice: String?) async throws(DeliveryError)
}

/// Delivery outcomes the bot must act on.
public enum DeliveryError: Error, Sendable, Hashable {
    /// The bot can no longer post in this chat (kicked, blocked, chat deleted).
    case chatUnavailable
    /// The group moved to a supergroup with a new id.
    case migrated(to: ChatID)
    /// The platform refused this message for good (bad request); retrying will not help.
    case rejected(reason: String)
    /// The platform could not be reached now; the message stays queued.
    case unavailable(reason: String)
    /// Shutting down before the message could be delivered; it stays queued.
    case cancelled
}
