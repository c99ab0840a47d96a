import ChatPlatform

extension EventSource {
    /// Discord's gateway dispatches, keyed by their own snowflakes (the gateway's sequence restarts every session).
    public static let discord = EventSource("discord")
}
