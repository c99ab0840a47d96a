import ArgumentParser
import Foundation
import RoastStore

/// `roastbot restore FILE` — puts a backup in place of the database, with the bot stopped.
struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Replace the database with the backup FILE (the bot must be stopped; integrity-checked first).",
        discussion: """
            Refuses while a bot runs on the database (exit code 4). Before anything changes the backup is \
            checked (PRAGMA integrity_check; a roastbot database, from this version or an older one), brought \
            to this version's schema, and the people who asked to be forgotten since it was taken (recorded \
            in the current database) are forgotten in it again. The current database is kept beside it as \
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
            let restored = try DatabaseBackup.restore(from: file, to: target)
            print(
                "restored \(target) from \(file): integrity ok"
                    + (restored.forgottenAgain > 0
                        ? "; \(restored.forgottenAgain) people who asked to be forgotten since were forgotten again" : "")
                    + (restored.kept.map { "; the previous database is kept as \($0)" } ?? ""))
            if let reason = restored.recordUnreadable {
                FileHandle.standardError.write(
                    Data(
                        ("roastbot: warning: the record of who asked to be forgotten could not be read from the replaced database "
                            + "(\(reason)); anyone who asked since the backup was taken is in the restored database again\n").utf8))
            }
        } catch {
            FileHandle.standardError.write(Data("roastbot: restore failed, nothing changed: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}
