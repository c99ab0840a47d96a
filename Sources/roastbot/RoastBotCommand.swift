import ArgumentParser

/// `roastbot` — light-hearted workplace roasts for team chats.
@main
struct RoastBotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roastbot",
        abstract: "RoastMeLater Bot: light-hearted workplace roasts for Telegram team chats (VI/EN).",
        discussion: """
            With TELEGRAM_BOT_TOKEN set, `roastbot run` serves Telegram by long polling (or a webhook: --webhook URL); \
            without it, it opens the console chat. Settings: see config/roastbot.example.json and docs/operating.md.
            """,
        subcommands: [
            RunCommand.self, ConsoleCommand.self, BackupCommand.self, RestoreCommand.self, HealthCommand.self, CalendarCommand.self,
        ],
        defaultSubcommand: RunCommand.self
    )
}
