import ChatPlatform
import DiscordAPI
import DiscordAdapter
import Foundation
import RoastStore
import RoastTesting
import Testing

/// Discord's applied keys through the real binary: at start the keys older than the replay window are forgotten
/// (and still count as applied), the recent ones kept; an interaction older than the window is refused with a log
/// line, never answered, and the next one is served.
@Suite(.timeLimit(.minutes(3))) struct DiscordReplayWindowEndToEndTests {
    static let guild: Int64 = 1_200_000_000_000_000_601
    static let channel: Int64 = 1_200_000_000_000_000_701
    static let alice = FakeDiscordUser(id: 1_300_000_000_000_000_601, username: "alice")

    static func key(madeAgo seconds: TimeInterval) -> Int64 {
        DiscordInteractionID.earliest(at: Date().addingTimeInterval(-seconds)).rawValue + 3
    }

    @Test func oldKeysAreForgottenAtStartAndAnInteractionOlderThanTheWindowIsRefused() async throws {
        let discord = FakeDiscord()
        discord.rest.interactionDeadline = 60
        try await discord.start()
        discord.rest.registerChannel(FakeDiscordChannel(id: Self.channel, type: 0, guildID: Self.guild, name: "general"))
        let bot = try BotProcess(discord: discord)
        defer { bot.cleanUp() }
        let old = Self.key(madeAgo: 3 * 86_400)
        let recent = Self.key(madeAgo: 3_600)
        let seeded = try RoastDatabase(path: bot.databasePath)
        try seeded.write { tx in
            for key in [old, recent] { try tx.markApplied(key, from: .discord, at: Date()) }
        }
        seeded.close()
        try bot.start()
        defer { Task { await discord.stop() } }
        let rest = discord.rest
        #expect(await rest.waitFor(timeout: .seconds(60)) { discord.gateway.currentSessionID != nil }, "\(bot.log)")

        let database = try RoastDatabase(path: bot.databasePath)
        defer { database.close() }
        let pruned = await rest.waitFor(timeout: .seconds(30)) {
            (try? database.read { tx in try tx.appliedEventCount() }) == 1
        }
        #expect(pruned, "the key older than two days is forgotten at start")
        let (oldApplied, recentApplied) = try database.read { tx in
            (try tx.hasApplied(old, from: .discord), try tx.hasApplied(recent, from: .discord))
        }
        #expect(oldApplied, "and still counts as applied")
        #expect(recentApplied)

        // An interaction made three days ago, delivered now (as no resume ever would).
        let template = rest.dispatchCommand("help", by: Self.alice, channelID: Self.channel, guildID: Self.guild)
        let stale = Self.key(madeAgo: 3 * 86_400 + 60)
        let payload = template.payload.jsonText.replacingOccurrences(of: "\"\(template.id)\"", with: "\"\(stale)\"")
        #expect(payload.contains("\"\(stale)\""))
        discord.gateway.dispatch("INTERACTION_CREATE", payload)
        let used = try #require(discord.useCommand("help", by: Self.alice, channelID: Self.channel, guildID: Self.guild))
        #expect(await rest.waitFor(timeout: .seconds(30)) { rest.interaction(used.id)?.responseType != nil }, "\(bot.log)")
        // Past the platform's 1.2 s deferral of an interaction nothing answered: a stale one received would have had it.
        try await Task.sleep(for: .seconds(2))
        #expect(rest.requests().allSatisfy { !$0.path.contains(String(stale)) }, "the stale interaction is never answered")
        #expect(bot.log.contains("dispatch older than the replay window skipped"), "\(bot.log)")
        #expect(try database.read { tx in try tx.hasApplied(used.id, from: .discord) })

        bot.signal(SIGTERM)
        #expect(await bot.waitForExit(timeout: 30) == 0, "\(bot.log)")
    }
}
