import ChatPlatform

/// What a feature is asked to decode.
public enum FeatureInput: Sendable {
    /// One of the feature's commands (the name lower-cased, without `/` or `@BotName`) and its
    /// arguments split into words: at most 16, each cut to 64 characters, so that huge inputs cost
    /// nothing downstream.
    case command(name: String, arguments: [String])
    /// A press of a button whose payload carries one of the feature's tags, on `message`.
    case button(CallbackPayload, message: MessageID?)
    /// `/start` with a deep link whose tag the feature owns (``Feature/startLinks``).
    case startLink(StartLink)
    /// Any other event (a mention, a reaction, a membership change, inline mode…); the first
    /// feature that decodes it handles it.
    case event(IncomingEvent)
}
