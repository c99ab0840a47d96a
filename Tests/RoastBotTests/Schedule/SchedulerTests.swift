import ChatPlatform
import Foundation
import Logging
import RoastBot
import RoastCore
import RoastStore
import RoastTesting
import Synchronization
import Testing

/// A streak-risk source with fixed answers per chat (stands in for the streak feature).
struct FixedStreakRisk: StreakRiskSource {
    let atRisk: [ChatID: [StreakRisk]]

    func membersAtRisk(in chat: ChatID, on date: LocalDate, _ tx: borrowing StoreTransaction) throws -> [StreakRisk] {
        atRisk[chat] ?? []
    }
}

struct SchedulerTests {
    static func instant(_ iso: String) -> Date { ISO8601DateFormatter().date(from: iso)! }

    /// Creates `chat` (Bob, who speaks Vietnamese, adds the bot at `createdAt`: the chat speaks
    /// Vietnamese) and sets its timezone.
    static func makeChat(
        _ bot: inout BotFixture, _ chat: ChatRef, timeZone: String, createdAt: Date, configure: (inout ChatSettings) -> Void = { _ in }
    )
        async throws
    {
        await bot.run(bot.envelope(.botMembership(.member), from: BotFixture.bob, in: chat, at: createdAt))
        try bot.database.write { tx in
            guard var settings = try tx.chat(chat.id) else { return }
            settings.timeZone = timeZone
            configure(&settings)
            try tx.saveChat(settings)
        }
    }

    static func dailyPosts(_ bot: BotFixture, in chat: ChatID) -> [OutgoingMessage] {
        bot.platform.sentMessages.filter { $0.chat == chat && $0.content.text.plainText.contains(Phrasebook(.vi).roastOfTheDay) }.map(
            \.content)
    }

    @Test func eachChatGetsOneDailyRoastAtItsLocalNineAcrossPassesAndRestarts() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let saigon = ChatRef(id: ChatID(-1), kind: .group, title: "Saigon")
        let berlin = ChatRef(id: ChatID(-2), kind: .group, title: "Berlin")
        let created = Self.instant("2026-03-07T00:00:00Z")
        try await Self.makeChat(&bot, saigon, timeZone: "Asia/Ho_Chi_Minh", createdAt: created)
        try await Self.makeChat(&bot, berlin, timeZone: "Europe/Berlin", createdAt: created)

        // 02:00Z = 09:00 in Saigon, 03:00 in Berlin.
        var pass = bot.runtime.scheduler.runPass(now: Self.instant("2026-03-08T02:00:00Z"))
        #expect(pass.queued == 1)
        #expect(pass.nextDue == Self.instant("2026-03-08T08:00:00Z"))  // Berlin's 09:00 (CET)
        pass = bot.runtime.scheduler.runPass(now: Self.instant("2026-03-08T02:30:00Z"))
        #expect(pass.queued == 0)

        // A "restart": a second runtime on the same database decides again and posts nothing new.
        let again = try BotRuntime(
            database: bot.database, library: BotFixture.library, platform: bot.platform, clock: bot.clock, logger: Logger(label: "test"),
            seed: 99)
        #expect(again.scheduler.runPass(now: Self.instant("2026-03-08T03:00:00Z")).queued == 0)
        #expect(again.scheduler.runPass(now: Self.instant("2026-03-08T08:00:00Z")).queued == 1)
        await bot.runtime.outbox.deliverPending()

