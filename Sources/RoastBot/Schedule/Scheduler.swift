import ChatPlatform
import Foundation
import Logging
import RoastCore
import RoastStore

/// Decides and claims the scheduled posts of every active chat: the Roast of the Day (with the
/// chat's streak leaders) and the evening streak reminder.
///
/// Each post is claimed by a UNIQUE row (chat, local date, kind) in the same transaction that
/// writes it to the outbox, so a pass repeated after a restart or crash never posts twice, and a
/// crash before commit loses nothing (the next pass decides again, late if need be).
public struct Scheduler: Sendable {
    /// What one pass did.
    public struct Pass: Sendable, Hashable {
        /// Posts written to the outbox.
        public var queued: Int
        /// Days recorded as skipped (missed by more than the late window).
        public var skipped: Int
        /// The earliest instant anything becomes due (the service sleeps until then, or a minute).
        public var nextDue: Date
    }

    /// The reminder goes out at this local time, two hours before midnight, and no later than midnight.
    public static let reminderTime = LocalTime(hour: 22)
    public static let reminderWindow: TimeInterval = 2 * 3600

    private let database: RoastDatabase
    private let platform: PlatformProfile
    private let selector: RoastSelector
    private let collections: CollectionCatalogStore
    private let streakRisk: any StreakRiskSource
    private let seed: UInt64
    private let lateWindow: TimeInterval
    private let logger: Logger
    private let metrics: BotMetrics

    /// - Parameter platform: where a chat's posts go when no topic was picked for them
    ///   (``PlatformProfile/hasMainThread``).
    public init(
        database: RoastDatabase, platform: PlatformProfile, selector: RoastSelector,
        collections: CollectionCatalogStore = CollectionCatalogStore(),
        streakRisk: any StreakRiskSource, seed: UInt64, lateWindow: TimeInterval = PostSchedule.defaultLateWindow, logger: Logger,
        metrics: BotMetrics = .disabled
    ) {
        self.database = database
        self.platform = platform
        self.selector = selector
        self.collections = collections
        self.streakRisk = streakRisk
        self.seed = seed
        self.lateWindow = lateWindow
        self.logger = logger
        self.metrics = metrics
    }

    /// Deletes claims older than `days` local days before `now` (UTC day); they only guard recent days.
    public func pruneClaims(now: Date, keepingDays days: Int = 30) {
        let cutoff = LocalDate(now, in: TimeZone(secondsFromGMT: 0)!).adding(days: -days)
        do {
            let removed = try database.write { try $0.pruneScheduledPostClaims(before: cutoff) }
            if removed > 0 { logger.info("old scheduled post claims pruned", metadata: ["removed": "\(removed)"]) }
        } catch {
            logger.error("cannot prune scheduled post claims", metadata: ["error": "\(error)"])
        }
    }

    /// Evaluates every active chat (or only `chats`) at `now` and claims whatever is due.
    public func runPass(now: Date, only chats: Set<ChatID>? = nil) -> Pass {
        var pass = Pass(queued: 0, skipped: 0, nextDue: now.addingTimeInterval(86_400))
        let plans: [(ChatSettings, ScheduledPostKind, ScheduleDecision)]
        do {
            plans = try database.read { tx in
                var plans: [(ChatSettings, ScheduledPostKind, ScheduleDecision)] = []
                for chat in try tx.activeChats() where chats?.contains(chat.chatID) ?? true {
                    for (kind, schedule) in schedules(for: chat) {
                        let decision = try decide(schedule, kind: kind, chat: chat, now: now, tx)
                        plans.append((chat, kind, decision))
                    }
                }
                return plans
            }
        } catch {
            logger.error("cannot read the chats to schedule", metadata: ["error": "\(error)"])
            pass.nextDue = now.addingTimeInterval(60)
            return pass
        }
        for (chat, kind, decision) in plans {
            switch decision {
            case .wait(let until):
                pass.nextDue = min(pass.nextDue, until)
            case .post(let date, let late):
                guard perform(kind, chat: chat, date: date, late: late, now: now) else { continue }
                pass.queued += 1
                metrics.scheduled(kind, late > BotMetrics.lateAfter ? .late : .onTime)
            case .skip(let date, let late):
                guard skip(kind, chat: chat, date: date, late: late, now: now) else { continue }
                pass.skipped += 1
                metrics.scheduled(kind, .skipped)
            }
        }
        return pass
    }

    /// The schedules that apply to a chat with its current settings: none while its posts have nowhere
    /// to go (a chat without a main thread where no topic was picked and nobody asked the bot anything yet).
    func schedules(for chat: ChatSettings) -> [(ScheduledPostKind, PostSchedule)] {
        var result: [(ScheduledPostKind, PostSchedule)] = []
        guard ReplyPlacement.scheduled(in: chat, on: platform) != nil else { return result }
        if chat.dailyEnabled {
            let time = LocalTime(chat.dailyTime) ?? LocalTime(hour: 9)
            result.append((.daily, PostSchedule(time: time, weekdaysOnly: chat.weekdaysOnly, lateWindow: lateWindow)))
        }
        if chat.remindersEnabled {
            result.append((.reminder, PostSchedule(time: Self.reminderTime, lateWindow: Self.reminderWindow)))
        }
        return result
    }

    // MARK: - Helpers

