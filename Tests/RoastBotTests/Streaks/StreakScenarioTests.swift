import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastStore
import RoastTesting
import Testing

/// Streaks, badges and the leaderboard through the whole pipeline, with update dates set per
/// simulated day.
struct StreakScenarioTests {
    static let carol = Person(id: UserID(33), displayName: "Carol", username: "carol", languageCode: "en")
    static let words = Phrasebook(.vi)
    static let dayLength: TimeInterval = 86_400

    /// Runs `envelopes` twice (as after a crash before the poll offset was saved) and delivers.
    func runTwice(_ bot: BotFixture, _ envelopes: [IncomingEnvelope]) async {
        await bot.runtime.pipeline.process(envelopes, from: BotFixture.source, nextOffset: nil)
        await bot.runtime.pipeline.process(envelopes, from: BotFixture.source, nextOffset: nil)
        await bot.runtime.outbox.deliverPending()
    }

    func texts(_ bot: BotFixture) -> [String] { bot.platform.sentMessages.map(\.content.text.plainText) }

    func count(_ bot: BotFixture, _ fragment: String) -> Int { texts(bot).count { $0.contains(fragment) } }

    func milestone(_ name: String, _ days: Int) -> String { Self.words.milestonePrefix + name + Self.words.milestoneReached(days) }

    func badge(_ name: String, _ id: BadgeID) -> String {
        let badge = BadgeCatalog.standard[id]!
        return Self.words.badgePrefix + name + Self.words.badgeEarned + "\(badge.icon) \(badge.name(.vi))"
    }

    /// Alice roasts every day for 35 days (a category and spice of the day); Bob roasts on days 0–10,
    /// misses day 11, restores his streak with the freeze on day 12 and continues to day 20;
    /// Carol gives 🔥 to Alice's roast every day until day 11.
    @Test func thirtyFiveDaysInOneGroup() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let start = bot.clock.now
        try bot.database.write { tx in
            var chat = try tx.ensureChat(BotFixture.group, defaultLanguage: .vi, at: start)
            chat.maxSpice = .hottest
            try tx.saveChat(chat)
        }
        let categories = RoastCategory.allCases.map { $0.name(in: .en).lowercased() }
        for day in 0..<35 {
            let morning = start.addingTimeInterval(Double(day) * Self.dayLength)
            bot.clock.set(to: morning.addingTimeInterval(30))
            let roast = bot.envelope(
                .command(name: "roast", arguments: "\(categories[day % 8]) \(day % 5 + 1)", message: MessageID(1)), from: BotFixture.alice,
                at: morning)
            await runTwice(bot, [roast])
            if day <= 11 {
                let posted = try #require(bot.platform.sentMessages.last { $0.content.buttons.count == 2 })
                let fire = bot.envelope(
                    .press(callbackID: "f\(day)", data: posted.content.buttons[0][1].data, message: posted.message), from: Self.carol,
                    at: morning.addingTimeInterval(60))
                await runTwice(bot, [fire])
            }
            if day <= 10 || (12...20).contains(day) {
                await runTwice(
                    bot,
                    [
                        bot.envelope(
                            .command(name: "roast", arguments: "", message: MessageID(2)), from: BotFixture.bob,
                            at: morning.addingTimeInterval(120))
                    ])
            }
            if day == 12 {
                let offer = try #require(bot.platform.sentMessages.last { $0.content.buttons.first?.first?.data == "z:22" })
                #expect(offer.content.text.plainText.contains(Self.words.freezeOffer(brokenLength: 11)))
                let press = bot.envelope(
                    .press(callbackID: "z", data: "z:22", message: offer.message), from: BotFixture.bob,
                    at: morning.addingTimeInterval(180))
                await runTwice(bot, [press])
                let edited = bot.platform.deliveries.contains {
                    if case .edited(_, offer.message, let content) = $0 {
                        return content.text.plainText.contains(Self.words.freezeUsed(restoredTo: 12))
                    }
                    return false
                }
                #expect(edited)
            }
        }

