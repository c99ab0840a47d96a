import Foundation
import Testing

/// The README's console tour is what the console prints: its command line and typed lines run
/// through the real `roastbot run` (no token: the console), and the output must equal the README's
/// block line for line. The differences the README states: the roast seed is fixed
/// (`ROASTBOT_SEED=7`; a new database draws its own), the clock runs at a hundredth of real time
/// (`ROASTBOT_CLOCK_RATE=0.01`: the minutes shown do not depend on how fast the machine runs the
/// script) and the working folder reads `/home/you/roastbot`.
struct ReadmeTourTests {
    /// The folder a newcomer's clone is shown in.
    static let shownFolder = "/home/you/roastbot"

    /// The README's tour: the `$ …` command line and the lines printed after it.
    struct Tour {
        var environment: [String: String]
        var command: [String]
        var transcript: [String]

        /// The lines typed at the console's prompts.
        var typed: [String] {
            transcript.compactMap { line in
                guard let range = line.range(of: #"^[^ ]+@(group|private)> "#, options: .regularExpression) else { return nil }
                return String(line[range.upperBound...])
            }
        }
    }

    /// The first ```text block after the comment that names this suite.
    static func readmeTour() throws -> Tour {
        let readme = try String(contentsOf: BotProcess.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let marker = try #require(readme.range(of: "checked by ReadmeTourTests"), "the README's tour is marked for this suite")
        let rest = readme[marker.upperBound...]
        let open = try #require(rest.range(of: "```text\n"))
        let close = try #require(rest[open.upperBound...].range(of: "\n```"))
        var lines = rest[open.upperBound..<close.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let commandLine = try #require(lines.first.flatMap { $0.hasPrefix("$ ") ? String($0.dropFirst(2)) : nil })
        lines.removeFirst()
        var environment: [String: String] = [:]
        var words = commandLine.split(separator: " ").map(String.init)
        while let word = words.first, let equals = word.firstIndex(of: "="), word.first?.isUppercase == true {
            environment[String(word[..<equals])] = String(word[word.index(after: equals)...])
            words.removeFirst()
        }
        return Tour(environment: environment, command: words, transcript: lines)
    }

    /// Runs `roastbot run` as `make run` does, in a fresh folder standing for the clone, with the
    /// tour's environment and its typed lines on standard input; standard output and error together.
    static func run(_ tour: Tour) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roastbot-tour-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var environment = [
            "PATH": "/usr/bin:/bin", "HOME": folder.path,
            "ROASTBOT_LIBRARY": BotProcess.repositoryRoot.appendingPathComponent("config/library").path,
            "ROASTBOT_COLLECTIONS": BotProcess.repositoryRoot.appendingPathComponent("config/collections.json").path,
            "ROASTBOT_SEED": "7", "ROASTBOT_CLOCK_RATE": "0.01",
        ]
        environment.merge(tour.environment) { $1 }
        let (output, status) = try ScriptedProcess.run(
            BotProcess.executable, arguments: ["run"], environment: environment, directory: folder,
            script: tour.typed.map { $0 + "\n" }.joined(), errorsToo: true)
        #expect(status == 0)
        let text = output.replacingOccurrences(of: folder.path, with: Self.shownFolder)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    @Test func theTourIsMadeOfMakeRunAndTypedLines() throws {
        let tour = try Self.readmeTour()
        #expect(tour.command == ["make", "run"])
        #expect(tour.environment["ROASTBOT_CLOCK_START"] != nil)
        #expect(tour.typed.last == ":quit")
        // No line ends in blanks, which an editor would strip from the README and break the comparison.
        #expect(tour.transcript.filter { $0.hasSuffix(" ") }.isEmpty)
    }

    @Test func theReadmesConsoleTourIsWhatTheConsolePrints() throws {
        let tour = try Self.readmeTour()
        let printed = try Self.run(tour)
        // On a difference, the whole transcript is shown so that the README can be brought up to date.
        #expect(printed == tour.transcript, "\n\(printed.joined(separator: "\n"))")
    }

    /// What the tour promises a newcomer: a roast, a card, a streak across days and a Tết banner.
    @Test func theTourShowsARoastACardAStreakAcrossDaysAndTheTetBanner() throws {
        let tour = try Self.readmeTour().transcript.joined(separator: "\n")
        #expect(tour.contains("🔥 Roast cho @you"))
        #expect(tour.contains("🖼 #") && tour.contains("/data/cards/tour-message-"))
        #expect(tour.contains("you@group> :day"))
        #expect(tour.contains("🔥 Hiện tại: 2 ngày"), "the streak after two days")
        #expect(tour.contains("🧧"))
    }
}
