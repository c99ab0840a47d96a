import CardRenderer
import Foundation
import RoastBot
import Testing

/// What a first trial of `roastbot console` ran into: commands for other bots, where files go, the
/// spam limit in piped scripts, and what `:react` reacts to.
struct ConsoleTrialTests {
    /// Runs the console with `script` on a database in a fresh folder; `check` sees the output and
    /// the folder before it is removed.
    static func run(
        _ script: String, database: String = "data/console.sqlite", environment extra: [String: String] = [:],
        check: (_ output: String, _ folder: URL) throws -> Void
    ) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roastbot-console-trial-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (text, status) = try ConsoleTranscriptTests.transcript(script, environment: extra, in: folder, database: database)
        #expect(status == 0)
        try check(text, folder)
    }

    /// The lines `roastbot` printed between the echo of `input` and the next prompt.
    static func answer(to input: String, in output: String) -> [String] {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: input) else { return ["(input not echoed)"] }
        return Array(lines[(start + 1)...].prefix { !$0.contains("> ") }).filter { !$0.isEmpty }
    }

    @Test func anUnknownCommandInTheGroupIsAnsweredOnlyWhenAddressedToTheBot() throws {
        let script = "/poll\n/poll@RoastMeLaterBot\n/poll@OtherBot\n/help@OtherBot\n/help\n:chat private\n/poll\n:quit\n"
        try Self.run(script) { output, _ in
            #expect(Self.answer(to: "you@group> /poll", in: output).isEmpty)
            #expect(Self.answer(to: "you@group> /poll@RoastMeLaterBot", in: output).joined().contains("Lệnh /poll chưa có"))
            #expect(Self.answer(to: "you@group> /poll@OtherBot", in: output).isEmpty)
            #expect(Self.answer(to: "you@group> /help@OtherBot", in: output).isEmpty)
            #expect(Self.answer(to: "you@group> /help", in: output).joined().contains(Phrasebook(.vi).helpTitle))
            #expect(Self.answer(to: "you@private> /poll", in: output).joined().contains("Lệnh /poll chưa có"))
        }
    }

    @Test func anExportIsSavedUnderExportsBesideTheDatabaseAndItsPathPrinted() throws {
        try Self.run("/roast\n:chat private\n/export\n:quit\n") { output, folder in
            let exports = folder.appendingPathComponent("data/exports").path
            let line = try #require(output.split(separator: "\n").first { $0.hasPrefix("📎 #") }, "\(output)")
            let path = try #require(line.split(separator: " ").first { $0.hasPrefix("/") }.map(String.init))
            #expect(path.hasPrefix(exports + "/console-") && path.hasSuffix(".json"), "\(line)")
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(json is [String: Any])
        }
    }

    /// Two databases in one folder write pictures and exports under names that do not collide.
    @Test func filesOfTwoDatabasesInOneFolderDoNotCollide() throws {
        try Self.run("/roast\n:press 7\n:quit\n", database: "data/demo.sqlite") { output, folder in
            let line = try #require(output.split(separator: "\n").first { $0.hasPrefix("🖼 #") }, "\(output)")
            #expect(line.contains(folder.appendingPathComponent("data/cards/demo-").path), "\(line)")
        }
    }

    @Test func helpExplainsTheSpamLimitAndHowScriptsTurnItOff() throws {
        try Self.run(":help\n:quit\n") { output, _ in
            #expect(output.contains("ROASTBOT_ABUSE_LIMIT=0"))
            #expect(output.contains("5 commands"))
        }
    }

    /// Who may change settings in the console is said where the controls are listed.
    @Test func helpSaysEveryoneIsAGroupAdminUntilAdminOff() throws {
        try Self.run(":help\n:quit\n") { output, _ in
            #expect(output.contains(":admin on|off"))
            #expect(output.contains("everyone is a group admin until :admin off"), "\(output)")
        }
    }

    /// With the limit off, a piped script's every command is answered.
    @Test func aScriptWithTheLimitOffIsAnsweredThroughout() throws {
        let script = (1...8).map { _ in "/help" }.joined(separator: "\n") + "\n:quit\n"
        try Self.run(script, environment: ["ROASTBOT_ABUSE_LIMIT": "0"]) { output, _ in
            #expect(output.components(separatedBy: Phrasebook(.vi).helpTitle).count - 1 == 8)
        }
    }

    /// The style buttons under a card redraw that card (its number, a new picture file), never post
    /// another one; a style shown before shows its file again, and every file keeps its picture.
    @Test func styleButtonsRedrawTheCardNotRepeatIt() throws {
        // 🖼 on the roast, then under the card: Midnight, its story format, back to square.
        try Self.run("/roast họp 2\n:press 7\n:press 2\n:press 6\n:press 6\n:quit\n") { output, folder in
            let lines = output.split(separator: "\n").map(String.init)
            let posted = lines.filter { $0.hasPrefix("🖼 #") }
            #expect(posted.count == 1, "\(output)")
            let header = try #require(posted.first)
            let card = String(header.dropFirst("🖼 #".count).prefix { $0.isNumber })
            let redrawn = lines.filter { $0.hasPrefix("✏️ #") }
            #expect(redrawn.count == 3, "\(output)")
            #expect(redrawn.allSatisfy { $0.hasPrefix("✏️ #\(card) (edited) ") }, "\(redrawn)")
            let paths = (posted + redrawn).compactMap { $0.split(separator: " ").last.map(String.init) }
            #expect(paths.count == 4 && paths[3] == paths[1], "Midnight square shown again: \(paths)")
            #expect(Set(paths).count == 3)
            for path in Set(paths) {
                let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
                #expect(Bitmap(png: bytes) != nil, "\(path) is not a PNG")
            }
            // The caption under the last redraw names the style it shows.
            let last = try #require(lines.lastIndex { $0.hasPrefix("✏️ #") })
            #expect(lines.indices.contains(last + 1) && lines[last + 1].contains("Midnight · Vuông"), "\(output)")
        }
    }

    @Test func reactReactsToTheLatestRoastNotTheLatestCard() throws {
        try Self.run("/roast\n:press 7\n:react 🔥\n:quit\n") { output, _ in
            let roast = try #require(output.components(separatedBy: "🤖 #").dropFirst().first { $0.contains("Roast cho @you") })
            let number = String(roast.prefix { $0.isNumber })
            // The roast's keyboard is redrawn with the 🔥 counted; the card's is not touched.
            #expect(output.contains("🔢 #\(number)\n   [1] 😂  [2] 🔥 1"), "\(output)")
        }
    }
}