        // Every announcement exactly once, though every update was applied twice.
        for days in [3, 7, 14, 30] { #expect(count(bot, milestone("Alice", days)) == 1, "Alice \(days)") }
        for days in [3, 7, 14] { #expect(count(bot, milestone("Bob", days)) == 1, "Bob \(days)") }
        #expect(count(bot, milestone("Bob", 30)) == 0)
        for id: BadgeID in ["streak-3", "streak-7", "streak-30", "roasts-10", "explorer", "spice-adventurer", "fire-10"] {
            #expect(count(bot, badge("Alice", id)) == 1, "Alice \(id)")
        }
        #expect(count(bot, badge("Alice", "roasts-50")) == 0)
        for id: BadgeID in ["streak-3", "streak-7", "roasts-10"] { #expect(count(bot, badge("Bob", id)) == 1, "Bob \(id)") }
        #expect(count(bot, Self.words.reward(.premiumPool)) == 3)  // Alice, Bob and Carol
        #expect(count(bot, Self.words.reward(.flame)) == 1)
        #expect(count(bot, Self.words.freezeOffer(brokenLength: 11)) == 1)

        // Day 35: what each command shows.
        let last = start.addingTimeInterval(35 * Self.dayLength)
        bot.clock.set(to: last.addingTimeInterval(30))
        await bot.run(bot.envelope(.command(name: "streak", arguments: "", message: MessageID(3)), from: BotFixture.alice, at: last))
        let aliceStreak = try #require(texts(bot).last)
        #expect(aliceStreak.contains(Self.words.streakHeader("Alice") + " 🔥"))
        #expect(aliceStreak.contains(Self.words.streakCurrent(36)))
        #expect(aliceStreak.contains(Self.words.streakLongest(36)))
        #expect(aliceStreak.contains(Self.words.streakTotal(36)))
        #expect(aliceStreak.contains(Self.words.titleLine(.roastMaster)))
        #expect(aliceStreak.contains(Self.words.nextMilestone(60, left: 24)))
        #expect(aliceStreak.contains(Self.words.freezeHeld(1)))
        #expect(aliceStreak.contains(Self.words.reminderState(false)))
        #expect(aliceStreak.contains(Self.words.premiumState(true, days: 7)))

        await bot.run(bot.envelope(.command(name: "remind", arguments: "on", message: MessageID(3)), from: BotFixture.bob, at: last))
        await bot.run(bot.envelope(.command(name: "streak", arguments: "", message: MessageID(3)), from: BotFixture.bob, at: last))
        let bobStreak = try #require(texts(bot).last)
        #expect(bobStreak.contains(Self.words.streakCurrent(1)))
        #expect(bobStreak.contains(Self.words.streakLongest(20)))
        #expect(bobStreak.contains(Self.words.streakTotal(21)))
        #expect(bobStreak.contains(Self.words.freezeRefillIn(30 - 9)))
        #expect(bobStreak.contains(Self.words.reminderState(true)))
        #expect(!bobStreak.contains("🔥 \n"))

        await bot.run(bot.envelope(.command(name: "badges", arguments: "", message: MessageID(3)), from: BotFixture.alice, at: last))
        let aliceBadges = try #require(texts(bot).last)
        #expect(aliceBadges.contains(Self.words.badgesHeader("Alice", earned: 7, total: BadgeCatalog.standard.badges.count)))
        #expect(
            aliceBadges.contains(
                "🌱 Khởi động — " + Self.words.earnedOn(LocalDate(start.addingTimeInterval(2 * Self.dayLength), in: BotDefaults.timeZone))))
        #expect(aliceBadges.contains("🍳 Khách quen ▰▰▰▱▱ 70 % — " + Self.words.remaining(.roasts(50), 15)))
        #expect(aliceBadges.contains("🌋 Núi lửa ▰▱▱▱▱ 24 % — " + Self.words.remaining(.fireReceived(50), 38)))

        await bot.run(bot.envelope(.command(name: "top", arguments: "", message: MessageID(3)), from: Self.carol, at: last))
        let top = try #require(bot.platform.sentMessages.last { $0.content.text.plainText.hasPrefix(Self.words.leaderboardTitle(.streak)) })
        // Carol's 12-day streak broke 23 days ago: no freeze bridges that.
        #expect(count(bot, Self.words.freezeOffer(brokenLength: 12)) == 0)
        #expect(top.content.text.plainText.contains("🥇 Alice 🔥 — 36 ngày"))
        #expect(top.content.text.plainText.contains("🥈 Carol — 1 ngày"))
        #expect(top.content.text.plainText.contains("🥈 Bob — 1 ngày"))
        let roastsTab = try #require(top.content.buttons.first?[1].data)
        await bot.run(bot.envelope(.press(callbackID: "t", data: roastsTab, message: top.message), from: Self.carol, at: last))
        guard
            case .edited(_, let edited, let content) = try #require(
                bot.platform.deliveries.last { if case .edited = $0 { true } else { false } })
        else {
            Issue.record("expected an edit")
            return
        }
        #expect(edited == top.message)
        #expect(content.text.plainText.contains("🥇 Alice 🔥 — 35 roast"))
        #expect(content.text.plainText.contains("🥈 Bob — 20 roast"))
        #expect(!content.text.plainText.contains("Carol"))
        let fireTab = try #require(content.buttons.first?[2].data)
        await bot.run(bot.envelope(.press(callbackID: "t2", data: fireTab, message: top.message), from: Self.carol, at: last))
        guard case .edited(_, _, let fire) = try #require(bot.platform.deliveries.last { if case .edited = $0 { true } else { false } })
        else {
            Issue.record("expected an edit")
            return
        }
        #expect(fire.text.plainText.contains("🥇 Alice 🔥 — 12 🔥"))
    }

