import Foundation
import RoastCore
import RoastStore
import RoastTesting
import Testing

/// `kill -9` in the middle of a stream of updates, then restarts: every update's effects are
/// applied exactly once, and a message is sent again at most once per crash and chat.
@Suite(.serialized)
struct CrashRecoveryEndToEndTests {
    static let chats = (0..<12).map { FakeChat(id: -200_000 - Int64($0), type: .supergroup, title: "Team \($0)") }
    static let users = (0..<5).map { FakeUser(id: 900 + Int64($0), firstName: "User \($0)", languageCode: "vi") }

    /// Send limits and the abuse throttle off: the scenarios using this are about durability and
    /// volume, not pacing.
    static func fastSettings(in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("fast.json").path
        let json =
            #"{"throttle": {"per_chat_interval": 0, "per_group_per_minute": 100000, "global_per_second": 100000}, "abuse": {"limit": 0}}"#
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func killNineMidBatchAppliesEveryUpdateExactlyOnce() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let bot = try BotProcess(fake: fake)
        defer { bot.cleanUp() }
        let config = try Self.fastSettings(in: bot.directory)
        let total = 360
        // One second apart: a person's six commands span a minute, so the spam throttle stays out of it.
        let start = Date()
        for index in 0..<total {
            let chat = Self.chats[index % Self.chats.count]
            fake.commandMessage(
                chat: chat, from: Self.users[index % Self.users.count], text: "/roast", date: start.addingTimeInterval(Double(index)))
        }
        var kills = 0
        for threshold in [total / 4, total / 2, 3 * total / 4] {
            try bot.start(arguments: ["--config", config])
            _ = await fake.waitFor(timeout: .seconds(30)) { fake.allSentMessages.count >= threshold }
            bot.signal(SIGKILL)
            #expect(await bot.waitForExit() != nil)
            kills += 1
        }
        try bot.start(arguments: ["--config", config])
        let database = try RoastDatabase(path: bot.databasePath)
        defer { database.close() }
        @Sendable func applied() -> Int {
            (try? database.read { tx in
                try Self.chats.map { chat in try tx.profiles(chat: .init(chat.id)).map(\.roastCount).reduce(0, +) }.reduce(0, +)
            }) ?? -1
        }
        #expect(await fake.waitFor(timeout: .seconds(60)) { applied() == total && fake.allSentMessages.count >= total })
        try await Task.sleep(for: .milliseconds(300))
        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)

        #expect(applied() == total)
        #expect(try database.read { try $0.pendingOutboxCount() } == 0)
        #expect(try database.integrityCheck() == "ok")
        let sent = fake.allSentMessages.count
        let duplicates = sent - total
        // At most one message in flight per chat can be re-sent after each kill.
        #expect(duplicates >= 0 && duplicates <= kills * Self.chats.count)
        // Every stored roast points at a message that exists.
        let unlinked = try database.read { tx in
            try Self.chats.flatMap { chat in
                try Self.users.flatMap { user in try tx.recentRoasts(chat: .init(chat.id), user: .init(user.id), limit: 1_000) }
            }
            .filter { $0.messageID == nil }.count
        }
        #expect(unlinked == 0)
        print(
            "crash scenario: \(total) updates, \(kills) kill -9, \(sent) messages sent, \(duplicates) re-sent, applied exactly once: \(applied() == total)"
        )
        await fake.stop()
    }
}
