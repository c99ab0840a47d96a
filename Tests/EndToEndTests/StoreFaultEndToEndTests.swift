import ChatPlatform
import Foundation
import RoastTesting
import Testing

@testable import RoastStore

/// The real binary while its database cannot take writes, and with two processes on one file: every
/// command is answered exactly once and nothing is sent twice.
@Suite(.serialized)
struct StoreFaultEndToEndTests {
    static let team = FakeChat(id: -300_001, type: .supergroup, title: "Team")
    static let other = FakeChat(id: -300_002, type: .supergroup, title: "Other team")
    static let people = (0..<4).map { FakeUser(id: 3_000 + Int64($0), firstName: "P\($0)", languageCode: "en") }

    /// A bot polling `fake` whose database writes fail while the returned file exists.
    static func pollingWithFaultSwitch(_ fake: FakeBotAPI) async throws -> (BotProcess, faultFile: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roastbot-e2e-\(UUID().uuidString)")
        let faultFile = directory.appendingPathComponent("store-fault").path
        let bot = try BotProcess(fake: fake, directory: directory, extraEnvironment: ["ROASTBOT_STORE_FAULT_FILE": faultFile])
        try bot.start()
        #expect(await fake.waitFor(timeout: .seconds(30)) { !fake.requests(method: "getUpdates").isEmpty })
        return (bot, faultFile)
    }

    static func roasts(_ fake: FakeBotAPI, in chat: FakeChat) -> [FakeSentMessage] {
        fake.sentMessages(chat: chat.id).filter { $0.buttons.first?.count == 4 }
    }

    /// 20 commands arrive while another process holds the database's write lock for 10 s.
    @Test func commandsWaitOutALockedDatabaseAndAreAnsweredOnce() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let bot = try BotProcess(fake: fake)
        defer { bot.cleanUp() }
        try bot.start()
        #expect(await fake.waitFor(timeout: .seconds(30)) { !fake.requests(method: "getUpdates").isEmpty })
        let locker = try SQLiteConnection(path: bot.databasePath)
        try locker.execute("BEGIN EXCLUSIVE")
        for index in 0..<20 { fake.commandMessage(chat: Self.team, from: Self.people[index % 4], text: "/roast") }
        try await Task.sleep(for: .seconds(10))
        #expect(Self.roasts(fake, in: Self.team).isEmpty)
        try locker.execute("COMMIT")
        locker.close()
        _ = await fake.waitFor(timeout: .seconds(60)) { Self.roasts(fake, in: Self.team).count >= 20 }
        try await Task.sleep(for: .seconds(2))
        #expect(Self.roasts(fake, in: Self.team).count == 20)
        #expect(bot.log.contains("database unavailable"))
        #expect(!bot.log.contains("recorded as skipped"))
        await fake.stop()
    }

    /// 20 commands arrive while every write fails as on a full disk for 10 s (the fault file hook).
    @Test func commandsWaitOutAFullDiskAndAreAnsweredOnce() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let (bot, faultFile) = try await Self.pollingWithFaultSwitch(fake)
        defer { bot.cleanUp() }
        try "full".write(toFile: faultFile, atomically: true, encoding: .utf8)
        for index in 0..<20 { fake.commandMessage(chat: Self.team, from: Self.people[index % 4], text: "/roast") }
        try await Task.sleep(for: .seconds(10))
        #expect(Self.roasts(fake, in: Self.team).isEmpty)
        try FileManager.default.removeItem(atPath: faultFile)
        _ = await fake.waitFor(timeout: .seconds(60)) { Self.roasts(fake, in: Self.team).count >= 20 }
        try await Task.sleep(for: .seconds(2))
        #expect(Self.roasts(fake, in: Self.team).count == 20)
        #expect(bot.log.contains("database or disk is full"))
        #expect(!bot.log.contains("recorded as skipped"))
        await fake.stop()
    }

    /// The store fails between Telegram's confirmation of a send and its mark: the message is sent once.
    @Test func aSendConfirmedWhileTheStoreFailsIsSentOnce() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let (bot, faultFile) = try await Self.pollingWithFaultSwitch(fake)
        defer { bot.cleanUp() }
        // Telegram takes 2 s to confirm; the disk fills meanwhile and frees up 4 s later.
        fake.injectFault(.delay(seconds: 2), method: "sendMessage")
        fake.commandMessage(chat: Self.team, from: Self.people[0], text: "/roast")
        _ = await fake.waitFor(timeout: .seconds(20)) { fake.requests(method: "sendMessage").count == 1 }
        try "full".write(toFile: faultFile, atomically: true, encoding: .utf8)
        try await Task.sleep(for: .seconds(4))
        try FileManager.default.removeItem(atPath: faultFile)
        try await Task.sleep(for: .seconds(6))
        #expect(fake.requests(method: "sendMessage").count == 1)
        #expect(Self.roasts(fake, in: Self.team).count == 1)
        #expect(bot.log.contains("cannot mark an outbox row"))
        #expect(try RoastDatabase(path: bot.databasePath).read { try $0.pendingOutboxCount() } == 0)
        await fake.stop()
    }

    /// A second process on the same database refuses to start, with exit code 4 and one line.
    @Test func aSecondProcessOnTheSameDatabaseRefusesToStart() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let first = try BotProcess(fake: fake)
        defer { first.cleanUp() }
        try first.start()
        #expect(await fake.waitFor(timeout: .seconds(30)) { !fake.requests(method: "getUpdates").isEmpty })
        let second = try BotProcess(fake: fake, directory: first.directory)
        try second.start()
        #expect(await second.waitForExit(timeout: 20) == 4)
        #expect(second.log.contains("another roastbot process is using this database"))
        fake.commandMessage(chat: Self.team, from: Self.people[0], text: "/roast")
        _ = await fake.waitForMessages(1, in: Self.team.id)
        try await Task.sleep(for: .seconds(2))
        #expect(fake.sentMessages(chat: Self.team.id).count == 1)
        await fake.stop()
    }
}
