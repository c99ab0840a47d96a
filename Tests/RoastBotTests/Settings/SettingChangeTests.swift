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
        (["topic", "here"], .postTopic(.here)),
        (["topic", "General"], .postTopic(.general)),
        (["chude", "chung"], .postTopic(.general)),
        (["chủ", "đề", "đây"], .postTopic(.here)),
        (["chủ", "đề", "họp"], .dailyCategories([.meetings])),
        (["chude", "kpi", "họp"], .dailyCategories([.meetings, .kpis])),
        (["categories", "all"], .dailyCategories([])),
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
        let changes: [SettingChange] = [
            .timeZone("America/Argentina/Buenos_Aires"), .dailyTime(LocalTime(hour: 7, minute: 5)), .maxSpice(SpiceLevel(clamping: 5)),
            .language(.vi), .ai(true), .postTopic(.here), .postTopic(.general),
        ]
        for change in changes {
            #expect(change.payload.utf8.count <= 64)
            #expect(CallbackPayload(parsing: change.payload).flatMap(SettingChange.init) == change)
        }
        let forgets = [
            PrivacyFeature.ButtonAction(forgetting: UserID(9_007_199_254_740_991), .here),
            PrivacyFeature.ButtonAction(forgetting: UserID(9_007_199_254_740_991), .everywhere),
            PrivacyFeature.ButtonAction(forgetting: UserID(5), .cancel),
        ]
        for forget in forgets {
            #expect(forget.payload.utf8.count <= 64)
            #expect(CallbackPayload(parsing: forget.payload).flatMap(PrivacyFeature.ButtonAction.init) == forget)
        }
        #expect(CallbackPayload(parsing: "s:z:Not/AZone").flatMap(SettingChange.init) == nil)
        #expect(CallbackPayload(parsing: "x:2:5").flatMap(PrivacyFeature.ButtonAction.init) == nil)
    }
}

extension SettingChangeTests {
    @Test func theRoastOfTheDayCategoriesAreTypedInEitherLanguageAndCarriedByButtons() {
        #expect(
            SettingChange.parse(["categories", "meetings", "code", "reviews"]) == .success(.dailyCategories([.meetings, .codeReviews])))
        #expect(SettingChange.parse(["chủ", "đề"]) == .failure(.usage))
        #expect(SettingChange.parse(["chủ", "đề", "họp,", "sếp"]) == .success(.dailyCategories([.meetings, .management])))
        #expect(SettingChange.parse(["categories", "all"]) == .success(.dailyCategories([])))
        #expect(SettingChange.parse(["categories", "tất", "cả"]) == .success(.dailyCategories([])))
        #expect(SettingChange.parse(["categories", "meetings", "lunch"]) == .failure(.unknownCategories(["lunch"])))
        for categories in [Set<RoastCategory>(), [.kpis], Set(RoastCategory.allCases)] {
            let change = SettingChange.dailyCategories(categories)
            #expect(CallbackPayload(parsing: change.payload).flatMap(SettingChange.init) == change)
        }
    }
}

/// A typed setting that names its key but gives a value it cannot take says what the key takes.
struct SettingValueErrorTests {
    @Test(arguments: ["99", "0", "-3", "2.5"])
    func aSpiceOutsideOneToFiveSaysSo(_ value: String) {
        #expect(SettingChange.parse(["spice", value]) == .failure(.spiceOutOfRange(value)))
    }

    @Test func anUnknownLanguageSaysWhichOnesThereAre() {
        #expect(SettingChange.parse(["language", "fr"]) == .failure(.unknownLanguage("fr")))
    }

    @Test(arguments: ["25:00", "9h", "12:60"])
    func aTimeOutsideTheDaySaysSo(_ value: String) {
        #expect(SettingChange.parse(["time", value]) == .failure(.badTime(value)))
    }

    @Test func unknownCategoriesAreNamed() {
        #expect(SettingChange.parse(["categories", "xyz"]) == .failure(.unknownCategories(["xyz"])))
        #expect(SettingChange.parse(["categories", "họp", "xyz"]) == .failure(.unknownCategories(["xyz"])))
    }

    @Test func aSwitchThatIsNeitherOnNorOffSaysSo() {
        #expect(SettingChange.parse(["daily", "maybe"]) == .failure(.notOnOff(key: "daily", "maybe")))
    }

    @Test(arguments: [Language.vi, .en])
    func eachErrorIsOneShortSentenceNamingWhatIsAllowed(_ language: Language) {
        let words = Phrasebook(language)
        let spice = words.settingError(.spiceOutOfRange("99"))
        #expect(spice.contains("1–5") && spice.contains("99"))
        #expect(words.settingError(.unknownLanguage("fr")).contains("vi") && words.settingError(.unknownLanguage("fr")).contains("en"))
        #expect(words.settingError(.badTime("25:00")).contains("00:00–23:59"))
        let categories = words.settingError(.unknownCategories(["xyz"]))
        #expect(categories.contains("xyz"))
        #expect(RoastCategory.allCases.allSatisfy { categories.contains($0.name(in: language)) })
        #expect(!spice.contains(words.settingsUsage()))
    }
}
