import ChatPlatform
import RoastBot
import RoastCore
import Testing

struct SettingChangeTests {
    @Test(arguments: [
        (["timezone", "europe/berlin"], SettingChange.timeZone("Europe/Berlin")),
        (["tz", "UTC"], .timeZone("UTC")),
        (["time", "8:30"], .dailyTime(LocalTime(hour: 8, minute: 30))),
        (["daily", "off"], .daily(false)),
        (["weekdays", "bật"], .weekdaysOnly(true)),
        (["spice", "2"], .maxSpice(SpiceLevel(clamping: 2))),
        (["language", "EN"], .language(.en)),
        (["reminders", "on"], .reminders(true)),
        (["banners", "0"], .banners(false)),
        (["ai", "off"], .ai(false)),
    ])
    func typedSettingsParse(arguments: [String], expected: SettingChange) throws {
        #expect(try SettingChange.parse(arguments).get() == expected)
    }

    @Test(arguments: [["timezone"], ["spice", "9"], ["time", "25:00"], ["colour", "blue"], ["daily", "maybe"]])
    func malformedSettingsAreRejected(arguments: [String]) {
        #expect(throws: SettingChange.ParseError.self) { try SettingChange.parse(arguments).get() }
    }

    @Test func unknownTimezonesNameTheProblem() {
        #expect(SettingChange.parse(["timezone", "Mars/Olympus"]) == .failure(.unknownTimeZone("Mars/Olympus")))
    }

    @Test func settingsAndForgetButtonsRoundTripWithinSixtyFourBytes() {
        let actions: [ButtonAction] = [
            .setting(.timeZone("America/Argentina/Buenos_Aires")), .setting(.dailyTime(LocalTime(hour: 7, minute: 5))),
            .setting(.maxSpice(SpiceLevel(clamping: 5))), .setting(.language(.vi)), .setting(.ai(true)),
            .forget(UserID(9_007_199_254_740_991), confirm: true), .forget(UserID(5), confirm: false),
        ]
        for action in actions {
            #expect(action.payload.utf8.count <= 64)
            #expect(ButtonAction(payload: action.payload) == action)
        }
        #expect(ButtonAction(payload: "s:z:Not/AZone") == nil)
        #expect(ButtonAction(payload: "x:2:5") == nil)
    }
}
