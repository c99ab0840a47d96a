import Foundation
import RoastBot
import RoastCore
import RoastStore
import RoastTesting

/// `roastbot-bench soak`: the `roastbot` process with production throttle limits against the fake
/// enforcing Telegram's limits, steady traffic, and a burst of faults every 30 s (429 with growing
/// retry_after, 502s, dropped connections, truncated JSON, a failed poll). Every 10 s it samples the
/// bot's resident memory and the pending outbox. Fails when memory grows by more than
/// `maxGrowthKilobytes` after warm-up, when the backlog grows, or when the outbox does not drain.
struct SoakRun {
    struct Sample {
        var elapsed: Double
        var residentKilobytes: Int
        var pending: Int
        var injected: Int
        var sent: Int
    }

    var minutes = 10.0
    /// Updates injected per second (spread over 100 chats; within Telegram's per-group limits).
    var rate = 10.0
    var maxGrowthKilobytes = 4_096

    func run() async throws -> Bool {
        let fake = FakeBotAPI()
        fake.rateLimits = .telegram
        try await fake.start()
        let bot = try BotChild(fake: fake, throttleOff: false, pollTimeout: 5)
        defer { bot.cleanUp() }
        try bot.start()
        let exited = bot.exited
        guard await fake.waitFor(timeout: .seconds(30), { !fake.requests(method: "getUpdates").isEmpty || exited() }), !exited() else {
            throw await bot.notReady()
        }
        let database = try RoastDatabase(path: bot.databasePath)
        defer { database.close() }

        let chats = (0..<100).map { FakeChat(id: -4_000_000_000 - Int64($0), type: .supergroup, title: "Team \($0)") }
        let users = (0..<1_000).map { FakeUser(id: 80_000 + Int64($0), firstName: "User \($0)", languageCode: "vi") }
        var random = SplitMix64(seed: 5)
        var samples: [Sample] = []
        var injected = 0
        var faultRound = 0
        let start = Stopwatch.now()
        let duration = minutes * 60
        var nextSample = 0.0
        var nextFaults = 15.0
        print("| elapsed | RSS | pending outbox | updates injected | messages sent |")
        print("|---|---|---|---|---|")
        while Stopwatch.now() - start < duration {
            let elapsed = Stopwatch.now() - start
            if elapsed >= nextSample {
                nextSample += 10
                let sample = Sample(
                    elapsed: elapsed, residentKilobytes: bot.residentKilobytes ?? -1,
                    pending: (try? database.read { try $0.pendingOutboxCount() }) ?? -1, injected: injected,
                    sent: fake.allSentMessages.count)
                samples.append(sample)
                print(
                    String(
                        format: "| %5.0f s | %@ | %d | %d | %d |", elapsed, Figure.mb(sample.residentKilobytes), sample.pending, injected,
                        sample.sent))
                guard bot.isRunning else { throw BenchError.failed("the bot exited during the soak (log: \(bot.logPath))") }
            }
            if elapsed >= nextFaults {
                nextFaults += 30
                faultRound += 1
                fake.injectFault(.tooManyRequests(retryAfter: 1 + faultRound % 5), method: "sendMessage")
                fake.injectFault(.serverError(status: 502), method: "sendMessage", times: 3)
                fake.injectFault(.dropConnection, method: "editMessageText")
                fake.injectFault(.truncatedJSON, method: "sendMessage")
                fake.injectFault(.serverError(status: 500), method: "getUpdates")
            }
            // One tick: rate/10 updates every 100 ms.
            let roastMessages = fake.recentRoastMessages(limit: 200)
            for _ in 0..<max(1, Int(rate / 10)) {
                let user = users[Int(random.next() % UInt64(users.count))]
                let chat = chats[Int(user.id % 100)]
                let dice = random.next() % 10
                if dice < 3, !roastMessages.isEmpty {
                    let message = roastMessages[Int(random.next() % UInt64(roastMessages.count))]
                    let button = message.allButtons[Int(random.next() % 4)]
                    let presser = users[Int(random.next() % 10) * 100 + Int(-message.chatID - 4_000_000_000)]
                    fake.callbackQuery(from: presser, message: message, data: button.callbackData ?? "")
                } else {
                    fake.commandMessage(chat: chat, from: user, text: dice == 9 ? "/help" : "/roast")
                }
                injected += 1
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        let drained = await fake.waitFor(timeout: .seconds(120)) {
            ((try? database.read { try $0.pendingOutboxCount() }) ?? 1) == 0 && fake.pendingUpdateCount == 0
        }
        let final = Sample(
            elapsed: Stopwatch.now() - start, residentKilobytes: bot.residentKilobytes ?? -1,
            pending: (try? database.read { try $0.pendingOutboxCount() }) ?? -1, injected: injected, sent: fake.allSentMessages.count)
        print(
            String(
                format: "| %5.0f s (drained) | %@ | %d | %d | %d |", final.elapsed, Figure.mb(final.residentKilobytes), final.pending,
                injected, final.sent))
        await bot.stop()
        await fake.stop()

        // Judge after a warm-up of a fifth of the run (caches and SQLite pages fill first).
        let steady = samples.filter { $0.elapsed >= duration / 5 }
        let baseline = steady.first?.residentKilobytes ?? samples.last?.residentKilobytes ?? 0
        let peak = steady.map(\.residentKilobytes).max() ?? baseline
        let growth = peak - baseline
        let third = max(1, steady.count / 3)
        let early = steady.prefix(third).map(\.pending).reduce(0, +) / third
        let late = steady.suffix(third).map(\.pending).reduce(0, +) / third
        let backlogFlat = late <= early + 50
        let memoryFlat = growth <= maxGrowthKilobytes
        print("")
        print(
            "memory after warm-up: \(Figure.mb(baseline)) → peak \(Figure.mb(peak)) (growth \(Figure.mb(growth)), limit \(Figure.mb(maxGrowthKilobytes))): \(memoryFlat ? "flat" : "GROWING")"
        )
        print("pending outbox, first vs last third of the steady run: \(early) → \(late): \(backlogFlat ? "flat" : "GROWING")")
        print("drained after traffic stopped: \(drained ? "yes" : "NO") (\(final.pending) pending)")
        print("faults injected: \(faultRound) rounds; 429s from the rate limiter: \(fake.rateLimitHits)")
        return memoryFlat && backlogFlat && drained
    }
}

extension FakeBotAPI {
    /// The latest messages with reaction buttons, newest last.
    func recentRoastMessages(limit: Int) -> [FakeSentMessage] {
        Array(allSentMessages.suffix(limit * 2).filter { $0.allButtons.contains { $0.text == "🔁" } && !$0.isDeleted }.suffix(limit))
    }
}
