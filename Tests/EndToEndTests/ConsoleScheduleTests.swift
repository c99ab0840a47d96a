import Foundation
import Testing

/// The console runs the scheduler at its simulated time: advancing the clock past 09:00 brings the
/// Roast of the Day with the streak leaders; `:admin off` makes `/settings` refuse changes.
struct ConsoleScheduleTests {
    @Test func advancingTheConsoleClockPostsTheRoastOfTheDayOncePerDay() throws {
        let script = """
            /start
            :hour 2
            /help
            :day
            :admin off
            /settings
            :admin on
            /settings spice 4
            :quit
            """
        // Monday 08:00 in Saigon: the group is created then, so today's 09:00 post is its first.
        let (output, status) = try ConsoleTranscriptTests.transcript(
            script, environment: ["ROASTBOT_CLOCK_START": "2026-03-09T08:00:00+07:00", "ROASTBOT_CLOCK_RATE": "1"])
        #expect(status == 0)
        // Counted by the post's header: the settings panel, which members may read now, names the setting too.
        let posts = output.components(separatedBy: "🔥 Roast của ngày").count - 1
        #expect(posts == 2)  // Monday (an hour late, within the window) and Tuesday; never twice a day
        let afterHour = try #require(output.range(of: "you@group> :hour 2"))
        let beforeHelp = try #require(output.range(of: "you@group> /help"))
        #expect(output[afterHour.upperBound..<beforeHelp.lowerBound].contains("Roast của ngày"))
        // The post names the chat's streak leaders: "you" started one with /start that morning.
        #expect(output[afterHour.upperBound..<beforeHelp.lowerBound].contains("🔥 Chuỗi dẫn đầu: 🥇 you 1 ngày"))
        #expect(output.contains("chỉ quản trị viên"))  // the panel, read-only for a member
        #expect(output.contains("✅ Đã đổi: Độ cay tối đa → 4"))
    }

    /// Jumping days from an afternoon passes through each morning: every day's Roast of the Day is
    /// posted as the simulated time goes by 09:00, not skipped as hours late.
    @Test func jumpingDaysFromTheAfternoonPostsEachDaysRoastOfTheDay() throws {
        let script = """
            /start
            :day 3
            :quit
            """
        // Monday 17:00 in Saigon: the group is created after today's post was due.
        let (output, status) = try ConsoleTranscriptTests.transcript(
            script, environment: ["ROASTBOT_CLOCK_START": "2026-03-09T17:00:00+07:00", "ROASTBOT_CLOCK_RATE": "1"])
        #expect(status == 0)
        let posts = output.components(separatedBy: "🔥 Roast của ngày").count - 1
        #expect(posts == 3, "\(output)")  // Tuesday, Wednesday and Thursday at 09:00
    }

    /// The simulated time is the database's: a second session goes on from where the first left the
    /// clock, so its days never run behind the days already recorded.
    @Test func aSecondSessionContinuesTheSimulatedTime() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roastbot-console-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["ROASTBOT_CLOCK_START": "2026-03-09T08:00:00+07:00", "ROASTBOT_CLOCK_RATE": "1"]
        _ = try ConsoleTranscriptTests.transcript("/start\n:day 3\n:quit\n", environment: environment, in: folder)
        let (output, status) = try ConsoleTranscriptTests.transcript(":hour 1\n:quit\n", environment: environment, in: folder)
        #expect(status == 0)
        #expect(output.contains("2026-03-12T09:0"), "\(output)")
    }
}
