import ArgumentParser
import Foundation
import RoastBot

/// `roastbot run` — serve Telegram when a token is configured, else open the console chat.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Serve Telegram (TELEGRAM_BOT_TOKEN set) or open the console chat (no token)."
    )

    @OptionGroup var options: SharedOptions

    @Option(
        name: .long,
        help: "Serve Telegram by webhook at this public URL (TLS at a reverse proxy) instead of long polling; overrides webhook.url.")
    var webhook: String?

    func run() async throws {
        var settings = try options.settings()
        if let webhook {
            settings.webhook.url = webhook
            do {
                try settings.validateOperations()
            } catch {
                FileHandle.standardError.write(Data("roastbot: \(error)\n".utf8))
                throw ExitCode(2)
            }
        }
        guard settings.telegram.token != nil else {
            FileHandle.standardError.write(Data("roastbot: no TELEGRAM_BOT_TOKEN set — opening the console chat.\n".utf8))
            return try await ConsoleCommand.run(settings: settings, userName: "you")
        }
        try await TelegramMode.run(settings: settings)
    }
}