        let saigonPosts = Self.dailyPosts(bot, in: saigon.id)
        #expect(saigonPosts.count == 1)
        #expect(Self.dailyPosts(bot, in: berlin.id).count == 1)
        // The daily roast carries the reaction buttons and is stored as a daily roast.
        #expect(saigonPosts.first?.buttons.first?.count == 4)
        let claims = try bot.database.read { try $0.scheduledPostClaims(chat: saigon.id) }
        #expect(claims.map(\.outcome) == [.posted])
        let roast = try #require(try bot.database.read { tx in try claims.first?.roastID.flatMap { try tx.roast($0) } })
        #expect(roast.kind == .daily && roast.requester == nil)
        #expect(roast.messageID != nil)
    }

    @Test func aMissedPostGoesOutLateWithinTheWindowElseIsSkipped() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let late = ChatRef(id: ChatID(-3), kind: .group, title: "Late")
        try await Self.makeChat(&bot, late, timeZone: "Asia/Ho_Chi_Minh", createdAt: Self.instant("2026-03-01T00:00:00Z"))
        // The bot was down at 09:00; back at 11:30 local → posted late.
        #expect(bot.runtime.scheduler.runPass(now: Self.instant("2026-03-09T04:30:00Z")).queued == 1)
        // Down all day the next day; back at 13:00 local → skipped, recorded, nothing posted.
        let pass = bot.runtime.scheduler.runPass(now: Self.instant("2026-03-10T06:00:00Z"))
        #expect(pass.queued == 0 && pass.skipped == 1)
        #expect(bot.runtime.scheduler.runPass(now: Self.instant("2026-03-10T06:05:00Z")).skipped == 0)
        let claims = try bot.database.read { try $0.scheduledPostClaims(chat: late.id) }
        #expect(claims.map(\.outcome) == [.posted, .skipped])
    }

    @Test func weekdaysOnlyAndDisabledChatsGetNoPost() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let weekdays = ChatRef(id: ChatID(-4), kind: .group, title: "Weekdays")
        let off = ChatRef(id: ChatID(-5), kind: .group, title: "Off")
        let created = Self.instant("2026-03-01T00:00:00Z")
        try await Self.makeChat(&bot, weekdays, timeZone: "Asia/Ho_Chi_Minh", createdAt: created) { $0.weekdaysOnly = true }
        try await Self.makeChat(&bot, off, timeZone: "Asia/Ho_Chi_Minh", createdAt: created) { $0.dailyEnabled = false }
        // Sunday 2026-03-08, 09:00 in Saigon.
        #expect(bot.runtime.scheduler.runPass(now: Self.instant("2026-03-08T02:00:00Z")).queued == 0)
        // Monday.
        #expect(bot.runtime.scheduler.runPass(now: Self.instant("2026-03-09T02:00:00Z")).queued == 1)
    }

    @Test func aRemovedChatIsNoLongerScheduled() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let gone = ChatRef(id: ChatID(-6), kind: .group, title: "Gone")
        try await Self.makeChat(&bot, gone, timeZone: "Asia/Ho_Chi_Minh", createdAt: Self.instant("2026-03-01T00:00:00Z"))
        await bot.run(bot.envelope(.botMembership(.kicked), from: BotFixture.alice, in: gone, at: Self.instant("2026-03-01T01:00:00Z")))
        #expect(bot.runtime.scheduler.runPass(now: Self.instant("2026-03-09T02:00:00Z")).queued == 0)
        #expect(try bot.database.read { try $0.chat(gone.id) } != nil)  // data is kept
    }

    @Test func theReminderMentionsExactlyThePeopleAtRiskOncePerEvening() async throws {
        let team = ChatRef(id: ChatID(-7), kind: .group, title: "Team")
        let calm = ChatRef(id: ChatID(-8), kind: .group, title: "Calm")
        let muted = ChatRef(id: ChatID(-9), kind: .group, title: "Muted")
        let risk = FixedStreakRisk(atRisk: [
            team.id: [
                StreakRisk(userID: UserID(11), displayName: "Alice", streak: 5),
                StreakRisk(userID: UserID(22), displayName: "Bob", streak: 2),
            ],
            muted.id: [StreakRisk(userID: UserID(33), displayName: "Chi", streak: 9)],
        ])
        var bot = try BotFixture(streakRisk: risk)
        defer { bot.cleanUp() }
        let created = Self.instant("2026-03-01T00:00:00Z")
        for chat in [team, calm] {
            try await Self.makeChat(&bot, chat, timeZone: "Asia/Ho_Chi_Minh", createdAt: created) { $0.dailyEnabled = false }
        }
        try await Self.makeChat(&bot, muted, timeZone: "Asia/Ho_Chi_Minh", createdAt: created) {
            $0.dailyEnabled = false
            $0.remindersEnabled = false
        }
        // 21:59 local: not yet.
        #expect(bot.runtime.scheduler.runPass(now: Self.instant("2026-03-09T14:59:00Z")).queued == 0)
        // 22:00 local: one reminder, in the team chat only; again at 22:30: nothing.
        #expect(bot.runtime.scheduler.runPass(now: Self.instant("2026-03-09T15:00:00Z")).queued == 1)
        #expect(bot.runtime.scheduler.runPass(now: Self.instant("2026-03-09T15:30:00Z")).queued == 0)
        await bot.runtime.outbox.deliverPending()
        let sent = bot.platform.sentMessages.filter { $0.content.text.plainText.contains("⏰") }
        #expect(sent.map(\.chat) == [team.id])
        let mentioned = sent.first?.content.text.spans.compactMap { span -> UserID? in
            if case .mention(let user, _) = span { return user }
            return nil
        }
        #expect(mentioned == [UserID(11), UserID(22)])
    }
}

