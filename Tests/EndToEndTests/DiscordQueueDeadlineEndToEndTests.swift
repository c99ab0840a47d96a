import Foundation
import RoastTesting
import Testing

/// Discord's 3 seconds hold for every interaction waiting behind another: each dispatch is received as it arrives
/// (its deadline timer starts then), not when the pipeline reaches it. Here the store refuses writes for 6 s while
/// five commands arrive: the first waits for the store, the four behind it in the queue must still be answered
/// (deferred) within 3 s of their dispatch, and all five are answered once the store is back.
@Suite(.timeLimit(.minutes(3))) struct DiscordQueueDeadlineEndToEndTests {
    static let guild: Int64 = 1_200_000_000_000_000_801
    static let channel: Int64 = 1_200_000_000_000_000_901
    static let alice = FakeDiscordUser(id: 1_300_000_000_000_000_801, username: "alice")

    @Test func interactionsQueuedBehindABusyStoreAreDeferredWithinThreeSeconds() async throws {
        let discord = FakeDiscord()
        try await discord.start()
        discord.rest.registerChannel(FakeDiscordChannel(id: Self.channel, type: 0, guildID: Self.guild, name: "general"))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roastbot-e2e-\(UUID().uuidString)")
        let faultFile = directory.appendingPathComponent("store-fault").path
        let bot = try BotProcess(discord: discord, directory: directory, extraEnvironment: ["ROASTBOT_STORE_FAULT_FILE": faultFile])
        defer { bot.cleanUp() }
        try bot.start()
        defer { Task { await discord.stop() } }
        let rest = discord.rest
        #expect(await rest.waitFor(timeout: .seconds(60)) { discord.gateway.currentSessionID != nil }, "\(bot.log)")

        try "busy".write(toFile: faultFile, atomically: true, encoding: .utf8)
        var queued: [Int64] = []
        for _ in 0..<5 {
            let used = try #require(discord.useCommand("help", by: Self.alice, channelID: Self.channel, guildID: Self.guild))
            queued.append(used.id)
        }
        let ids = queued
        let called = await rest.waitFor(timeout: .seconds(6)) { ids.allSatisfy { rest.interaction($0)?.responseType != nil } }
        #expect(called, "every queued interaction is called back while the store is still busy: \(bot.log)")
        try FileManager.default.removeItem(atPath: faultFile)
        let finished = await rest.waitFor(timeout: .seconds(30)) {
            ids.allSatisfy { id in
                guard let interaction = rest.interaction(id), let original = interaction.originalMessageID else { return false }
                return rest.message(original)?.isLoading == false
            }
        }
        #expect(finished, "\(bot.log)")
        for id in ids {
            let interaction = try #require(rest.interaction(id))
            #expect(interaction.refusedCallbacks.isEmpty, "interaction \(id): \(interaction.refusedCallbacks)")
            #expect((interaction.responseDelay ?? 99) < 3, "interaction \(id) called back after \(interaction.responseDelay ?? -1) s")
        }

        bot.signal(SIGTERM)
        #expect(await bot.waitForExit(timeout: 30) == 0, "\(bot.log)")
    }
}
