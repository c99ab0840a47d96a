import Foundation
import RoastTesting
import Testing

/// Discord's real 3 seconds through the real binary: a command whose answer is held up — a busy store, a slow AI —
/// is deferred in time and its original response edited with the roast when it is ready; Discord never refuses a
/// callback (which a person would see as "This interaction failed"). Depends on the deadline: run alone (the
/// Makefile's DEADLINE_SUITES).
@Suite(.timeLimit(.minutes(3))) struct DiscordDeadlineEndToEndTests {
    typealias Scenario = DiscordBotScenario

    /// The bot with Discord's real 3 seconds, and a store the test makes busy and free again (the fault switch file).
    struct BusyStore {
        let scenario: Scenario
        let directory: URL
        var faultFile: String { directory.appendingPathComponent("store-fault").path }

        static func start() async throws -> BusyStore {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roastbot-e2e-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let faultFile = directory.appendingPathComponent("store-fault").path
            do {
                let scenario = try await Scenario.start(deadline: 3, extraEnvironment: ["ROASTBOT_STORE_FAULT_FILE": faultFile])
                return BusyStore(scenario: scenario, directory: directory)
            } catch {
                try? FileManager.default.removeItem(at: directory)
                throw error
            }
        }

        func makeBusy() throws { try "busy".write(toFile: faultFile, atomically: true, encoding: .utf8) }
        func free() throws { try FileManager.default.removeItem(atPath: faultFile) }

        func cleanUp() {
            scenario.bot.cleanUp()
            try? FileManager.default.removeItem(at: directory)
        }
    }

    @Test func aCommandWhileTheStoreIsBusyIsDeferredInTimeAndAnsweredLater() async throws {
        let store = try await BusyStore.start()
        defer { store.cleanUp() }
        let scenario = store.scenario
        let rest = scenario.rest

        try store.makeBusy()
        let used = try #require(
            scenario.discord.useCommand("roast", by: Scenario.alice, channelID: Scenario.channel, guildID: Scenario.guild))
        #expect(await rest.waitFor(timeout: .seconds(10)) { rest.interaction(used.id)?.responseType != nil }, "\(scenario.bot.log)")
        #expect(rest.interaction(used.id)?.responseType == 5)
        // The store stays busy well past Discord's 3 seconds.
        _ = await rest.waitFor(timeout: .seconds(6)) { rest.now - used.dispatchedAt > 5 }
        #expect(rest.messages(in: Scenario.channel).allSatisfy { $0.isLoading })
        try store.free()

        let roast = await scenario.waitForRoast(used)
        #expect(roast != nil, "\(scenario.bot.log)")
        let interaction = try #require(rest.interaction(used.id))
        #expect(interaction.refusedCallbacks.isEmpty)
        #expect(try #require(interaction.responseDelay) < 3)
        #expect(roast?.id == interaction.originalMessageID)
        #expect(interaction.followupIDs.isEmpty)
        #expect(scenario.bot.log.contains("database is locked"))
        await scenario.stop()
    }

    /// `/forgetme` held up by a busy store: deferred in time, and its "thinking…" is for the person alone, as the
    /// question that replaces it — nothing shows in the channel that they asked.
    @Test func aPrivateCommandWhileTheStoreIsBusyThinksForThePersonAlone() async throws {
        let store = try await BusyStore.start()
        defer { store.cleanUp() }
        let scenario = store.scenario
        let rest = scenario.rest

        try store.makeBusy()
        let forget = try #require(
            scenario.discord.useCommand("forgetme", by: Scenario.alice, channelID: Scenario.channel, guildID: Scenario.guild))
        #expect(await rest.waitFor(timeout: .seconds(10)) { rest.interaction(forget.id)?.responseType != nil }, "\(scenario.bot.log)")
        #expect(rest.interaction(forget.id)?.responseType == 5)
        let thinking = try #require(rest.interaction(forget.id)?.originalMessageID.flatMap(rest.message))
        #expect(thinking.isEphemeral, "the thinking of /forgetme is public")
        try store.free()

        let question = await scenario.waitForAnswer(forget) { !$0.customIDs.isEmpty }
        #expect(question?.isEphemeral == true, "\(scenario.bot.log)")
        #expect(question?.content.contains("Delete all your data") == true, "\(question?.content ?? "")")
        #expect(rest.messages(in: Scenario.channel).allSatisfy { $0.isEphemeral })
        #expect(rest.interaction(forget.id)?.refusedCallbacks.isEmpty == true)
        await scenario.stop()
    }

    @Test func aCommandWhoseAIRoastIsSlowIsDeferredInTimeAndEditedWithIt() async throws {
        let aiRoast = "Your standups are longer than your commits."
        let ai = try FakeOpenAIServer(script: [.delayed(seconds: 5, then: .completion(aiRoast))])
        let aiURL = try await ai.start()
        let scenario = try await Scenario.start(
            deadline: 3, configuration: #"{"ai": {"timeout": 30}}"#,
            extraEnvironment: ["ROASTBOT_AI_URL": aiURL, "ROASTBOT_AI_MODEL": "gpt-test", "ROASTBOT_AI_KEY": "sk-test-deadline"])
        defer { scenario.bot.cleanUp() }
        let rest = scenario.rest

        let used = try #require(
            scenario.discord.useCommand("roast", by: Scenario.alice, channelID: Scenario.channel, guildID: Scenario.guild))
        let roast = await scenario.waitForRoast(used)
        #expect(roast?.content.contains(aiRoast) == true, "\(roast?.content ?? "none")\n\(scenario.bot.log)")
        let interaction = try #require(rest.interaction(used.id))
        #expect(interaction.responseType == 5)
        #expect(try #require(interaction.responseDelay) < 3)
        #expect(interaction.refusedCallbacks.isEmpty)
        #expect(ai.received.count == 1)
        await scenario.stop()
        await ai.stop()
    }
}
