import Foundation
import RoastTesting
import Testing

/// The real `roastbot` process against a Bot API that misbehaves: 429 storms with growing
/// retry_after, runs of 500/502, dropped connections, truncated JSON, a long poll that never
/// answers. The bot recovers by itself, never repeats a send before retry_after has passed, and
/// every reply arrives (a truncated answer to an applied send may cause one duplicate; nothing is
/// lost).
@Suite(.serialized)
struct NetworkFaultEndToEndTests {
    static let chats = (0..<3).map { FakeChat(id: -400_000 - Int64($0), type: .supergroup, title: "Ops \($0)") }
    static let user = FakeUser(id: 4_242, firstName: "Quinn", languageCode: "en")

    /// Throttle off and a 1 s long poll, so that a stalled poll is abandoned after 16 s (its HTTP
    /// timeout) rather than the production 65 s.
    static func settings(in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("faults.json").path
        let json =
            #"{"telegram": {"poll_timeout": 1}, "throttle": {"per_chat_interval": 0, "per_group_per_minute": 100000, "global_per_second": 100000}, "abuse": {"limit": 0}}"#
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func botRecoversFromEveryFaultWithoutLosingOrRushingAMessage() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let bot = try BotProcess(fake: fake)
        defer { bot.cleanUp() }
        try bot.start(arguments: ["--config", try Self.settings(in: bot.directory)])
        #expect(await fake.waitFor(timeout: .seconds(30)) { !fake.requests(method: "getUpdates").isEmpty })
        var expected = 0

        // Sends: a storm of 429s with growing retry_after, then 5xx runs, a dropped connection and a
        // truncated answer, spread over whichever sends come first.
        for seconds in [1, 2, 3] { fake.injectFault(.tooManyRequests(retryAfter: seconds), method: "sendMessage") }
        fake.injectFault(.serverError(status: 500), method: "sendMessage", times: 2)
        fake.injectFault(.serverError(status: 502), method: "sendMessage", times: 2)
        fake.injectFault(.dropConnection, method: "sendMessage")
        fake.injectFault(.truncatedJSON, method: "sendMessage")
        for round in 0..<4 {
            for chat in Self.chats { fake.commandMessage(chat: chat, from: Self.user, text: round.isMultiple(of: 2) ? "/roast" : "/help") }
        }
        expected += 4
        // Worst case, one send meets every fault: 1 + 2 + 3 s of retry_after, then 1, 2, 4, 8 and
        // 16 s between transient retries, the sixth failure parks the chat (2 s) — about 41 s. Which
        // send meets them depends on timing, so the wait allows for it (40 s failed now and then).
        #expect(await allChatsHave(expected, fake, timeout: 60))
        #expect(fake.pendingFaultCount == 0)

        // Polls: each failure kind once, each followed by an update that must still get through.
        let pollFaults: [FakeFault] = [
            .serverError(status: 502), .serverError(status: 500), .dropConnection, .truncatedJSON, .tooManyRequests(retryAfter: 2),
        ]
        for fault in pollFaults {
            fake.injectFault(fault, method: "getUpdates")
            _ = await fake.waitFor(timeout: .seconds(10)) { fake.pendingFaultCount == 0 }
            for chat in Self.chats { fake.commandMessage(chat: chat, from: Self.user, text: "/help") }
            expected += 1
            #expect(await allChatsHave(expected, fake, timeout: 20), "after \(fault)")
        }

        // A long poll that never answers: abandoned at its timeout, then polling resumes by itself.
        fake.injectFault(.stall, method: "getUpdates")
        #expect(await fake.waitFor(timeout: .seconds(10)) { fake.requests(method: "getUpdates").contains { $0.fault == .stall } })
        for chat in Self.chats { fake.commandMessage(chat: chat, from: Self.user, text: "/help") }
        expected += 1
        #expect(await allChatsHave(expected, fake, timeout: 40), "after a stalled poll")

        // Never a repeat before retry_after: the next request of the same method (and chat, for
        // sends) comes at least retry_after later.
        let requests = fake.requests()
        for (index, request) in requests.enumerated() {
            guard case .tooManyRequests(let seconds)? = request.fault else { continue }
            let next = requests[(index + 1)...].first {
                $0.method == request.method && $0.parameters["chat_id"] == request.parameters["chat_id"]
            }
            if let next {
                #expect(next.arrivedAt.timeIntervalSince(request.arrivedAt) >= Double(seconds) - 0.05, "\(request.method) after 429")
            }
        }
        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        #expect(!bot.log.contains(fake.token))
        #expect(!bot.log.contains("TEST-fake-token"))
        await fake.stop()
    }

    private func allChatsHave(_ count: Int, _ fake: FakeBotAPI, timeout: Double) async -> Bool {
        await fake.waitFor(timeout: .seconds(timeout)) { Self.chats.allSatisfy { fake.sentMessages(chat: $0.id).count >= count } }
    }
}
