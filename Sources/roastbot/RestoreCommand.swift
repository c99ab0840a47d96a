import ArgumentParser
import Foundation
import RoastStore

/// `roastbot restore FILE` — puts a backup in place of the database, with the bot stopped.
struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Replace the database with the backup FILE (the bot must be stopped; integrity-checked first).",
        discussion: """
            Refuses while a bot runs on the database (exit code 4). The backup is checked with PRAGMA \
            integrity_check before anything changes; the current database is kept beside it as \
            <database>.before-restore-<time>.
            """
    )

    @OptionGroup var options: SharedOptions

    @Option(name: .long, help: "The database to replace (default: the settings' database).")
    var database: String?

    @Argument(help: "The backup to restore.")
    var file: String

    func run() throws {
        let settings = try options.settings()
        let target = database ?? settings.databasePath ?? BotSettings.defaultTelegramDatabase
        umask(0o077)
        let lock: DatabaseLock
        do {
            lock = try DatabaseLock(databasePath: target)
        } catch {
            if case .held = error {
                Composition.fail(
                    "\(target): a bot is running on this database; stop it before restoring", code: Composition.databaseInUseExitCode)
            }
            Composition.fail("\(error)", code: 1)
        }
        defer { withExtendedLifetime(lock) {} }
        do {
            let kept = try DatabaseBackup.restore(from: file, to: target)
            print("restored \(target) from \(file): integrity ok" + (kept.map { "; the previous database is kept as \($0)" } ?? ""))
        } catch {
            FileHandle.standardError.write(Data("roastbot: restore failed, nothing changed: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}
