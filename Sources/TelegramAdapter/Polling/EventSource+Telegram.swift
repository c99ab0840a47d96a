import ChatPlatform

extension EventSource {
    /// Telegram's updates, numbered by their `update_id`.
    public static let telegram = EventSource("telegram")
}
