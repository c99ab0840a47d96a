import ArgumentParser
import Foundation
import RoastBot

/// Options shared by the commands that start the bot.
struct SharedOptions: ParsableArguments {
    @Option(name: .long, help: "A JSON settings file (see config/roastbot.example.json).")
    var config: String?

    /// Loads settings (with `--webhook`'s URL when given) or exits with status 2 and a one-line reason.
    func settings(webhook: String? = nil) throws -> BotSettings {
        do {
            return try BotSettings.load(file: config, environment: ProcessInfo.processInfo.environment, webhookOption: webhook)
        } catch {
            FileHandle.standardError.write(Data("roastbot: \(error)\n".utf8))
            throw ExitCode(2)
        }
    }
}
