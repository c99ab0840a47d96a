import Foundation
import Logging
import RoastStore

/// Deletes what the bot no longer needs to keep: everything stored about a chat that removed the
/// bot (kicked it, left, blocked it in private) once it has been gone for the retention period,
/// everything about a member who left a chat once they have been gone that long (``MembershipFeature``),
/// the record of messages that could not be delivered after that period, and export links nobody
/// opened in time. Runs once a day from ``SchedulerService``.
public struct DataRetention: Sendable {
    /// How long a chat's data outlives the bot's removal by default.
    public static let defaultPeriod: TimeInterval = 30 * 86_400

    private let database: RoastDatabase
    private let period: TimeInterval
    private let logger: Logger

    public init(database: RoastDatabase, period: TimeInterval = Self.defaultPeriod, logger: Logger) {
        self.database = database
        self.period = period
        self.logger = logger
    }

    /// Forgets the chats that left more than the period before `now`, one transaction each, the
    /// members who left a chat that long ago (one transaction each), and expired export requests;
    /// returns how many chats were forgotten.
    @discardableResult
    public func sweep(now: Date) -> Int {
        var forgotten = 0
        do {
            let departed = try database.read { try $0.chatsLeft(before: now.addingTimeInterval(-period)) }
            for chat in departed {
                try database.write { tx in
                    // Still gone: a chat that came back since the read keeps its data.
                    guard let settings = try tx.chat(chat), !settings.isActive else { return }
                    try tx.forgetChat(chat)
                    forgotten += 1
                }
            }
            var members = 0
            let former = try database.read { try $0.formerMembers(leftBefore: now.addingTimeInterval(-period)) }
            for (chat, user) in former {
                try database.write { tx in
                    // Still gone: someone who came back since the read keeps their data.
                    guard let left = try tx.profile(chat: chat, user: user)?.leftAt, left < now.addingTimeInterval(-period) else { return }
                    try tx.forgetUser(user, in: chat)
                    members += 1
                }
            }
            let expired = try database.write {
                try $0.pruneExportRequests(before: now.addingTimeInterval(-PrivacyFeature.exportLinkValidity))
            }
            let failed = try database.write { try $0.pruneFailedOutbox(before: now.addingTimeInterval(-period)) }
            if forgotten > 0 || members > 0 || expired > 0 || failed > 0 {
                logger.notice(
                    "retention: data deleted",
                    metadata: [
                        "chats": "\(forgotten)", "former members": "\(members)", "export links": "\(expired)",
                        "failed messages": "\(failed)",
                    ])
            }
        } catch {
            logger.error("retention sweep failed; retried tomorrow", metadata: ["error": "\(error)"])
        }
        return forgotten
    }
}