    @Test func premiumPoolOpensAtTheSeventhDay() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let start = bot.clock.now
        for day in 0..<6 {
            await bot.run(
                bot.envelope(
                    .command(name: "streak", arguments: "", message: MessageID(1)),
                    at: start.addingTimeInterval(Double(day) * Self.dayLength)))
        }
        let before = try bot.database.read { try $0.streak(chat: BotFixture.group.id, user: BotFixture.alice.id) }
        #expect(before?.premiumUnlocked() == false)
        await bot.run(
            bot.envelope(.command(name: "roast", arguments: "", message: MessageID(1)), at: start.addingTimeInterval(6 * Self.dayLength)))
        let after = try bot.database.read { try $0.streak(chat: BotFixture.group.id, user: BotFixture.alice.id) }
        #expect(after?.premiumUnlocked() == true)
        #expect(count(bot, Self.words.reward(.premiumPool)) == 1)
    }

    @Test func restoreButtonIsOnlyForItsOwnerAndOnlyOnce() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let start = bot.clock.now
        for day in 0..<8 {
            await bot.run(
                bot.envelope(
                    .command(name: "streak", arguments: "", message: MessageID(1)),
                    at: start.addingTimeInterval(Double(day) * Self.dayLength)))
        }
        let back = start.addingTimeInterval(9 * Self.dayLength)
        await bot.run(bot.envelope(.command(name: "streak", arguments: "", message: MessageID(1)), at: back))
        let offer = try #require(bot.platform.sentMessages.last { $0.content.buttons.first?.first?.data == "z:11" })
        await bot.run(bot.envelope(.press(callbackID: "b", data: "z:11", message: offer.message), from: BotFixture.bob, at: back))
        #expect(bot.platform.acknowledged("b", notice: Self.words.freezeNotYours))
        await bot.run(bot.envelope(.press(callbackID: "a1", data: "z:11", message: offer.message), at: back))
        #expect(bot.platform.acknowledged("a1", notice: Self.words.freezeRestoredNotice))
        await bot.run(bot.envelope(.press(callbackID: "a2", data: "z:11", message: offer.message), at: back))
        #expect(bot.platform.acknowledged("a2", notice: Self.words.freezeNothingToRestore))
        let state = try bot.database.read { try $0.streak(chat: BotFixture.group.id, user: BotFixture.alice.id) }
        #expect(state?.current == 9)
        #expect(state?.freezes == 0)
    }

    @Test func lateUpdateProcessedAfterMidnightCountsForItsOwnDay() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let zone = BotDefaults.timeZone
        let monday = LocalDate(bot.clock.now, in: zone)
        let sundayEvening = monday.start(in: zone).addingTimeInterval(-60)
        await bot.run(
            bot.envelope(
                .command(name: "streak", arguments: "", message: MessageID(1)), at: sundayEvening.addingTimeInterval(-Self.dayLength)))
        bot.clock.set(to: monday.start(in: zone).addingTimeInterval(600))
        await bot.run(bot.envelope(.command(name: "streak", arguments: "", message: MessageID(1)), at: sundayEvening))
        var state = try bot.database.read { try $0.streak(chat: BotFixture.group.id, user: BotFixture.alice.id) }
        #expect(state?.lastActive == monday.adding(days: -1))
        #expect(state?.current == 2)
        await bot.run(bot.envelope(.command(name: "streak", arguments: "", message: MessageID(1)), at: bot.clock.now))
        state = try bot.database.read { try $0.streak(chat: BotFixture.group.id, user: BotFixture.alice.id) }
        #expect(state?.current == 3)
    }

    @Test func groupMigrationMovesStreaksBadgesAndReminders() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let start = bot.clock.now
        for day in 0..<3 {
            await bot.run(
                bot.envelope(
                    .command(name: "roast", arguments: "", message: MessageID(1)),
                    at: start.addingTimeInterval(Double(day) * Self.dayLength)))
        }
        await bot.run(
            bot.envelope(.command(name: "remind", arguments: "on", message: MessageID(1)), at: start.addingTimeInterval(2 * Self.dayLength))
        )
        let supergroup = ChatID(-100_999)
        await bot.run(bot.envelope(.migrated(to: supergroup), from: nil, at: start.addingTimeInterval(2 * Self.dayLength)))
        try bot.database.read { tx in
            #expect(try tx.streak(chat: BotFixture.group.id, user: BotFixture.alice.id) == nil)
            #expect(try tx.earnedBadges(chat: BotFixture.group.id, user: BotFixture.alice.id).isEmpty)
            let moved = try #require(try tx.streak(chat: supergroup, user: BotFixture.alice.id))
            #expect(moved.current == 3)
            #expect(try tx.remindersOn(chat: supergroup, user: BotFixture.alice.id))
            #expect(try tx.earnedBadges(chat: supergroup, user: BotFixture.alice.id).map(\.badge) == ["streak-3"])
        }
        let newChat = ChatRef(id: supergroup, kind: .supergroup, title: "Team")
        await bot.run(
            bot.envelope(
                .command(name: "roast", arguments: "", message: MessageID(1)), in: newChat, at: start.addingTimeInterval(3 * Self.dayLength)
            ))
        let state = try bot.database.read { try $0.streak(chat: supergroup, user: BotFixture.alice.id) }
        #expect(state?.current == 4)
        #expect(count(bot, badge("Alice", "streak-3")) == 1)
    }

    @Test func newButtonPayloadsRoundTripWithinTheLimit() {
        let restore = StreaksFeature.ButtonAction(restoring: UserID(9_007_199_254_740_991))
        #expect(restore.payload.utf8.count <= 64)
        #expect(CallbackPayload(parsing: restore.payload).flatMap(StreaksFeature.ButtonAction.init) == restore)
        for metric in [LeaderboardMetric.streak, .roasts, .fire] {
            let tab = LeaderboardFeature.ButtonAction(metric)
            #expect(tab.payload.utf8.count <= 64)
            #expect(CallbackPayload(parsing: tab.payload).flatMap(LeaderboardFeature.ButtonAction.init) == tab)
        }
    }

    @Test(arguments: ["z:", "z:0", "z:-3", "z:abc", "t:x", "t:", "t:s:1"])
    func malformedNewPayloadsAreRejected(_ payload: String) throws {
        let bot = try BotFixture()
        defer { bot.cleanUp() }
        #expect(bot.decodes(payload) == false)
    }

    @Test(arguments: [(0, "▱▱▱▱▱"), (19, "▱▱▱▱▱"), (20, "▰▱▱▱▱"), (60, "▰▰▰▱▱"), (99, "▰▰▰▰▱"), (100, "▰▰▰▰▰")])
    func progressBarFillsOneCellPerTwentyPercent(_ percent: Int, _ bar: String) {
        #expect(BadgesView.bar(percent) == bar)
    }

    @Test func helpExplainsTheFreezeRefillRule() throws {
        let menu = try BotFixture().runtime.menu
        #expect(WelcomeFeature.helpText(.en, menu: menu).plainText.contains(Phrasebook(.en).helpFreezeRule))
        #expect(WelcomeFeature.helpText(.vi, menu: menu).plainText.contains("/streak"))
    }
}

