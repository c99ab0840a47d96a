import ChatPlatform
import Foundation
import RoastTesting
import Testing

@testable import RoastStore

/// Backups of a running bot and restoring one: `roastbot backup` during a stream of writes gives a
/// whole file that holds everything committed before it began; `roastbot restore` refuses while the
/// bot runs and puts the backup in place when it does not; the bot keeps dated daily copies itself.
@Suite(.serialized)
struct BackupEndToEndTests {
    static let chats = (0..<10).map { FakeChat(id: -720_000 - Int64($0), type: .supergroup, title: "Backup team \($0)") }
    static let users = (0..<4).map { FakeUser(id: 7_200 + Int64($0), firstName: "B\($0)", languageCode: "en") }

    static func command(_ arguments: [String], database: String) async throws -> (status: Int32, output: String) {
        try await DeploymentEndToEndTests.runOffThePool(
            BotProcess.executable.path, arguments, environment: ["ROASTBOT_DB": database, "PATH": "/usr/bin:/bin"])
    }

    /// Roast ids and the resume point, read from `path`.
    static func contents(_ path: String) throws -> (roasts: Set<Int64>, resume: Int64?) {
        let database = try RoastDatabase(path: path)
        defer { database.close() }
        return try database.read { tx in
            let ids = try tx.connection.query("SELECT roast_id FROM roasts") { (row: borrowing Row) in row.int64(0) }
            return (Set(ids), try tx.resumePoint(of: EventSource("telegram")))
        }
    }

    /// The first `count` messages the bot sent to `chat`, waited for as long as a loaded machine may
    /// need (the wait ends as soon as they are there); a test that goes on without them would only
    /// report what follows from their absence.
    static func messages(_ count: Int, in chat: FakeChat, _ fake: FakeBotAPI) async throws -> [FakeSentMessage] {
        let sent = await fake.waitForMessages(count, in: chat.id, timeout: 120)
        try #require(sent.count >= count, "\(sent.count) of \(count) messages in \(chat.id)")
        return Array(sent.prefix(count))
    }

    @Test func aBackupDuringAWriteStreamIsWholeAndHoldsEverythingCommittedBeforeIt() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let bot = try BotProcess(fake: fake)
        defer { bot.cleanUp() }
        try bot.start(arguments: ["--config", try CrashRecoveryEndToEndTests.fastSettings(in: bot.directory)])
        #expect(await fake.waitFor(timeout: .seconds(30)) { !fake.requests(method: "getUpdates").isEmpty })
        let total = 600
        let stream = Task {
            for index in 0..<total {
                fake.commandMessage(chat: Self.chats[index % Self.chats.count], from: Self.users[index % Self.users.count], text: "/roast")
                if index % 10 == 9 { try? await Task.sleep(for: .milliseconds(20)) }
            }
        }
        try #require(await fake.waitFor(timeout: .seconds(120)) { fake.allSentMessages.count >= 150 })
        let before = try Self.contents(bot.databasePath)
        let file = bot.directory.appendingPathComponent("copy.sqlite").path
        let backup = try await Self.command(["backup", file], database: bot.databasePath)
        await stream.value
        #expect(backup.status == 0, "\(backup.output)")
        #expect(backup.output.contains("integrity ok"))
        #expect(fake.allSentMessages.count < total, "the backup ran while the stream was still being written")

