import ChatPlatform

extension EventSource {
    /// Lines typed in the console chat, numbered by the console session.
    public static let console = EventSource("console")
}
