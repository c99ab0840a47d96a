import RoastBot

/// Serving Telegram: wired in once the Telegram adapter lands.
enum TelegramMode {
    static func run(settings: BotSettings) async throws {
        Composition.fail("Telegram mode is not wired yet")
    }
}
