import CardModel
import CardRenderer
import Foundation
import Logging
import RoastBot
import RoastCore
import Testing

/// The bot's side of `roastbot-render`, with the real program: pictures come back as PNGs, a
/// child that dies or idles is replaced on the next picture, and a missing program is an error,
/// not a crash.
@Suite(.serialized)
struct RendererProcessTests {
    static let executable = BotProcess.executable.deletingLastPathComponent().appendingPathComponent("roastbot-render")

    static let card = Picture.card(
        RoastCard(
            text: "Họp xong nhớ uống nước nhé 🧃 — ằ ẫ ỡ 👨‍💻", language: .vi, category: .meetings, spice: SpiceLevel(clamping: 3),
            template: .sunset,
            format: .story, deepLink: "t.me/RoastMeLaterBot?start=roast_meetings_3"))

    @Test func aPictureComesBackAsAPNGOfItsSize() async throws {
        let renderer = RendererProcess(executable: Self.executable, logger: Logger(label: "test"))
        defer { renderer.stop() }
        let card = try await renderer.render(Self.card)
        let png = try #require(Bitmap(png: card))
        #expect(png.width == 1_080 && png.height == 1_920)
        let heatmapBytes = try await renderer.render(
            .heatmap(
                StreakHeatmap(
                    activeDays: [], today: LocalDate(year: 2026, month: 3, day: 2), currentStreak: 0, longestStreak: 0, nextMilestone: 3,
                    language: .en)))
        #expect(Bitmap(png: heatmapBytes)?.width == StreakHeatmap.width)
        #expect(renderer.starts == 1)
    }

    @Test func theChildKeepsNoneOfTheBotsFilesOpen() async throws {
        let renderer = RendererProcess(executable: Self.executable, logger: Logger(label: "test"))
        defer { renderer.stop() }
        // The test process holds files of its own (this one, for one); the child must not inherit them.
        let held = try FileHandle(forReadingFrom: URL(fileURLWithPath: #filePath))
        defer { try? held.close() }
        _ = try await renderer.render(Self.card)
        let pid = try #require(renderer.runningChild)
        let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").compactMap(Int.init).filter { $0 > 2 }
        let targets = descriptors.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)") }
        #expect(!targets.contains(#filePath), "\(targets)")
    }

    @Test func theChildsEnvironmentHoldsOnlyWhatDrawingNeeds() async throws {
        let parent = [
            "TELEGRAM_BOT_TOKEN": "123:secret-token", "ROASTBOT_AI_KEY": "sk-secret", "ROASTBOT_DB": "/var/lib/roastbot/roastbot.sqlite",
            "DISCORD_BOT_TOKEN": "discord-secret", "AWS_SECRET_ACCESS_KEY": "aws-secret", "PATH": "/usr/bin:/bin", "HOME": "/nonexistent",
            "LANG": "C.UTF-8", "LC_CTYPE": "C.UTF-8", "TZ": "UTC", "XDG_CACHE_HOME": FileManager.default.temporaryDirectory.path,
            "FONTCONFIG_PATH": "/etc/fonts",
        ]
        let renderer = RendererProcess(executable: Self.executable, environment: parent, logger: Logger(label: "test"))
        defer { renderer.stop() }
        #expect(Bitmap(png: try await renderer.render(Self.card)) != nil, "the child draws with only these variables")
        let pid = try #require(renderer.runningChild)
        let environ = try #require(FileManager.default.contents(atPath: "/proc/\(pid)/environ"))
        let names = Set(environ.split(separator: 0).map { String(decoding: $0.prefix { $0 != UInt8(ascii: "=") }, as: UTF8.self) })
        #expect(names == ["PATH", "HOME", "LANG", "LC_CTYPE", "TZ", "XDG_CACHE_HOME", "FONTCONFIG_PATH"])
        #expect(!String(decoding: environ, as: UTF8.self).contains("secret"))
    }

    @Test func aChildThatDiedIsReplacedByTheNextPicture() async throws {
        let renderer = RendererProcess(executable: Self.executable, logger: Logger(label: "test"))
        defer { renderer.stop() }
        _ = try await renderer.render(Self.card)
        let pid = try #require(renderer.runningChild)
        kill(pid, SIGKILL)
        try await Task.sleep(for: .milliseconds(200))
        let again = try await renderer.render(Self.card)
        #expect(Bitmap(png: again) != nil)
        #expect(renderer.starts == 2)
        #expect(renderer.runningChild != pid)
    }

    @Test func anIdleChildIsStoppedAndTheNextPictureStartsAnother() async throws {
        let renderer = RendererProcess(executable: Self.executable, idleTimeout: 0.3, logger: Logger(label: "test"))
        defer { renderer.stop() }
        _ = try await renderer.render(Self.card)
        let pid = try #require(renderer.runningChild)
        var stopped = false
        for _ in 0..<100 where !stopped {
            try await Task.sleep(for: .milliseconds(50))
            stopped = renderer.runningChild == nil && kill(pid, 0) != 0
        }
        #expect(stopped, "the idle child \(pid) still runs")
        _ = try await renderer.render(Self.card)
        #expect(renderer.starts == 2)
    }

    @Test func aMalformedRequestIsAnsweredWithAFailureAndTheNextOneStillWorks() throws {
        let process = Process()
        process.executableURL = Self.executable
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        func frame(_ body: [UInt8]) -> Data {
            Data(
                [UInt8(body.count >> 24 & 0xFF), UInt8(body.count >> 16 & 0xFF), UInt8(body.count >> 8 & 0xFF), UInt8(body.count & 0xFF)]
                    + body)
        }
        func reply() throws -> (status: UInt8, body: Data) {
            let header = try #require(try output.fileHandleForReading.read(upToCount: 5))
            let length = header.dropFirst().reduce(0) { $0 << 8 | Int($1) }
            return (header[header.startIndex], try output.fileHandleForReading.read(upToCount: length) ?? Data())
        }
        input.fileHandleForWriting.write(frame(Array("{\"card\":{\"_0\":{\"text\":1}}}".utf8)))
        let refused = try reply()
        #expect(refused.status == PictureWire.Status.failed.rawValue)
        input.fileHandleForWriting.write(Data(try PictureWire.request(Self.card)))
        let drawn = try reply()
        #expect(drawn.status == PictureWire.Status.png.rawValue)
        #expect(Bitmap(png: [UInt8](drawn.body))?.height == 1_920)
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test func aMissingProgramIsAnErrorAndAHugeTextIsCut() async throws {
        let missing = RendererProcess(executable: URL(fileURLWithPath: "/nonexistent/roastbot-render"), logger: Logger(label: "test"))
        await #expect(throws: PictureRenderingError.self) { try await missing.render(Self.card) }

        // A story of 1,000,000 characters and control characters: cut by the renderer, never a crash.
        let renderer = RendererProcess(executable: Self.executable, logger: Logger(label: "test"))
        defer { renderer.stop() }
        let huge = Picture.card(
            RoastCard(
                text: String(repeating: "ồ\u{0}\u{202E}👨‍💻", count: 250_000), language: .vi, category: .general, spice: .hottest,
                template: .paper,
                format: .story, deepLink: String(repeating: "x", count: 10_000)))
        let drawn = try await renderer.render(huge)
        #expect(Bitmap(png: drawn)?.height == 1_920)
        #expect(renderer.starts == 1)
    }
}
