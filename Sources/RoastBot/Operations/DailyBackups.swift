import Dispatch
import Foundation
import Logging
import RoastCore
import RoastStore

/// The bot's own backups: once a day, from a set local time on, a consistent copy of the database
/// (``DatabaseBackup``, taken while the bot goes on writing) named `roastbot-YYYY-MM-DD.sqlite` in a
/// folder, and only the newest `keep` of those files kept (other files there are never touched).
///
/// Whether today's copy exists is read from the folder, so a restart after the backup time makes
/// the day's copy at once, and never a second one.
public struct DailyBackups: Sendable {
    public let directory: String
    public let time: LocalTime
    public let keep: Int
    private let database: RoastDatabase
    private let timeZone: TimeZone
    private let logger: Logger
    /// Copies run here, off the cooperative pool: a large database takes seconds to copy.
    private static let queue = DispatchQueue(label: "roastbot.backup")

    /// - Parameter timeZone: the zone `time` and the file names' dates are read in (the machine's).
    public init(database: RoastDatabase, directory: String, time: LocalTime, keep: Int, timeZone: TimeZone, logger: Logger) {
        self.database = database
        self.directory = directory
        self.time = time
        self.keep = max(1, keep)
        self.timeZone = timeZone
        self.logger = logger
    }

    /// The file of the backup taken on `date`.
    public func path(for date: LocalDate) -> String {
        URL(fileURLWithPath: directory).appendingPathComponent("roastbot-\(date.iso).sqlite").path
    }

    /// Makes today's copy if it is due and missing, then keeps the newest ``keep``. Returns the copy
    /// made, if any.
    @discardableResult
    public func runIfDue(now: Date) async -> DatabaseBackup.Copy? {
        let today = LocalDate(now, in: timeZone)
        guard now >= time.instant(on: today, in: timeZone) else { return nil }
        let destination = path(for: today)
        guard !FileManager.default.fileExists(atPath: destination) else { return nil }
        let (source, directory, logger) = (database.path, directory, logger)
        let copy = await withCheckedContinuation { (continuation: CheckedContinuation<DatabaseBackup.Copy?, Never>) in
            Self.queue.async {
                do {
                    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                    continuation.resume(returning: try DatabaseBackup.copy(from: source, to: destination))
                } catch {
                    logger.error("daily backup failed; trying again in a minute", metadata: ["error": "\(error)"])
                    continuation.resume(returning: nil)
                }
            }
        }
        guard let copy else { return nil }
        logger.notice("daily backup written", metadata: ["file": "\(copy.path)", "bytes": "\(copy.bytes)"])
        prune()
        return copy
    }

    /// Deletes the oldest dated backups beyond ``keep`` (never the database itself, should it live
    /// in the folder under a dated name).
    func prune() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        let dated = names.filter { name in
            name.hasPrefix("roastbot-") && name.hasSuffix(".sqlite")
                && LocalDate(iso: String(name.dropFirst("roastbot-".count).dropLast(".sqlite".count))) != nil
        }
        let copies = dated.filter {
            !DatabaseBackup.isPart(URL(fileURLWithPath: directory).appendingPathComponent($0).path, ofDatabase: database.path)
        }
        for name in copies.sorted().dropLast(keep) {
            do {
                try FileManager.default.removeItem(atPath: URL(fileURLWithPath: directory).appendingPathComponent(name).path)
                logger.info("old backup removed", metadata: ["file": "\(name)"])
            } catch {
                logger.warning("cannot remove an old backup", metadata: ["file": "\(name)", "error": "\(error)"])
            }
        }
    }
}
