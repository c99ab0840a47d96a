import Foundation
import RoastTesting
import Testing

/// The real `roastbot` keeps its connections to the Bot API open across requests, as it must with
/// api.telegram.org, where every new connection is a TLS handshake.
@Suite(.serialized)
struct ConnectionReuseEndToEndTests {
    static let alice = FakeUser(id: 501, firstName: "Alice", username: "alice", languageCode: "en")

    /// Bursts of replies to more chats at once than the old connection cache held (8): the
    /// connections of the first burst serve the later ones instead of being closed and opened again.
    @Test func burstsOfRepliesToManyChatsReuseTheBotsConnections() async throws {
        let fake = FakeBotAPI(keepsConnectionsOpen: true)
        try await fake.start()
        let bot = try BotProcess(fake: fake)
        defer { bot.cleanUp() }
        let config = bot.directory.appendingPathComponent("throttle-off.json")
        try #"{"throttle": {"per_chat_interval": 0, "per_group_per_minute": 100000, "global_per_second": 100000}}"#
            .write(to: config, atomically: true, encoding: .utf8)
        try bot.start(arguments: ["--config", config.path])
        let chats = (0..<24).map { FakeChat(id: -200_000 - Int64($0), type: .supergroup, title: "Team \($0)") }

        for round in 1...4 {
            // Each reply takes 0.3 s to answer, so a burst's sends are all in flight together.
            fake.injectFault(.delay(seconds: 0.3), method: "sendMessage", times: chats.count)
            for chat in chats { fake.commandMessage(chat: chat, from: Self.alice, text: "/streak") }
            let answered = await fake.waitFor(timeout: .seconds(30)) { fake.allSentMessages.count >= round * chats.count }
            try #require(answered, "round \(round): \(fake.allSentMessages.count) replies")
        }

        // At most one connection per send of a burst, plus the long poll's and start-up's.
        #expect(fake.connectionCount <= chats.count + 4, "\(fake.connectionCount) connections for \(fake.requests().count) requests")
        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        await fake.stop()
    }
}
