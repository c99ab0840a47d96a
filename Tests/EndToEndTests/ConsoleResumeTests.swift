import ChatPlatform
import ConsoleAdapter
import Foundation
import RoastStore
import Testing

/// A second console session on the database of a first: the same people, and a clock that never
/// runs behind what the database already recorded.
struct ConsoleResumeTests {
    /// Runs `scripts` one session after another on one database in a fresh folder; returns each
    /// session's output, and lets `check` open the database before the folder is removed.
    static func sessions(
        _ scripts: [(script: String, environment: [String: String])], check: (RoastDatabase) throws -> Void = { _ in }
    ) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roastbot-console-resume-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var outputs: [String] = []
        for (script, environment) in scripts {
            var environment = environment
            environment["ROASTBOT_ABUSE_LIMIT"] = "0"
            let (output, status) = try ConsoleTranscriptTests.transcript(script, environment: environment, in: folder)
            #expect(status == 0, "\(output)")
            outputs.append(output)
        }
        let database = try RoastDatabase(path: folder.appendingPathComponent("console.sqlite").path)
        defer { database.close() }
        try check(database)
        return outputs
    }

    /// `:user Chi` in a new session speaks as the Chi of the first, whatever order names come in.
    @Test func userInANewSessionFindsTheStoredPersonOfThatName() throws {
        let first = "/roast\n:user An\n/roast\n/roast\n:user Chi\n/roast\n:quit\n"
        let second = ":user Chi\n/roast\n:user Nguyễn Văn A vi\n/roast\n:quit\n"
        _ = try Self.sessions([(first, [:]), (second, [:])]) { database in
            let profiles = try database.read { try $0.profiles(chat: ConsoleSession.groupID) }
            let byName = Dictionary(profiles.map { ($0.displayName, $0) }, uniquingKeysWith: { first, _ in first })
            #expect(profiles.count == 4, "\(profiles.map(\.displayName))")
            #expect(byName["An"]?.roastCount == 2)
            #expect(byName["Chi"]?.roastCount == 2)
            #expect(byName["Nguyễn Văn A"]?.languageCode == "vi")
            #expect(Set(profiles.map(\.userID)).count == 4)
        }
    }

    /// A database started at a simulated time and resumed on the wall clock (months earlier) goes on
    /// from its own time: the next day is the next day, and the streak counts it.
    @Test func timeNeverRunsBackwardsForADatabase() throws {
        let start = ["ROASTBOT_CLOCK_START": "2031-01-10T08:00:00+07:00"]
        let outputs = try Self.sessions([("/roast\n:quit\n", start), (":day\n/streak\n:quit\n", [:])])
        let second = try #require(outputs.last)
        #expect(second.contains("2031-01-11T08:0"), "\(second)")
        #expect(second.contains("🔥 Hiện tại: 2 ngày"), "\(second)")
    }
}
