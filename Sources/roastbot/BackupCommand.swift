import ArgumentParser
import Foundation
import RoastStore

/// `roastbot backup FILE` — a consistent copy of the database, made while the bot runs (or not).
struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the database to FILE consistently, also while the bot runs (SQLite's online backup; integrity-checked).",
        discussion: """
            The copy holds every update committed before it began. Run it as the bot's user; the file is \
            readable by that user only. A file already at FILE is replaced only once the copy is complete.
            """
    )

    @OptionGroup var options: SharedOptions

    @Option(name: .long, help: "The database to copy (default: the settings' database).")
    var database: String?

    @Argument(help: "Where to write the copy.")
    var file: String

    func run() throws {
        let settings = try options.settings()
        let source = database ?? settings.databasePath ?? BotSettings.defaultTelegramDatabase
        umask(0o077)
        do {
            let copy = try DatabaseBackup.copy(from: source, to: file)
            print("backup of \(source) written to \(copy.path): \(copy.bytes) bytes, integrity ok")
        } catch {
            FileHandle.standardError.write(Data("roastbot: backup failed: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}
