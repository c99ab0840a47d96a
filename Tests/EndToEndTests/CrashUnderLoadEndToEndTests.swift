import Foundation
import RoastBot
import RoastCore
import RoastStore
import RoastTesting
import Testing

/// `kill -9` at seeded random moments while 5,000 updates stream in, ten times, against an
/// uninterrupted reference run of the same script and seed: the durable effects are identical
/// (nothing lost, nothing applied twice), each crash re-sends at most one message per chat, and the
/// database passes `PRAGMA integrity_check`.
@Suite(.serialized)
struct CrashUnderLoadEndToEndTests {
    static let updates = 5_000
    static let kills = 10

    struct Run {
        var effects: EffectSnapshot
        var sentPerChat: [Int64: Int]
        var integrity: String
        var log: String
        var token: String
    }

    @Test func tenKillNinesDuringAStreamMatchAnUninterruptedRun() async throws {
        let script = ScriptedTraffic(seed: 2_026, count: Self.updates)
        let reference = try await run(script, killAt: [])
        let total = reference.sentPerChat.values.reduce(0, +)
        var random = SplitMix64(seed: 77)
        // Kill points: after a seeded share of the reference run's messages, plus a seeded few
        // milliseconds, so that kills land mid-batch, mid-transaction and mid-send.
        let points = (0..<Self.kills).map { _ in Int(Double(total) * (0.05 + 0.85 * Double(random.next() % 1_000) / 1_000)) }.sorted()
        let crashed = try await run(script, killAt: points.map { ($0, Int(random.next() % 40)) })

        #expect(reference.effects.totalRoasts > Self.updates / 3)
        #expect(crashed.effects == reference.effects, "\(crashed.effects.differences(from: reference.effects))")
        #expect(crashed.integrity == "ok")
        for (chat, count) in reference.sentPerChat {
            let extra = (crashed.sentPerChat[chat] ?? 0) - count
            #expect(extra >= 0 && extra <= Self.kills, "chat \(chat): \(extra) extra messages after \(Self.kills) crashes")
        }
        for run in [reference, crashed] {
            #expect(!run.log.isEmpty)
            #expect(!run.log.contains(run.token))
            #expect(!run.log.contains(String(run.token.split(separator: ":").last!)))
        }
        let duplicates = crashed.sentPerChat.values.reduce(0, +) - total
        print("crash under load: \(Self.updates) updates, \(Self.kills) kill -9, \(reference.effects); \(duplicates) messages re-sent")
    }

    /// Streams the script into a fresh bot; for each kill point (messages sent, extra milliseconds)
    /// kills it with SIGKILL and restarts it; then waits until everything is applied and delivered.
    private func run(_ script: ScriptedTraffic, killAt points: [(messages: Int, delay: Int)]) async throws -> Run {
        let fake = FakeBotAPI()
        try await fake.start()
        let bot = try BotProcess(fake: fake)
        defer { bot.cleanUp() }
        let config = try CrashRecoveryEndToEndTests.fastSettings(in: bot.directory)
        try bot.start(arguments: ["--config", config])
        #expect(await fake.waitFor(timeout: .seconds(30)) { !fake.requests(method: "getUpdates").isEmpty })
        let database = try RoastDatabase(path: bot.databasePath)
        defer { database.close() }

        let streaming = Task { await script.stream(into: fake, database: database) }
        for point in points {
            _ = await fake.waitFor(timeout: .seconds(60)) { fake.allSentMessages.count >= point.messages }
            try await Task.sleep(for: .milliseconds(point.delay))
            bot.signal(SIGKILL)
            #expect(await bot.waitForExit() != nil)
            try bot.start(arguments: ["--config", config])
        }
        #expect(await streaming.value, "a press target never appeared")
        let lastUpdate = 100_000 + script.steps.count
        let settled = await fake.waitFor(timeout: .seconds(120)) {
            fake.confirmedOffset >= lastUpdate && ((try? database.read { try $0.pendingOutboxCount() }) ?? 1) == 0
        }
        #expect(settled, "offset \(fake.confirmedOffset) of \(lastUpdate)")
        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)

        var sent: [Int64: Int] = [:]
        for message in fake.allSentMessages { sent[message.chatID, default: 0] += 1 }
        let effects = try EffectSnapshot(database, chats: script.chats.map(\.id), users: script.users.map(\.id))
        let integrity = try database.integrityCheck()
        await fake.stop()
        return Run(effects: effects, sentPerChat: sent, integrity: integrity, log: bot.log, token: fake.token)
    }
}
