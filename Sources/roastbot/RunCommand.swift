import ArgumentParser
import Foundation
import RoastBot

/// `roastbot run` — serve Telegram or Discord, whichever bot token is configured, else open the console chat.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Serve Telegram (TELEGRAM_BOT_TOKEN set), Discord (DISCORD_BOT_TOKEN set) or open the console chat (no token)."
    )

    @OptionGroup var options: SharedOptions

    @Option(
        name: .long,
        help: "Serve Telegram by webhook at this public URL (TLS at a reverse proxy) instead of long polling; overrides webhook.url.")
    var webhook: String?

    func run() async throws {
        let settings = try options.settings(webhook: webhook)
        if settings.discord.token != nil {
            // One process per bot token, one database each.
            if settings.telegram.token != nil {
                Composition.fail(
                    "both TELEGRAM_BOT_TOKEN and DISCORD_BOT_TOKEN are set: run one roastbot per bot token, each with its own database")
            }
            if settings.webhook.url != nil {
                Composition.fail(
                    "\(settings.origin(of: "webhook.url")) asks for webhook mode, which is Telegram's; Discord is served by its gateway")
            }
            return try await DiscordMode.run(settings: settings)
        }
        guard settings.telegram.token != nil else {
            // Webhook mode is Telegram's: without a token it has nothing to serve, and opening the
            // console instead would hide the missing token.
            if settings.webhook.url != nil {
                Composition.fail(
                    "\(settings.origin(of: "webhook.url")) asks for webhook mode, which needs a bot token: "
                        + "expected TELEGRAM_BOT_TOKEN or telegram.token_file")
            }
            FileHandle.standardError.write(Data("roastbot: no TELEGRAM_BOT_TOKEN set — opening the console chat.\n".utf8))
            return try await ConsoleCommand.run(settings: settings, userName: "you")
        }
        try await TelegramMode.run(settings: settings)
    }
}
