import Foundation
import RoastTesting
import Testing

/// Scheduled posts in a Discord forum, through the real binary and the fake Discord with the bot's clock simulated
/// (`ROASTBOT_CLOCK_START`/`ROASTBOT_CLOCK_RATE`): a forum holds only threads, so each Roast of the Day there is a new
/// post of the forum (`POST /channels/{forum}/threads`), named after its heading in the server's language — never a
/// reply in the post where the bot was last used, and never a message refused in the forum itself.
@Suite(.timeLimit(.minutes(4))) struct DiscordForumEndToEndTests {
    typealias Scenario = DiscordBotScenario
    static let forum: Int64 = 1_210_000_000_000_000_301
    static let post: Int64 = 1_210_000_000_000_000_302

    /// `ROASTBOT_CLOCK_START` for the next 09:00 in Saigon (the default zone and time of the daily post: 02:00Z) after
    /// now, `days` later and `minutes` off.
    static func clockStart(days: Int, minutes: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let now = Date()
        var nine = calendar.startOfDay(for: now).addingTimeInterval(2 * 3600)
        if nine <= now { nine = nine.addingTimeInterval(86_400) }
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: nine.addingTimeInterval(TimeInterval(days * 86_400 + minutes * 60)))
    }

    /// The forum's posts the bot made: threads of the forum whose first message (with the thread's id) is the bot's.
    static func posts(_ rest: FakeDiscordREST) -> [FakeDiscordMessage] {
        rest.allMessages.filter { $0.id == $0.channelID && rest.channel($0.channelID)?.parentID == forum }
    }

    /// Alice uses `/roast` in a post of the server's forum: her roast is answered in that post, and the Roast of the
    /// Day is a new post of the forum, named "🔥 Roast của ngày · …" (the server speaks Vietnamese), whose buttons
    /// count a press on the post's first message. The next day, after a restart that left the bot not knowing the
    /// forum (no GUILD_CREATE yet), Discord's refusal of a message there teaches it, and the day's roast is a second
    /// post.
    @Test func eachRoastOfTheDayIsANewPostOfTheForum() async throws {
        let environment = ["ROASTBOT_CLOCK_START": Self.clockStart(days: 0, minutes: -10), "ROASTBOT_CLOCK_RATE": "60"]
        let scenario = try await Scenario.start(extraEnvironment: environment)
        defer { scenario.bot.cleanUp() }
        let rest = scenario.rest
        rest.registerChannel(FakeDiscordChannel(id: Self.forum, type: 15, guildID: Scenario.guild, name: "daily"))
        rest.registerChannel(FakeDiscordChannel(id: Self.post, type: 11, guildID: Scenario.guild, parentID: Self.forum, name: "standup"))
        let guild =
            #"{"id":"\#(Scenario.guild)","name":"Team","preferred_locale":"vi","unavailable":false,"channels":["#
            + #"{"id":"\#(Scenario.channel)","type":0,"guild_id":"\#(Scenario.guild)"},"#
            + #"{"id":"\#(Self.forum)","type":15,"guild_id":"\#(Scenario.guild)"}],"#
            + #""threads":[{"id":"\#(Self.post)","type":11,"guild_id":"\#(Scenario.guild)","parent_id":"\#(Self.forum)"}]}"#
        #expect(scenario.gateway.dispatch("GUILD_CREATE", guild) != nil)

        let used = try #require(
            scenario.discord.useCommand(
                "roast", by: Scenario.alice, channelID: Self.post, guildID: Scenario.guild, locale: "vi", guildLocale: "vi"))
        let roast = try #require(await scenario.waitForRoast(used), "\(scenario.bot.log)")
        #expect(roast.channelID == Self.post)

        #expect(await rest.waitFor(timeout: .seconds(90)) { Self.posts(rest).count == 1 }, "\(scenario.bot.log)")
        let daily = try #require(Self.posts(rest).first)
        let name = try #require(rest.channel(daily.channelID)?.name)
        #expect(name.hasPrefix("🔥 Roast của ngày"), "\(name)")
        #expect(!name.contains("\n") && name.unicodeScalars.count <= 100)
        #expect(daily.content.contains("**Roast của ngày**"))
        // The reply stayed in the post it answered; nothing went to the forum itself.
        #expect(rest.messages(in: Self.post).map(\.id) == [roast.id])
        #expect(rest.messages(in: Self.forum).isEmpty)

        // A press on the post's first message counts there.
        let fire = try #require(daily.rows.flatMap { $0 }.first { $0.label == "🔥" }?.customID)
        let press = try #require(scenario.discord.pressButton(customID: fire, messageID: daily.id, by: Scenario.bob, locale: "vi"))
        let counted = await rest.waitFor(timeout: .seconds(60)) {
            rest.message(daily.id)?.rows.flatMap { $0.compactMap(\.label) }.contains("🔥 1") == true
        }
        #expect(counted, "\(scenario.bot.log)")
        #expect(rest.interaction(press.id)?.refusedCallbacks.isEmpty == true)

        // The next day, restarted a minute before 09:00.
        scenario.bot.signal(SIGTERM)
        #expect(await scenario.bot.waitForExit(timeout: 30) == 0, "\(scenario.bot.log)")
        let nextDay = try BotProcess(
            discord: scenario.discord, directory: scenario.bot.directory,
            extraEnvironment: ["ROASTBOT_CLOCK_START": Self.clockStart(days: 1, minutes: -1), "ROASTBOT_CLOCK_RATE": "60"])
        defer { nextDay.signal(SIGKILL) }
        try nextDay.start()
        #expect(await rest.waitFor(timeout: .seconds(90)) { Self.posts(rest).count == 2 }, "\(nextDay.log)")
        try await Task.sleep(for: .seconds(2))  // two more bot minutes: nothing else may come
        let posts = Self.posts(rest)
        #expect(posts.count == 2)
        #expect(Set(posts.map(\.channelID)).count == 2)
        #expect(posts.allSatisfy { rest.channel($0.channelID)?.name?.hasPrefix("🔥 Roast của ngày") == true })
        #expect(posts.allSatisfy { !$0.customIDs.isEmpty })
        #expect(rest.requests(route: FakeDiscordRoutes.startForumThread).filter { $0.status == 200 }.count == 2)
        // The one message sent to the forum itself: the refusal that taught the restarted bot it is a forum.
        #expect(rest.requests(route: FakeDiscordRoutes.createMessage).map(\.errorCode) == [40058])
        #expect(rest.messages(in: Self.forum).isEmpty)
        nextDay.signal(SIGTERM)
        #expect(await nextDay.waitForExit(timeout: 30) == 0, "\(nextDay.log)")
        await scenario.discord.stop()
    }
}