extension SchedulerTests {
    @Test func theServiceWakesOnTheBotClockAndQueuesTheDuePost() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let chat = ChatRef(id: ChatID(-10), kind: .group, title: "Service")
        let start = bot.clock.now
        let inAnHour = LocalTime(start.addingTimeInterval(3600), in: TimeZone(secondsFromGMT: 0)!)
        try await Self.makeChat(&bot, chat, timeZone: "UTC", createdAt: start.addingTimeInterval(-86_400)) { settings in
            settings.dailyTime = inAnHour.description
            settings.remindersEnabled = false
        }
        let service = SchedulerService(
            scheduler: bot.runtime.scheduler, outbox: bot.runtime.outbox, clock: bot.clock, logger: Logger(label: "test"))
        let task = Task { try await service.run() }
        defer { task.cancel() }
        let database = bot.database
        func pending() -> Int { (try? database.read { try $0.pendingOutboxCount() }) ?? -1 }
        // Sleeping: nothing due for an hour.
        try await Self.eventually { bot.clock.sleeperCount > 0 }
        #expect(pending() == 0)
        bot.clock.advance(by: 3600)
        try await Self.eventually { pending() == 1 }
        task.cancel()
    }

    /// Polls `condition` (real time, bounded) — for observing a service running on another task.
    static func eventually(_ condition: () -> Bool) async throws {
        for _ in 0..<500 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
        #expect(condition())
    }
}

extension LocalTime {
    /// The wall-clock time of `instant` in `timeZone`, to the minute (rounded up).
    init(_ instant: Date, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute, .second], from: instant)
        self.init(hour: parts.hour!, minute: parts.minute!)
    }
}

/// The scheduler wired to the real streak store and collections, as in production.
extension SchedulerTests {
    @Test func remindersMentionThoseTheStreakStoreFindsAtRisk() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let team = ChatRef(id: ChatID(-70), kind: .group, title: "Team")
        let carol = Person(id: UserID(33), displayName: "Carol", username: "carol")
        let dan = Person(id: UserID(44), displayName: "Dan", username: "dan")
        try await Self.makeChat(&bot, team, timeZone: "Asia/Ho_Chi_Minh", createdAt: Self.instant("2026-03-01T00:00:00Z")) {
            $0.dailyEnabled = false
        }
        // Days in Vietnam: 03-08, 03-09, 03-10 (10:00 local = 03:00Z).
        func day(_ n: Int) -> Date { Self.instant("2026-03-08T03:00:00Z").addingTimeInterval(Double(n) * 86_400) }
        func roast(_ person: Person, _ n: Int) -> IncomingEnvelope {
            bot.envelope(.command(name: "roast", arguments: "", message: MessageID(1)), from: person, in: team, at: day(n))
        }
        func remind(_ person: Person, _ on: String, _ n: Int) -> IncomingEnvelope {
            bot.envelope(.command(name: "remind", arguments: on, message: MessageID(1)), from: person, in: team, at: day(n))
        }
        // Alice: two days, reminders on, absent today → at risk. Bob: one day → a streak of 1 is not
        // worth a reminder. Carol: two days, reminders off. Dan: three days, already active today.
        await bot.run(roast(BotFixture.alice, 0), roast(carol, 0), roast(dan, 0))
        await bot.run(
            roast(BotFixture.alice, 1), remind(BotFixture.alice, "on", 1), roast(BotFixture.bob, 1), remind(BotFixture.bob, "on", 1))
        await bot.run(roast(carol, 1), roast(dan, 1), remind(dan, "on", 1), roast(dan, 2))
        // 22:00 on 03-10 in Vietnam.
        #expect(bot.runtime.scheduler.runPass(now: Self.instant("2026-03-10T15:00:00Z")).queued == 1)
        await bot.runtime.outbox.deliverPending()
        let reminder = try #require(bot.platform.sentMessages.last { $0.content.text.plainText.contains("⏰") })
        let mentioned = reminder.content.text.spans.compactMap { span -> UserID? in
            if case .mention(let user, _) = span { return user }
            return nil
        }
        #expect(mentioned == [BotFixture.alice.id])
    }

    @Test func duringTetTheRoastOfTheDayComesFromTheTetCollection() async throws {
        let duringTet = Self.instant("2026-02-10T01:00:00Z")
        var bot = try BotFixture(collections: try CollectionCatalogStore(path: BotFixture.collectionsPath), now: duringTet)
        defer { bot.cleanUp() }
        let team = ChatRef(id: ChatID(-71), kind: .group, title: "Team")
        try await Self.makeChat(&bot, team, timeZone: "Asia/Ho_Chi_Minh", createdAt: Self.instant("2026-02-01T00:00:00Z"))
        // 09:00 in Vietnam on 2026-02-10, inside Tết 2026 (02-07 … 02-23).
        #expect(bot.runtime.scheduler.runPass(now: Self.instant("2026-02-10T02:00:00Z")).queued == 1)
        let claim = try #require(try bot.database.read { try $0.scheduledPostClaims(chat: team.id) }.first)
        let roast = try #require(try bot.database.read { tx in try claim.roastID.flatMap { try tx.roast($0) } })
        #expect(roast.kind == .daily)
        #expect(roast.collection == "tet")
        // After the season, the library again.
        #expect(bot.runtime.scheduler.runPass(now: Self.instant("2026-03-10T02:00:00Z")).queued == 1)
        let later = try #require(try bot.database.read { try $0.scheduledPostClaims(chat: team.id) }.compactMap(\.roastID).max())
        #expect(try bot.database.read { try $0.roast(later) }?.collection == nil)
    }
}

