import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastStore
import RoastTesting
import Testing

/// Where the bot's answers go in a group with forum topics: whatever a message in a topic causes
/// stays in that topic, answers to a command reply to it, and scheduled posts go to the topic the
/// admins picked.
struct TopicsAndRepliesTests {
    static let topic = TopicID(77)
    static let dayLength: TimeInterval = 86_400

    @Test func aRoastAskedInATopicIsAnsweredThereAsAReplyToTheCommand() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/roast meetings", topic: Self.topic, message: MessageID(5120)))
        let roast = try #require(bot.platform.sentMessages.last?.content)
        #expect(roast.topic == Self.topic)
        #expect(roast.replyTo == MessageID(5120))
    }

    @Test func generalCarriesNoTopicAndPrivateAnswersReplyToNothing() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/roast", message: MessageID(40)))
        let general = try #require(bot.platform.sentMessages.last?.content)
        #expect(general.topic == nil)
        #expect(general.replyTo == MessageID(40))
        let direct = ChatRef(id: ChatID(BotFixture.bob.id.rawValue), kind: .privateChat)
        await bot.run(bot.command("/roast", from: BotFixture.bob, in: direct, message: MessageID(41)))
        let inPrivate = try #require(bot.platform.sentMessages.last?.content)
        #expect(inPrivate.topic == nil)
        #expect(inPrivate.replyTo == nil)
    }

    @Test func aStreakMilestoneReachedInATopicIsCelebratedThere() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let start = bot.clock.now
        for day in 0..<3 {
            await bot.run(
                bot.envelope(
                    .command(name: "streak", arguments: "", message: MessageID(Int64(100 + day))), topic: Self.topic,
                    at: start.addingTimeInterval(Double(day) * Self.dayLength)))
        }
        let sent = bot.platform.sentMessages.map(\.content)
        #expect(sent.contains { $0.text.plainText.contains(Phrasebook(.vi).milestoneReached(3)) })
        #expect(sent.allSatisfy { $0.topic == Self.topic })
    }

    @Test func aPressInATopicIsFollowedUpInThatTopic() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/roast", topic: Self.topic, message: MessageID(5120)))
        let roast = try #require(bot.platform.sentMessages.last)
        let another = try #require(roast.content.buttons.joined().first { $0.label == "🔁" })
        let star = try #require(roast.content.buttons.joined().first { $0.label == "⭐" })
        await bot.run(bot.envelope(.press(callbackID: "c1", data: another.data, message: roast.message), topic: Self.topic))
        await bot.run(bot.envelope(.press(callbackID: "c2", data: star.data, message: roast.message), topic: Self.topic))
        let sent = bot.platform.sentMessages.map(\.content)
        // 🔁's roast, and ⭐'s "First Fan" badge.
        #expect(sent.count >= 3)
        #expect(sent.contains { $0.text.plainText.contains(Phrasebook(.vi).badgeEarned) })
        #expect(sent.allSatisfy { $0.topic == Self.topic })
    }

    @Test func aNativeReactionOnARoastInATopicCelebratesInThatTopic() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let start = bot.clock.now
        for day in 0..<3 {
            let morning = start.addingTimeInterval(Double(day) * Self.dayLength)
            await bot.run(
                bot.envelope(.command(name: "roast", arguments: "", message: MessageID(Int64(100 + day))), topic: Self.topic, at: morning))
            let roast = try #require(bot.platform.sentMessages.last { $0.content.buttons.count == 2 })
            // Telegram's reaction updates say nothing of the topic: the roast's own topic is used.
            await bot.run(
                bot.envelope(
                    .reactionChange(message: roast.message, old: [], new: ["🔥"]), from: BotFixture.bob, at: morning.addingTimeInterval(60)))
        }
        let bobs = bot.platform.sentMessages.map(\.content).filter { $0.text.plainText.contains("Bob") }
        #expect(bobs.contains { $0.text.plainText.contains(Phrasebook(.vi).milestoneReached(3)) })
        #expect(bobs.allSatisfy { $0.topic == Self.topic })
    }

    @Test func scheduledPostsGoToTheTopicTheAdminsPicked() async throws {
        var bot = try BotFixture(
            administration: FixedAdministration(admins: [BotFixture.alice.id]),
            streakRisk: FixedStreakRisk(atRisk: [
                BotFixture.group.id: [StreakRisk(userID: BotFixture.bob.id, displayName: "Bob", streak: 4)]
            ]))
        defer { bot.cleanUp() }
        let created = SchedulerTests.instant("2026-03-07T00:00:00Z")
        try await SchedulerTests.makeChat(&bot, BotFixture.group, timeZone: "Asia/Ho_Chi_Minh", createdAt: created)
        var forum = BotFixture.group
        forum.isForum = true
        await bot.run(bot.command("/settings topic here", in: forum, topic: TopicID(55)))
        #expect(try bot.database.read { try $0.chat(BotFixture.group.id)?.postTopic } == TopicID(55))
        // The panel of a forum says where scheduled posts go.
        await bot.run(bot.command("/settings", in: forum))
        let panel = try #require(bot.platform.sentMessages.last?.content.text.plainText)
        #expect(panel.contains(Phrasebook(.vi).labelPostTopic))

        // 02:00Z = 09:00 in Saigon (the Roast of the Day), 15:00Z = 22:00 (the streak reminder).
        #expect(bot.runtime.scheduler.runPass(now: SchedulerTests.instant("2026-03-08T02:00:00Z")).queued == 1)
        #expect(bot.runtime.scheduler.runPass(now: SchedulerTests.instant("2026-03-08T15:00:00Z")).queued == 1)
        await bot.runtime.outbox.deliverPending()
        let daily = try #require(SchedulerTests.dailyPosts(bot, in: BotFixture.group.id).last)
        #expect(daily.topic == TopicID(55))
        #expect(daily.replyTo == nil)
        let reminder = try #require(bot.platform.sentMessages.last?.content)
        #expect(reminder.text.plainText.contains("Bob"))
        #expect(reminder.topic == TopicID(55))

        // Back to General.
        await bot.run(bot.command("/settings topic general", topic: TopicID(55)))
        #expect(try bot.database.read { try $0.chat(BotFixture.group.id)?.postTopic } == nil)
        #expect(bot.runtime.scheduler.runPass(now: SchedulerTests.instant("2026-03-09T02:00:00Z")).queued == 1)
        await bot.runtime.outbox.deliverPending()
        #expect(SchedulerTests.dailyPosts(bot, in: BotFixture.group.id).last?.topic == nil)
    }
}