/// The freeze offer: a freeze bridges one missed day — made once, in one message, to someone back
/// the day after the single day they missed, and good that day and the next, judged at the press.
struct FreezeOfferTests {
    static let dayLength: Double = 86_400

    /// Eight days, one missed day, then back: the offer is made (at `back`).
    static func brokenStreak(_ bot: inout BotFixture, back offset: Double = 9 * dayLength) async throws -> (offer: MessageID, back: Date) {
        let start = bot.clock.now
        for day in 0..<8 {
            await bot.run(bot.envelope(.command(name: "roast", arguments: "", message: MessageID(1)), at: start + Double(day) * dayLength))
        }
        let back = start + offset
        await bot.run(bot.envelope(.command(name: "streak", arguments: "", message: MessageID(1)), at: back))
        let offers = bot.platform.sentMessages.filter { $0.content.buttons.joined().contains { $0.data.hasPrefix("z:") } }
        #expect(offers.count == 1)
        #expect(offers.first?.content.text.plainText.contains(Phrasebook(.vi).freezeOffer(brokenLength: 8)) == true)
        return (try #require(offers.first?.message), back)
    }

    @Test func streakShowsNoSecondOffer() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        _ = try await Self.brokenStreak(&bot)
        let streak = try #require(
            bot.platform.sentMessages.last { $0.content.text.plainText.contains(Phrasebook(.vi).streakHeader("Alice")) })
        #expect(!streak.content.buttons.joined().contains { $0.data.hasPrefix("z:") })
    }

    /// Back after two or more missed days (the trial's 40): nothing is offered, the streak restarts.
    @Test(arguments: [2, 3, 40])
    func noOfferAfterMoreThanOneMissedDay(_ missed: Int) async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let start = bot.clock.now
        for day in 0..<8 {
            await bot.run(
                bot.envelope(.command(name: "roast", arguments: "", message: MessageID(1)), at: start + Double(day) * Self.dayLength))
        }
        let back = start + Double(7 + missed + 1) * Self.dayLength
        await bot.run(bot.envelope(.command(name: "streak", arguments: "", message: MessageID(1)), at: back))
        #expect(!bot.platform.sentMessages.contains { $0.content.buttons.joined().contains { $0.data.hasPrefix("z:") } })
        // A stale button pressed anyway restores nothing.
        await bot.run(bot.envelope(.press(callbackID: "stale", data: "z:11", message: MessageID(99)), at: back + 60))
        let state = try bot.database.read { try $0.streak(chat: BotFixture.group.id, user: BotFixture.alice.id) }
        #expect(state?.current == 1)
        #expect(state?.freezes == 1)
    }

    @Test func aPressTwoDaysAfterTheOfferRestoresNothing() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let (offer, back) = try await Self.brokenStreak(&bot)
        // Active every day since, so only the offer's days stand in the way.
        for day in 1...2 {
            await bot.run(
                bot.envelope(.command(name: "roast", arguments: "", message: MessageID(1)), at: back + Double(day) * Self.dayLength))
        }
        let late = back + 2 * Self.dayLength + 60
        await bot.run(bot.envelope(.press(callbackID: "late", data: "z:11", message: offer), at: late))
        #expect(bot.platform.acknowledged("late", notice: Phrasebook(.vi).freezeNothingToRestore))
        let state = try bot.database.read { try $0.streak(chat: BotFixture.group.id, user: BotFixture.alice.id) }
        #expect(state?.current == 3)
        #expect(state?.freezes == 1)
    }

    /// Judged by the chat's days, not hours: made late one evening, the offer is still good all of the
    /// next day, and over at the first minute of the day after, though fewer than 48 hours passed.
    @Test func theOfferIsGoodTheNextDayAndOverTheDayAfter() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let zone = BotDefaults.timeZone
        let startDay = LocalDate(bot.clock.now, in: zone)
        // Back at 23:30 on the day after the single missed day.
        let backAt = startDay.adding(days: 9).start(in: zone) + 23.5 * 3600
        let (offer, back) = try await Self.brokenStreak(&bot, back: backAt.timeIntervalSince(bot.clock.now))
        let nextDay = startDay.adding(days: 10).start(in: zone) + 23 * 3600
        let dayAfter = startDay.adding(days: 11).start(in: zone) + 60
        #expect(dayAfter.timeIntervalSince(back) < 48 * 3600)
        await bot.run(bot.envelope(.command(name: "roast", arguments: "", message: MessageID(1)), at: nextDay))
        await bot.run(bot.envelope(.press(callbackID: "day2", data: "z:11", message: offer), at: dayAfter))
        #expect(bot.platform.acknowledged("day2", notice: Phrasebook(.vi).freezeNothingToRestore))
    }

    @Test func aPressTheNextDayRestoresAndTheHeatmapShowsTheFrozenDayInTheStreak() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let (offer, back) = try await Self.brokenStreak(&bot)
        await bot.run(bot.envelope(.press(callbackID: "soon", data: "z:11", message: offer), at: back + 20 * 3600))
        #expect(bot.platform.acknowledged("soon", notice: Phrasebook(.vi).freezeRestoredNotice))
        let state = try bot.database.read { try $0.streak(chat: BotFixture.group.id, user: BotFixture.alice.id) }
        #expect(state?.freezes == 0)
        #expect(state?.current == 10)
        let today = LocalDate(back + 20 * 3600, in: BotDefaults.timeZone)
        let missed = LocalDate(back, in: BotDefaults.timeZone).adding(days: -1)
        let frozen = try bot.database.read { try $0.frozenDays(chat: BotFixture.group.id, user: BotFixture.alice.id, from: missed) }
        #expect(frozen == [missed])
        // 📅 under /streak: the picture's current streak runs over the frozen day back to the first day.
        await bot.run(
            bot.envelope(
                .press(callbackID: "hm", data: CardsFeature.ButtonAction.heatmap.payload, message: MessageID(5)), at: back + 21 * 3600
            ))
        guard case .heatmap(let heatmap) = try #require(bot.pictures.drawn.last) else {
            Issue.record("expected a heatmap")
            return
        }
        #expect(heatmap.frozenDays == [missed])
        #expect(heatmap.currentStreak == 10)
        #expect(heatmap.currentRun == missed.adding(days: -8)...today)
        #expect(heatmap.isInCurrentStreak(missed.adding(days: -8)) && heatmap.isInCurrentStreak(missed))
    }
}