/// The Roast of the Day is something nobody in the chat has had lately.
extension SchedulerTests {
    /// Stores `ids` as roasts Alice received in `chat`, the n-th one `ages[n]` days before `day`.
    static func received(_ ids: [String], ages: (Int) -> Int, before day: Date, in chat: ChatID, _ bot: BotFixture) throws {
        try bot.database.write { tx in
            _ = try tx.touchProfile(chat: chat, person: BotFixture.alice, at: day.addingTimeInterval(-90 * 86_400))
            for (index, id) in ids.enumerated() {
                let roast = try #require(BotFixture.library.roast(id: id))
                try tx.insertRoast(
                    RoastRecord(
                        chatID: chat, requester: BotFixture.alice.id, kind: .requested, source: .library, libraryID: id, text: roast.text,
                        language: roast.language, category: roast.category, spice: roast.spice,
                        createdAt: day.addingTimeInterval(-Double(ages(index)) * 86_400)))
            }
        }
    }

    static func dailyLibraryIDs(_ bot: BotFixture, in chat: ChatID) throws -> [String] {
        try bot.database.read { tx in
            try tx.scheduledPostClaims(chat: chat).compactMap { claim in try claim.roastID.flatMap { try tx.roast($0)?.libraryID } }
        }
    }

    @Test func theRoastOfTheDayIsNeverOneTheChatReceivedInTheLastThirtyDays() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let team = ChatRef(id: ChatID(-72), kind: .group, title: "Team")
        let firstMorning = Self.instant("2026-03-09T02:00:00Z")  // 09:00 in Vietnam
        try await Self.makeChat(&bot, team, timeZone: "Asia/Ho_Chi_Minh", createdAt: Self.instant("2026-01-01T00:00:00Z")) {
            $0.maxSpice = .mildest
        }
        // The daily pool at spice 1 (56 Vietnamese roasts): a member received all but six in the last
        // 20 days (so within 30 days on each of the six mornings); the six were received too, but 40 days ago.
        let pool = BotFixture.library.all.filter { $0.language == .vi && !$0.isPremium && $0.spice == .mildest }.map(\.id)
        let kept = Array(pool.suffix(6))
        try Self.received(Array(pool.dropLast(6)), ages: { 1 + $0 % 20 }, before: firstMorning, in: team.id, bot)
        try Self.received(kept, ages: { _ in 40 }, before: firstMorning, in: team.id, bot)
        for day in 0..<6 {
            #expect(bot.runtime.scheduler.runPass(now: firstMorning.addingTimeInterval(Double(day) * 86_400)).queued == 1)
        }
        // Six mornings, six of the kept roasts: yesterday's Roast of the Day counts as received too.
        let dailies = try Self.dailyLibraryIDs(bot, in: team.id)
        #expect(dailies.count == 6)
        #expect(Set(dailies) == Set(kept))
    }

    /// A busy chat received its whole pool within 30 days: the Roast of the Day is the one received
    /// longest ago rather than none at all.
    @Test func aChatThatHadEveryRoastLatelyGetsTheOneReceivedLongestAgo() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let team = ChatRef(id: ChatID(-73), kind: .group, title: "Busy")
        let morning = Self.instant("2026-03-09T02:00:00Z")
        try await Self.makeChat(&bot, team, timeZone: "Asia/Ho_Chi_Minh", createdAt: Self.instant("2026-01-01T00:00:00Z")) {
            $0.maxSpice = .mildest
        }
        let pool = BotFixture.library.all.filter { $0.language == .vi && !$0.isPremium && $0.spice == .mildest }.map(\.id)
        let oldest = try #require(pool.last)
        try Self.received(Array(pool.dropLast()), ages: { 1 + $0 % 5 }, before: morning, in: team.id, bot)
        try Self.received([oldest], ages: { _ in 25 }, before: morning, in: team.id, bot)
        #expect(bot.runtime.scheduler.runPass(now: morning).queued == 1)
        #expect(try Self.dailyLibraryIDs(bot, in: team.id) == [oldest])
    }
}