        #expect(try DatabaseBackup.integrityCheck(file) == "ok")
        let copy = try Self.contents(file)
        #expect(before.roasts.count >= 150)
        #expect(before.roasts.isSubset(of: copy.roasts), "\(before.roasts.subtracting(copy.roasts).count) roasts missing")
        #expect((copy.resume ?? 0) >= (before.resume ?? 0))
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o600)
        #expect(!FileManager.default.fileExists(atPath: file + "-wal"), "one self-contained file")
        // The bot was not disturbed: every command is answered.
        #expect(await fake.waitFor(timeout: .seconds(180)) { fake.allSentMessages.count >= total })
        await fake.stop()
    }

    @Test func restoreRefusesWhileTheBotRunsAndPutsTheBackupBackWhenStopped() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let bot = try BotProcess(fake: fake)
        defer { bot.cleanUp() }
        try bot.start()
        for _ in 0..<3 { fake.commandMessage(chat: Self.chats[0], from: Self.users[0], text: "/roast") }
        _ = try await Self.messages(3, in: Self.chats[0], fake)
        let file = bot.directory.appendingPathComponent("three.sqlite").path
        #expect(try await Self.command(["backup", file], database: bot.databasePath).status == 0)
        for _ in 0..<2 { fake.commandMessage(chat: Self.chats[0], from: Self.users[0], text: "/roast") }
        _ = try await Self.messages(5, in: Self.chats[0], fake)

        let refused = try await Self.command(["restore", file], database: bot.databasePath)
        #expect(refused.status == 4, "\(refused.output)")
        #expect(refused.output.contains("stop it"))
        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        #expect(try Self.contents(bot.databasePath).roasts.count == 5)

        let garbage = bot.directory.appendingPathComponent("garbage.sqlite").path
        try Data(repeating: 0x42, count: 8_192).write(to: URL(fileURLWithPath: garbage))
        let rejected = try await Self.command(["restore", garbage], database: bot.databasePath)
        #expect(rejected.status == 1, "\(rejected.output)")
        #expect(rejected.output.contains("nothing changed"))
        #expect(try Self.contents(bot.databasePath).roasts.count == 5)

        let restored = try await Self.command(["restore", file], database: bot.databasePath)
        #expect(restored.status == 0, "\(restored.output)")
        #expect(restored.output.contains("integrity ok"))
        #expect(try Self.contents(bot.databasePath).roasts.count == 3)
        #expect(try DatabaseBackup.integrityCheck(bot.databasePath) == "ok")
        let kept = try FileManager.default.contentsOfDirectory(atPath: bot.directory.path).filter {
            $0.hasPrefix("bot.sqlite.before-restore-")
        }
        #expect(!kept.isEmpty, "the replaced database is kept")
        // The bot starts on the restored database.
        try bot.start()
        fake.commandMessage(chat: Self.chats[0], from: Self.users[0], text: "/roast")
        _ = try await Self.messages(6, in: Self.chats[0], fake)
        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        #expect(try Self.contents(bot.databasePath).roasts.count == 4)
        await fake.stop()
    }

    /// The commands as an operator runs them: a backup onto the live database is refused and the bot
    /// goes on unharmed; a restore of a backup taken before someone asked to be forgotten forgets
    /// them again; a backup from a newer version is refused before anything changes.
    @Test func backupAndRestoreGuardTheDatabaseAndWhoAskedToBeForgotten() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let bot = try BotProcess(fake: fake)
        defer { bot.cleanUp() }
        try bot.start()
        let team = Self.chats[0]
        let (lan, minh) = (Self.users[0], Self.users[1])
        fake.commandMessage(chat: team, from: lan, text: "/roast")
        fake.commandMessage(chat: team, from: minh, text: "/roast")
        _ = try await Self.messages(2, in: team, fake)
        let file = bot.directory.appendingPathComponent("before-forget.sqlite").path
        #expect(try await Self.command(["backup", file], database: bot.databasePath).status == 0)

        for target in [bot.databasePath, bot.databasePath + "-wal"] {
            let refused = try await Self.command(["backup", target], database: bot.databasePath)
            #expect(refused.status == 1, "\(refused.output)")
            #expect(refused.output.contains("choose another destination"))
        }
        fake.commandMessage(chat: team, from: minh, text: "/forgetme")
        let question = try await Self.messages(3, in: team, fake)[2]
        let yes = try #require(question.allButtons.first?.callbackData)
        fake.callbackQuery(from: minh, message: question, data: yes)
        #expect(await fake.waitFor(timeout: .seconds(60)) { !fake.callbackAnswers.isEmpty })
        fake.commandMessage(chat: team, from: lan, text: "/roast")
        _ = try await Self.messages(4, in: team, fake)
        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        #expect(try DatabaseBackup.integrityCheck(bot.databasePath) == "ok")
        #expect(try Self.contents(bot.databasePath).roasts.count == 2, "Lan's two roasts; Minh's forgotten")

        let newer = bot.directory.appendingPathComponent("newer.sqlite").path
        try FileManager.default.copyItem(atPath: file, toPath: newer)
        let future = try SQLiteConnection(path: newer)
        try future.execute("INSERT INTO schema_migrations (name, applied_at) VALUES ('from a later version', 0)")
        future.close()
        let refused = try await Self.command(["restore", newer], database: bot.databasePath)
        #expect(refused.status == 1, "\(refused.output)")
        #expect(refused.output.contains("newer roastbot") && refused.output.contains("nothing changed"))
        #expect(try Self.contents(bot.databasePath).roasts.count == 2)

        let restored = try await Self.command(["restore", file], database: bot.databasePath)
        #expect(restored.status == 0, "\(restored.output)")
        #expect(restored.output.contains("forgotten again"))
        let database = try RoastDatabase(path: bot.databasePath)
        defer { database.close() }
        #expect(try database.read { try $0.profile(chat: .init(team.id), user: .init(minh.id)) } == nil)
        #expect(try database.read { try $0.profile(chat: .init(team.id), user: .init(lan.id)) } != nil)
        await fake.stop()
    }

    /// An hour of the bot's clock per second: the copy due at start, then the next day's.
    @Test func theBotKeepsTheNewestDatedDailyCopies() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roastbot-e2e-\(UUID().uuidString)")
        let backups = directory.appendingPathComponent("backups")
        try FileManager.default.createDirectory(at: backups, withIntermediateDirectories: true)
        for day in 25...28 {
            try Data("old".utf8).write(to: backups.appendingPathComponent("roastbot-2026-02-\(day).sqlite"))
        }
        try Data("keep me".utf8).write(to: backups.appendingPathComponent("notes.txt"))
        // The bot's clock starts 2026-03-01 20:00 UTC, past the 03:00 backup time of that day.
        let bot = try BotProcess(
            fake: fake, directory: directory,
            extraEnvironment: [
                "ROASTBOT_BACKUP_DIR": backups.path, "ROASTBOT_BACKUP_TIME": "03:00", "ROASTBOT_BACKUP_KEEP": "3", "TZ": "UTC",
                "ROASTBOT_CLOCK_RATE": "3600",
            ])
        defer { bot.cleanUp() }
        try bot.start()
        @Sendable func dated() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: backups.path)) ?? []).filter { $0.hasPrefix("roastbot-") }.sorted()
        }
        // A copy appears (renamed into place) a moment before the oldest is pruned: wait for both.
        let first = ["roastbot-2026-02-27.sqlite", "roastbot-2026-02-28.sqlite", "roastbot-2026-03-01.sqlite"]
        #expect(await fake.waitFor(timeout: .seconds(30)) { dated() == first }, "\(dated())")
        let second = ["roastbot-2026-02-28.sqlite", "roastbot-2026-03-01.sqlite", "roastbot-2026-03-02.sqlite"]
        #expect(await fake.waitFor(timeout: .seconds(40)) { dated() == second }, "\(dated())")
        #expect(FileManager.default.fileExists(atPath: backups.appendingPathComponent("notes.txt").path))
        #expect(try DatabaseBackup.integrityCheck(backups.appendingPathComponent("roastbot-2026-03-02.sqlite").path) == "ok")
        await fake.stop()
    }
}