    private func decide(_ schedule: PostSchedule, kind: ScheduledPostKind, chat: ChatSettings, now: Date, _ tx: borrowing StoreTransaction)
        throws -> ScheduleDecision
    {
        let claimed = try tx.claimedDates(chat: chat.chatID, kind: kind, since: LocalDate(now, in: chat.zone).adding(days: -2))
        return schedule.decide(now: now, in: chat.zone, notBefore: chat.createdAt) { claimed.contains($0) }
    }

    /// Claims and queues one post; false when nothing was queued (already claimed, nobody at risk, or an error).
    private func perform(_ kind: ScheduledPostKind, chat: ChatSettings, date: LocalDate, late: TimeInterval, now: Date) -> Bool {
        do {
            let queued = try database.write { tx -> Bool in
                switch kind {
                case .daily: return try postDaily(chat: chat, date: date, now: now, tx)
                case .reminder: return try postReminder(chat: chat, date: date, now: now, tx)
                }
            }
            if queued {
                logger.info(
                    "scheduled post queued",
                    metadata: ["chat": "\(chat.chatID)", "kind": "\(kind.rawValue)", "date": "\(date)", "late": "\(Int(late))s"])
            }
            return queued
        } catch {
            logger.error(
                "scheduled post failed; will retry", metadata: ["chat": "\(chat.chatID)", "kind": "\(kind.rawValue)", "error": "\(error)"])
            return false
        }
    }

    private func postDaily(chat: ChatSettings, date: LocalDate, now: Date, _ tx: borrowing StoreTransaction) throws -> Bool {
        guard let placement = ReplyPlacement.scheduled(in: chat, on: platform) else { return false }
        // Seeded by chat and day: a pass repeated after a crash picks the same roast.
        let mix =
            UInt64(bitPattern: chat.chatID.rawValue &* 0x9E37_79B9) ^ UInt64(bitPattern: Int64(date.dayNumber)) &* 0x2545_F491_4F6C_DD1D
        var random = SplitMix64(seed: seed ^ mix)
        // While a season lasts (Tết, Mid-Autumn), the Roast of the Day comes from its collection;
        // never one anyone in the chat received lately; from the chat's chosen categories.
        let window = TimeInterval(RoastSelector.dailyFreshDays + 1) * 86_400
        let received = try tx.libraryIDsReceived(chat: chat.chatID, since: now.addingTimeInterval(-window)).mapValues { instant in
            date.days(since: LocalDate(instant, in: chat.zone))
        }
        let ask = RoastAsk(
            purpose: .daily, request: RoastRequest(), language: chat.language, maxSpice: chat.maxSpice,
            served: try tx.dailyLibraryIDs(chat: chat.chatID), date: date, receivedInChat: received, categories: chat.dailyCategories)
        guard let choice = selector.select(ask, catalog: collections.catalog, using: &random) else {
            logger.warning("no roast available for the daily post", metadata: ["chat": "\(chat.chatID)"])
            _ = try tx.claimScheduledPost(chat: chat.chatID, on: date, kind: .daily, outcome: .nothing, at: now)
            return false
        }
        guard try tx.claimScheduledPost(chat: chat.chatID, on: date, kind: .daily, outcome: .posted, at: now) else { return false }
        let id = try tx.insertRoast(
            RoastRecord(choice, chat: chat.chatID, requester: nil, kind: .daily, language: chat.language, mood: nil, createdAt: now))
        try tx.attachRoast(id, toClaimOf: chat.chatID, on: date, kind: .daily)
        guard let stored = try tx.roast(id) else { return false }
        let view = try DailyRoastView(stored, counts: [:], on: date, catalog: collections.catalog, tx)
        try tx.enqueue(.send(placement.place(view.message)), chat: chat.chatID, anchor: id, at: now, priority: .broadcast)
        return true
    }

    private func postReminder(chat: ChatSettings, date: LocalDate, now: Date, _ tx: borrowing StoreTransaction) throws -> Bool {
        guard let placement = ReplyPlacement.scheduled(in: chat, on: platform) else { return false }
        let members = try streakRisk.membersAtRisk(in: chat.chatID, on: date, tx).filter { $0.streak >= 2 }
        let outcome: ScheduledPostOutcome = members.isEmpty ? .nothing : .posted
        guard try tx.claimScheduledPost(chat: chat.chatID, on: date, kind: .reminder, outcome: outcome, at: now), !members.isEmpty else {
            return false
        }
        let message = ReminderView(members: members, words: Phrasebook(chat.language)).message
        try tx.enqueue(.send(placement.place(message)), chat: chat.chatID, anchor: nil, at: now, priority: .broadcast)
        return true
    }

    private func skip(_ kind: ScheduledPostKind, chat: ChatSettings, date: LocalDate, late: TimeInterval, now: Date) -> Bool {
        do {
            let claimed = try database.write { tx in
                try tx.claimScheduledPost(chat: chat.chatID, on: date, kind: kind, outcome: .skipped, at: now)
            }
            if claimed {
                logger.notice(
                    "scheduled post skipped: missed by more than the late window",
                    metadata: ["chat": "\(chat.chatID)", "kind": "\(kind.rawValue)", "date": "\(date)", "late": "\(Int(late))s"])
            }
            return claimed
        } catch {
            logger.error("cannot record a skipped post", metadata: ["chat": "\(chat.chatID)", "error": "\(error)"])
            return false
        }
    }
}
