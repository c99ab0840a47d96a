/// What an adapter made of one platform update: the bot's event, or a skip with a reason safe to log (never
/// message text).
public enum IncomingTranslation: Sendable, Hashable {
    case event(IncomingEnvelope)
    case skip(reason: String)

    /// The envelope, or nil for a skip.
    public var envelope: IncomingEnvelope? {
        guard case .event(let envelope) = self else { return nil }
        return envelope
    }
}
