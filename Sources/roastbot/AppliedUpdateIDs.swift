import Foundation
import Logging
import RoastStore
import TelegramAdapter

/// Telegram's side of the store's memory of applied update ids: its low-water mark holds within one
/// numbering of updates (see ``UpdateNumbering``), so it is forgotten once nothing was applied for
/// longer than Telegram keeps numbering on, or as soon as polling finds the numbering started anew.
enum AppliedUpdateIDs {
    /// Forgets the mark when no update was applied for ``UpdateNumbering/markTrustedFor``; run at
    /// start (before any update is taken) and hourly in webhook mode.
    static func forgetStaleMark(in database: RoastDatabase, at now: Date, logger: Logger) {
        do {
            let forgotten = try database.write { tx in
                try tx.forgetLowWaterMark(of: .telegram, ifQuietSince: now.addingTimeInterval(-UpdateNumbering.markTrustedFor))
            }
            if forgotten {
                logger.notice("no update for six days: Telegram may number the next ones anew; the applied-id mark is forgotten")
            }
        } catch {
            logger.warning("cannot forget the stale applied-id mark", metadata: ["error": "\(error)"])
        }
    }

    /// Forgets the mark because Telegram numbers updates anew; waits out a store that refuses the
    /// write (a mark left in place would count the new updates as applied). False when cancelled first.
    static func forgetMark(in database: RoastDatabase, logger: Logger) async -> Bool {
        var delay = Duration.milliseconds(100)
        while !Task.isCancelled {
            do {
                try database.write { try $0.forgetLowWaterMark(of: .telegram) }
                logger.notice("Telegram numbers updates anew: the applied-id mark is forgotten")
                return true
            } catch {
                logger.warning("cannot forget the applied-id mark yet; retrying", metadata: ["error": "\(error)"])
                try? await Task.sleep(for: delay)
                delay = min(delay * 2, .seconds(2))
            }
        }
        return false
    }
}
