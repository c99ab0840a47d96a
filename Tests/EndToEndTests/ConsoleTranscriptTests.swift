import CardRenderer
import Foundation
import RoastBot
import RoastCore
import Testing

/// `roastbot console` driven by a piped script, as a newcomer (or a demo script) would.
struct ConsoleTranscriptTests {
    /// The console's standard output for `script` on its standard input, with its database at
    /// `database` in a fresh folder unless `folder` is given (then kept, so that a second session
    /// continues the first one's database).
    static func transcript(
        _ script: String, environment extra: [String: String] = [:], in folder: URL? = nil, database: String = "console.sqlite"
    ) throws -> (output: String, status: Int32) {
        let directory = folder ?? FileManager.default.temporaryDirectory.appendingPathComponent("roastbot-console-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { if folder == nil { try? FileManager.default.removeItem(at: directory) } }
        var environment = [
            "PATH": "/usr/bin:/bin", "HOME": directory.path,
            "ROASTBOT_DB": directory.appendingPathComponent(database).path,
            "ROASTBOT_LIBRARY": BotProcess.repositoryRoot.appendingPathComponent("config/library").path,
            "ROASTBOT_COLLECTIONS": BotProcess.repositoryRoot.appendingPathComponent("config/collections.json").path,
            "ROASTBOT_SEED": "7",
        ]
        environment.merge(extra) { $1 }
        return try ScriptedProcess.run(BotProcess.executable, arguments: ["console"], environment: environment, script: script)
    }

    @Test func pipedScriptProducesTheExpectedConversation() throws {
        let script = """
            /start
            /roast họp 2
            :press 2
            :user lan en
            :press 2
            :press 2
            :react 🤣
            /frobnicate@RoastMeLaterBot
            :chat private
            /help
            :bogus
            :quit
            """
        let (output, status) = try Self.transcript(script)
        #expect(status == 0)
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Inputs are echoed with the speaker's prompt, so a transcript reads like a chat log.
        #expect(lines.contains("you@group> /roast họp 2"))
        #expect(lines.contains("lan@private> /help"))
        #expect(output.contains("Chào you!"))
        // The roast: header with category and spice, numbered buttons.
        #expect(output.contains("🔥 Roast cho @you · 📅 Họp hành · 🌶️🌶️"))
        #expect(output.contains("[1] 😂  [2] 🔥  [3] 😐  [4] 👎  [5] ⭐  [6] 🔁  [7] 🖼"))
        // you 🔥, lan 🔥 (2), lan 🔥 again removes it (1), lan's native 🤣 counts as 😂.
        let counts = lines.filter { $0.contains("[1] 😂") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(
            counts == [
                "[1] 😂  [2] 🔥  [3] 😐  [4] 👎  [5] ⭐  [6] 🔁  [7] 🖼",
                "[1] 😂  [2] 🔥 1  [3] 😐  [4] 👎  [5] ⭐  [6] 🔁  [7] 🖼",
                "[1] 😂  [2] 🔥 2  [3] 😐  [4] 👎  [5] ⭐  [6] 🔁  [7] 🖼",
                "[1] 😂  [2] 🔥 1  [3] 😐  [4] 👎  [5] ⭐  [6] 🔁  [7] 🖼",
                "[1] 😂 1  [2] 🔥 1  [3] 😐  [4] 👎  [5] ⭐  [6] 🔁  [7] 🖼",
            ])
        #expect(output.contains("↳ Đã bỏ 🔥"))
        #expect(output.contains("Lệnh /frobnicate chưa có trong thực đơn"))
        // lan said `en`: the private chat speaks English.
        #expect(output.contains("Commands"))
        #expect(output.contains("⚠️ unknown directive :bogus"))
    }

    @Test func sameSeedSameConversation() throws {
        let script = "/roast\n/roast deadline 3\n:user bao\n/roast sếp\n"
        let first = try Self.transcript(script)
        let second = try Self.transcript(script)
        #expect(first.output == second.output)
        #expect(first.output.components(separatedBy: "🔥 Roast cho").count == 4)
    }

    /// Presses are dated by the console's simulated clock like everything else: the Tết banner's
    /// button, pressed right after `:day` moved into the season, serves a Tết roast.
    @Test func theTetBannersButtonRightAfterADayIntoTheSeasonServesATetRoast() throws {
        // 08:00 the day before the Tết 2026 window (from 2026-02-07 in Vietnam); after `:day` the
        // banner is the latest message with buttons (that morning's Roast of the Day is due at 09:00).
        let script = "/roast\n:day\n:press 1\n:quit\n"
        let (output, status) = try Self.transcript(script, environment: ["ROASTBOT_CLOCK_START": "2026-02-06T08:00:00+07:00"])
        #expect(status == 0)
        let blocks = output.components(separatedBy: "🤖 #")
        let banner = try #require(blocks.firstIndex { $0.contains("🧧 Thử roast") })
        let pressed = try #require(output.range(of: "you@group> :press 1"))
        #expect(try #require(output.range(of: "🧧 Thử roast")).lowerBound < pressed.lowerBound)
        // The roast the press brought: the block after the banner, posted after the press.
        let answer = try #require(blocks.dropFirst(banner + 1).first)
        #expect(output.range(of: answer)!.lowerBound > pressed.lowerBound)
        let catalog = try CollectionCatalogStore(path: BotProcess.repositoryRoot.appendingPathComponent("config/collections.json").path)
            .catalog
        let tet = try #require(catalog.collection(id: "tet")).roasts(in: .vi).map(\.text)
        #expect(tet.contains { answer.contains($0) }, "\(answer)")
        #expect(!answer.contains("/collections"))
    }

    /// The console keeps the operator's block list too: a configured one that is missing stops it.
    @Test func aConfiguredBlockListThatIsMissingStopsTheConsole() throws {
        let (_, status) = try Self.transcript("/roast\n", environment: ["ROASTBOT_BLOCKLIST": "/nonexistent/blocklist.txt"])
        #expect(status == 2)
    }

    @Test func badSettingsExitWithTwoAndOneLine() throws {
        let (_, status) = try Self.transcript("/help\n", environment: ["ROASTBOT_CLOCK_RATE": "fast"])
        #expect(status == 2)
    }
}

/// Pictures in the console: written as PNG files under `cards/` beside the console's database
/// (`data/cards/` by default), their path printed; a card posted again is the same file.
struct ConsoleCardTests {
    @Test func aCardPressWritesAPNGUnderCardsAndPrintsItsPath() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roastbot-console-cards-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = Process()
        process.executableURL = BotProcess.executable
        process.arguments = ["console"]
        process.environment = [
            "PATH": "/usr/bin:/bin", "HOME": directory.path,
            "ROASTBOT_DB": directory.appendingPathComponent("data/console.sqlite").path,
            "ROASTBOT_LIBRARY": BotProcess.repositoryRoot.appendingPathComponent("config/library").path,
            "ROASTBOT_COLLECTIONS": BotProcess.repositoryRoot.appendingPathComponent("config/collections.json").path,
            "ROASTBOT_SEED": "7",
        ]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data("/roast họp 3\n:press 7\n:user lan en\n:press 1 7\n/streak\n:press 1\n:quit\n".utf8))
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)

        let cards = directory.appendingPathComponent("data/cards").path
        let printed = text.split(separator: "\n").filter { $0.hasPrefix("🖼 #") }.map { String($0.split(separator: " ").last ?? "") }
        #expect(printed.count == 3, "\(text)")
        #expect(printed.allSatisfy { $0.hasPrefix(cards + "/") && $0.hasSuffix(".png") })
        // Lan's press on the same card shows the same file: drawn once.
        #expect(printed.count == 3 && printed[0] == printed[1])
        for path in Set(printed) {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(Bitmap(png: bytes) != nil, "\(path) is not a PNG")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: cards).count == 2)
    }
}