/// The categories an admin chose for the Roast of the Day.
extension SchedulerTests {
    @Test func theRoastOfTheDayComesFromTheChosenCategoriesInAndOutOfSeason() async throws {
        var bot = try BotFixture(
            collections: try CollectionCatalogStore(path: BotFixture.collectionsPath), now: Self.instant("2026-02-01T00:00:00Z"),
            administration: FixedAdministration(admins: [BotFixture.alice.id]))
        defer { bot.cleanUp() }
        let team = ChatRef(id: ChatID(-74), kind: .group, title: "Team")
        try await Self.makeChat(&bot, team, timeZone: "Asia/Ho_Chi_Minh", createdAt: Self.instant("2026-02-01T00:00:00Z"))
        await bot.run(bot.command("/settings categories họp, kpi", from: BotFixture.alice, in: team))
        #expect(try bot.database.read { try $0.chat(team.id)?.dailyCategories } == [.meetings, .kpis])
        // Ten mornings during Tết 2026 (from 02-08) and ten in March.
        for first in ["2026-02-08T02:00:00Z", "2026-03-02T02:00:00Z"] {
            for day in 0..<10 {
                #expect(bot.runtime.scheduler.runPass(now: Self.instant(first).addingTimeInterval(Double(day) * 86_400)).queued == 1)
            }
        }
        let dailies = try bot.database.read { tx in
            try tx.scheduledPostClaims(chat: team.id).compactMap { claim in try claim.roastID.flatMap { try tx.roast($0) } }
        }
        #expect(dailies.count == 20)
        #expect(dailies.allSatisfy { [.meetings, .kpis].contains($0.category) })
        // Tết's own roasts in those categories come first while it lasts.
        #expect(dailies.contains { $0.collection == "tet" })
    }
}

/// The Roast of the Day says who leads the chat's streaks.
extension SchedulerTests {
    @Test func theRoastOfTheDayCarriesTheChatsStreakLeaders() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let team = ChatRef(id: ChatID(-75), kind: .group, title: "Team")
        let quiet = ChatRef(id: ChatID(-76), kind: .group, title: "Quiet")
        for chat in [team, quiet] {
            try await Self.makeChat(&bot, chat, timeZone: "Asia/Ho_Chi_Minh", createdAt: Self.instant("2026-03-01T00:00:00Z"))
        }
        // Alice is active on 03-06, 03-07 and 03-08 (a streak of 3), Bob on 03-08 only.
        for (day, people) in [("06", [BotFixture.alice]), ("07", [BotFixture.alice]), ("08", [BotFixture.alice, BotFixture.bob])] {
            for person in people {
                await bot.run(
                    bot.envelope(
                        .command(name: "streak", arguments: "", message: MessageID(1)), from: person, in: team,
                        at: Self.instant("2026-03-\(day)T05:00:00Z")))
            }
        }
        // 03-09 at 09:00: yesterday's streaks are still alive.
        #expect(bot.runtime.scheduler.runPass(now: Self.instant("2026-03-09T02:00:00Z")).queued == 2)
        await bot.runtime.outbox.deliverPending()
        let words = Phrasebook(.vi)
        let post = try #require(Self.dailyPosts(bot, in: team.id).first?.text.plainText)
        #expect(post.contains(words.streakLeaders([("🥇", "Alice", 3), ("🥈", "Bob", 1)])))
        let none = try #require(Self.dailyPosts(bot, in: quiet.id).first?.text.plainText)
        #expect(none.contains(words.streakLeaders([])))
    }
}
