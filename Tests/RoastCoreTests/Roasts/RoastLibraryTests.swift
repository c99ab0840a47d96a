import Foundation
import RoastContent
import Testing

@testable import RoastCore

/// `config/library` in this repository.
private let libraryDirectory = Repository.library

/// The shipped library, loaded once for all tests.
private let shipped = Result { () throws(RoastLibraryError) in try RoastLibrary.load(directory: libraryDirectory) }

/// Languages whose library directory exists in this checkout (content for each language is written
/// on its own branch); `everyLanguageHasALibrary` insists on all of them.
private let presentLanguages = Language.allCases.filter {
    FileManager.default.fileExists(atPath: libraryDirectory.appending(path: $0.rawValue).path)
}

private func shippedLibrary() throws -> RoastLibrary {
    try shipped.get()
}

// MARK: - The shipped content

@Suite struct ShippedRoastLibraryTests {
    @Test func shippedLibraryLoads() throws {
        let library = try shippedLibrary()
        #expect(!library.all.isEmpty)
    }

    @Test(arguments: Language.allCases)
    func everyLanguageHasALibrary(language: Language) throws {
        let library = try shippedLibrary()
        #expect(library.languages.contains(language), "config/library/\(language.rawValue) is missing or empty")
    }

    @Test(arguments: presentLanguages, RoastCategory.allCases)
    func everyCategoryHasAtLeastThirtyRoasts(language: Language, category: RoastCategory) throws {
        let library = try shippedLibrary()
        #expect(library.count(language: language, category: category) >= 30)
    }

    @Test(arguments: presentLanguages, RoastCategory.allCases)
    func everySpiceLevelHasAtLeastThreeRoastsPerCategory(language: Language, category: RoastCategory) throws {
        let library = try shippedLibrary()
        for spice in SpiceLevel.all {
            #expect(library.count(language: language, category: category, spice: spice) >= 3, "spice \(spice)")
        }
    }

    @Test(arguments: presentLanguages, RoastCategory.allCases)
    func premiumHasAtLeastThreeRoastsPerCategory(language: Language, category: RoastCategory) throws {
        let library = try shippedLibrary()
        let premium = library.premium(language: language, category: category)
        #expect(premium.count >= 3)
        #expect(premium.allSatisfy { $0.isPremium })
    }

    /// The Premium unlock means something under any spice cap: its pool has roasts at every level.
    @Test(arguments: presentLanguages, RoastCategory.allCases)
    func premiumHasAtLeastTwoRoastsAtEverySpiceLevelPerCategory(language: Language, category: RoastCategory) throws {
        let premium = try shippedLibrary().premium(language: language, category: category)
        for spice in SpiceLevel.all {
            #expect(premium.count { $0.spice == spice } >= 2, "\(language.rawValue) \(category.rawValue) spice \(spice)")
        }
    }

    @Test(arguments: presentLanguages)
    func everyRoastIsShortUniqueAndSuitsAtMostTwoMoods(language: Language) throws {
        let roasts = try shippedLibrary().all.filter { $0.language == language }
        var ids: Set<String> = []
        for roast in roasts {
            #expect(roast.text.count <= RoastLibrary.maximumTextLength, "\(roast.id)")
            #expect(roast.text == roast.text.trimmingCharacters(in: .whitespacesAndNewlines), "\(roast.id)")
            #expect(roast.moods.count <= 2, "\(roast.id)")
            #expect(Set(roast.moods).count == roast.moods.count, "\(roast.id) repeats a mood")
            #expect(ids.insert(roast.id).inserted, "\(roast.id) is not unique")
        }
    }

    /// Both languages follow the one mood scheme documented on ``Mood``: one or two moods per roast,
    /// each within its spice range, and every mood on enough roasts of every category.
    @Test(arguments: presentLanguages)
    func moodTagsFollowTheOneScheme(language: Language) throws {
        let library = try shippedLibrary()
        for roast in library.all where roast.language == language {
            #expect((1...2).contains(roast.moods.count), "\(roast.id) has \(roast.moods.count) moods")
            for mood in roast.moods {
                #expect(mood.taggedSpice.contains(roast.spice), "\(roast.id): \(mood) at spice \(roast.spice)")
            }
        }
        for category in RoastCategory.allCases {
            let regular = library.roasts(language: language, category: category)
            let premium = library.premium(language: language, category: category)
            for mood in Mood.allCases {
                #expect(
                    regular.count { $0.moods.contains(mood) } >= Mood.minimumRoastsPerCategory,
                    "\(language.rawValue) \(category.rawValue): \(mood)")
                #expect(
                    premium.count { $0.moods.contains(mood) } >= Mood.minimumPremiumRoastsPerCategory,
                    "\(language.rawValue) premium \(category.rawValue): \(mood)")
            }
        }
    }

    /// Two roasts whose normalized texts share 60 % or more of their character trigrams are the same
    /// joke reworded; the group would notice.
    @Test(arguments: presentLanguages)
    func noTwoRoastsAreNearDuplicates(language: Language) throws {
        let roasts = try shippedLibrary().all.filter { $0.language == language }
        let grams = roasts.map { TextSimilarity.trigrams($0.text) }
        var offenders: [String] = []
        for i in roasts.indices {
            for j in roasts.indices where j > i {
                let similarity = TextSimilarity.jaccard(grams[i], grams[j])
                if similarity >= 0.6 {
                    let percent = Int((similarity * 100).rounded())
                    offenders.append("\(percent)% \(roasts[i].id) «\(roasts[i].text)» ~ \(roasts[j].id) «\(roasts[j].text)»")
                }
            }
        }
        for offender in offenders { print("near-duplicate: \(offender)") }
        #expect(offenders.isEmpty, "\(offenders.count) near-duplicate pairs, first: \(offenders.first ?? "")")
    }

    @Test func nearDuplicateMeasureFlagsARewordingButNotADifferentJoke() {
        let original = "The deadline moved up a week. Think of it as the project being excited to meet you sooner."
        let reworded = "The deadline moved up by a week! Think of it as the project being so excited to meet you sooner."
        let different = "Your backlog has a backlog. It's backlogs all the way down."
        #expect(TextSimilarity.jaccard(original, reworded) >= 0.6)
        #expect(TextSimilarity.jaccard(original, different) < 0.6)
        #expect(TextSimilarity.jaccard("Họp hành cả ngày", "hop hanh ca ngay") == 1)
    }

    @Test func vietnameseRoastsAreWrittenWithDiacritics() throws {
        let roasts = try shippedLibrary().all.filter { $0.language == .vi }
        #expect(!roasts.isEmpty)
        for roast in roasts {
            #expect(TextNormalization.folded(roast.text) != roast.text.lowercased(), "\(roast.id) has no diacritics")
        }
    }

    @Test func englishRoastsAreNotVietnamese() throws {
        let roasts = try shippedLibrary().all.filter { $0.language == .en }
        for roast in roasts {
            let hasVietnameseLetters = roast.text.unicodeScalars.contains { "ăâđêôơưĂÂĐÊÔƠƯ".unicodeScalars.contains($0) }
            #expect(!hasVietnameseLetters, "\(roast.id)")
        }
    }
}

// MARK: - Queries

@Suite struct RoastLibraryQueryTests {
    private static let meetings = """
        [
          {"id": "en.meetings.001", "spice": 1, "moods": ["bored"], "text": "First."},
          {"id": "en.meetings.002", "spice": 3, "moods": ["tired", "annoyed"], "text": "Second."},
          {"id": "en.meetings.003", "spice": 3, "text": "Third, no moods."}
        ]
        """
    private static let premium = """
        [{"id": "en.premium.meetings.001", "category": "meetings", "spice": 5, "moods": [], "text": "Hot."}]
        """
    private static let viGeneral = """
        [{"id": "vi.general.001", "spice": 2, "moods": ["stressed"], "text": "Chào đồng nghiệp."}]
        """

    private func library() throws -> RoastLibrary {
        try RoastLibrary(files: [
            (.en, "meetings", Data(Self.meetings.utf8)),
            (.en, "premium", Data(Self.premium.utf8)),
            (.vi, "general", Data(Self.viGeneral.utf8)),
        ])
    }

    @Test func regularRoastsComeInFileOrderWithoutPremium() throws {
        let roasts = try library().roasts(language: .en, category: .meetings)
        #expect(roasts.map(\.id) == ["en.meetings.001", "en.meetings.002", "en.meetings.003"])
        #expect(roasts.allSatisfy { !$0.isPremium && $0.language == .en && $0.category == .meetings })
    }

    @Test func premiumRoastsTakeTheirCategoryFromTheEntry() throws {
        let premium = try library().premium(language: .en, category: .meetings)
        #expect(premium.map(\.id) == ["en.premium.meetings.001"])
        #expect(premium.first?.isPremium == true)
        #expect(premium.first?.spice == SpiceLevel(rawValue: 5))
    }

    @Test func countsRegularRoastsOptionallyBySpice() throws {
        let library = try library()
        #expect(library.count(language: .en, category: .meetings) == 3)
        #expect(library.count(language: .en, category: .meetings, spice: SpiceLevel(clamping: 3)) == 2)
        #expect(library.count(language: .en, category: .meetings, spice: .hottest) == 0)
        #expect(library.count(language: .vi, category: .meetings) == 0)
    }

    @Test func findsARoastByIDInAnyLanguage() throws {
        let library = try library()
        let roast = try #require(library.roast(id: "vi.general.001"))
        #expect(roast.language == .vi)
        #expect(roast.category == .general)
        #expect(roast.moods == [.stressed])
        #expect(roast.text == "Chào đồng nghiệp.")
        #expect(library.roast(id: "en.meetings.999") == nil)
    }

    @Test func missingMoodsSuitEveryMood() throws {
        let roast = try #require(try library().roast(id: "en.meetings.003"))
        #expect(roast.moods.isEmpty)
        #expect(Mood.allCases.allSatisfy { roast.suits($0) })
        let bored = try #require(try library().roast(id: "en.meetings.001"))
        #expect(bored.suits(.bored))
        #expect(!bored.suits(.tired))
    }

    @Test func allListsEveryRoastAndLanguagesListsThoseWithRoasts() throws {
        let library = try library()
        #expect(library.all.count == 5)
        #expect(library.languages == [.en, .vi])
    }

    @Test func textOfExactlyTheMaximumLengthIsAccepted() throws {
        let text = String(repeating: "ồ", count: RoastLibrary.maximumTextLength)
        let json = #"[{"id": "en.general.001", "spice": 1, "text": "\#(text)"}]"#
        let library = try RoastLibrary(files: [(.en, "general", Data(json.utf8))])
        #expect(library.roast(id: "en.general.001")?.text.count == RoastLibrary.maximumTextLength)
    }
}

// MARK: - Malformed files

/// A malformed library and the error it must produce.
struct MalformedLibrary: Sendable, CustomTestStringConvertible {
    var name: String
    var files: [(language: Language, name: String, json: String)]
    var expected: RoastLibraryError

    var testDescription: String { name }

    init(_ name: String, _ language: Language = .en, file: String, _ json: String, _ expected: RoastLibraryError) {
        self.name = name
        self.files = [(language, file, json)]
        self.expected = expected
    }

    init(_ name: String, files: [(language: Language, name: String, json: String)], _ expected: RoastLibraryError) {
        self.name = name
        self.files = files
        self.expected = expected
    }

    static let cases: [MalformedLibrary] = [
        .init(
            "unknown category file", file: "standups", #"[]"#,
            .unknownCategoryFile(file: "en/standups.json")),
        .init(
            "truncated JSON", file: "meetings", #"[{"id": "en.meetings.001", "spice": 1,"#,
            .malformedJSON(file: "en/meetings.json", reason: "")),
        .init(
            "object instead of array", file: "meetings", #"{"id": "en.meetings.001", "spice": 1, "text": "x"}"#,
            .malformedJSON(file: "en/meetings.json", reason: "")),
        .init(
            "missing text", file: "meetings", #"[{"id": "en.meetings.001", "spice": 1}]"#,
            .malformedJSON(file: "en/meetings.json", reason: "")),
        .init(
            "spice as a string", file: "meetings", #"[{"id": "en.meetings.001", "spice": "hot", "text": "x"}]"#,
            .malformedJSON(file: "en/meetings.json", reason: "")),
        .init(
            "spice zero", file: "kpis", #"[{"id": "en.kpis.001", "spice": 0, "text": "x"}]"#,
            .spiceOutOfRange(file: "en/kpis.json", id: "en.kpis.001", spice: 0)),
        .init(
            "spice six", file: "kpis", #"[{"id": "en.kpis.001", "spice": 6, "text": "x"}]"#,
            .spiceOutOfRange(file: "en/kpis.json", id: "en.kpis.001", spice: 6)),
        .init(
            "unknown mood", file: "workload",
            #"[{"id": "en.workload.007", "spice": 2, "moods": ["tired", "hangry"], "text": "x"}]"#,
            .unknownMood(file: "en/workload.json", id: "en.workload.007", mood: "hangry")),
        .init(
            "empty text", file: "general", #"[{"id": "en.general.001", "spice": 1, "text": ""}]"#,
            .emptyText(file: "en/general.json", id: "en.general.001")),
        .init(
            "blank text", .vi, file: "general", #"[{"id": "vi.general.002", "spice": 1, "text": "  \n "}]"#,
            .emptyText(file: "vi/general.json", id: "vi.general.002")),
        .init(
            "overlong text", file: "general",
            #"[{"id": "en.general.001", "spice": 1, "text": "\#(String(repeating: "a", count: 281))"}]"#,
            .textTooLong(file: "en/general.json", id: "en.general.001", length: 281)),
        .init(
            "duplicate id in one file", file: "meetings",
            #"[{"id": "en.meetings.001", "spice": 1, "text": "a"}, {"id": "en.meetings.001", "spice": 2, "text": "b"}]"#,
            .duplicateID(id: "en.meetings.001", firstFile: "en/meetings.json", secondFile: "en/meetings.json")),
        .init(
            "premium entry without category", file: "premium",
            #"[{"id": "en.premium.kpis.001", "spice": 5, "text": "x"}]"#,
            .premiumEntryWithoutCategory(file: "en/premium.json", id: "en.premium.kpis.001")),
        .init(
            "premium entry with unknown category", file: "premium",
            #"[{"id": "en.premium.standups.001", "category": "standups", "spice": 5, "text": "x"}]"#,
            .unknownCategory(file: "en/premium.json", id: "en.premium.standups.001", category: "standups")),
        .init(
            "category entry claiming another category", file: "meetings",
            #"[{"id": "en.meetings.001", "category": "kpis", "spice": 1, "text": "x"}]"#,
            .categoryMismatch(file: "en/meetings.json", id: "en.meetings.001", category: "kpis")),
        .init(
            "id of another category", file: "meetings", #"[{"id": "en.kpis.001", "spice": 1, "text": "x"}]"#,
            .malformedID(file: "en/meetings.json", id: "en.kpis.001", expectedPrefix: "en.meetings.")),
        .init(
            "id of another language", .vi, file: "meetings", #"[{"id": "en.meetings.001", "spice": 1, "text": "x"}]"#,
            .malformedID(file: "vi/meetings.json", id: "en.meetings.001", expectedPrefix: "vi.meetings.")),
        .init(
            "id without a number", file: "meetings", #"[{"id": "en.meetings.one", "spice": 1, "text": "x"}]"#,
            .malformedID(file: "en/meetings.json", id: "en.meetings.one", expectedPrefix: "en.meetings.")),
        .init(
            "premium id without premium", file: "premium",
            #"[{"id": "en.kpis.001", "category": "kpis", "spice": 5, "text": "x"}]"#,
            .malformedID(file: "en/premium.json", id: "en.kpis.001", expectedPrefix: "en.premium.kpis.")),
        .init(
            "same file supplied twice",
            files: [
                (.en, "meetings", #"[{"id": "en.meetings.001", "spice": 1, "text": "a"}]"#),
                (.en, "meetings", #"[{"id": "en.meetings.001", "spice": 1, "text": "a"}]"#),
            ],
            .duplicateID(id: "en.meetings.001", firstFile: "en/meetings.json", secondFile: "en/meetings.json")),
    ]
}

@Suite struct RoastLibraryValidationTests {
    @Test(arguments: MalformedLibrary.cases)
    func malformedLibraryIsRejectedWithAPreciseError(fixture: MalformedLibrary) {
        let files = fixture.files.map { ($0.language, $0.name, Data($0.json.utf8)) }
        do throws(RoastLibraryError) {
            _ = try RoastLibrary(files: files)
            Issue.record("accepted a library with \(fixture.name)")
        } catch {
            #expect(Self.sameDecision(error, fixture.expected), "got \(error)")
            let file = "\(fixture.files[0].language.rawValue)/\(fixture.files[0].name).json"
            #expect(error.description.contains(file), "description does not name the file: \(error)")
        }
    }

    /// A file that is not a list of roasts says where and what, in the words of whoever edits it:
    /// a path with the kind of value expected and found (never the value: it may be a roast), or a
    /// line and a column when the file is not JSON at all.
    @Test(arguments: [
        (#"[{"id": "en.meetings.001", "spice": "hot", "text": "x"}]"#, "[0].spice: expected a whole number, found text"),
        (#"[{"id": "en.meetings.001", "spice": 2.5, "text": "x"}]"#, "[0].spice: expected a whole number, found a number with a fraction"),
        (#"[{"id": "en.meetings.001", "spice": 1, "text": 5}]"#, "[0].text: expected text, found a whole number"),
        (#"{"id": "en.meetings.001"}"#, "top level: expected a list, found an object"),
        (#"[{"id": "en.meetings.001", "spice": 1}]"#, "[0]: missing key text"),
        ("[\n  {\"id\": \"en.meetings.001\", \"spice\": 1, \"text\": \"x\"},\n  {\"id\": oops}\n]", "not valid JSON at line 3, column "),
        (#"[{"id": "en.meetings.001", "spice": 1,"#, "not valid JSON at line 1, column 39"),
    ])
    func malformedFilesSayWhereAndWhatIsExpected(json: String, says: String) {
        do throws(RoastLibraryError) {
            _ = try RoastLibrary(files: [(.en, "meetings", Data(json.utf8))])
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.description.hasPrefix("en/meetings.json (a list of roasts): " + says), "got \(error)")
            #expect(!error.description.contains("Int") && !error.description.contains("String"))
        }
    }

    /// Equal, except that a decoder's explanation of malformed JSON is not pinned down.
    private static func sameDecision(_ actual: RoastLibraryError, _ expected: RoastLibraryError) -> Bool {
        switch (actual, expected) {
        case (.malformedJSON(let actualFile, let reason), .malformedJSON(let expectedFile, _)):
            actualFile == expectedFile && !reason.isEmpty
        default:
            actual == expected
        }
    }

    /// Pools and feedback tables are indexed by these positions: each case has its own, in order.
    @Test func categoryAndLanguagePositionsAreTheirPlacesInAllCases() {
        #expect(RoastCategory.allCases.map(\.position) == Array(RoastCategory.allCases.indices))
        #expect(Language.allCases.map(\.position) == Array(Language.allCases.indices))
    }

    /// Every roast is in the pool of its language, category and premium flag, once, in file order.
    @Test func poolsByPositionHoldEveryRoastOnce() throws {
        let library = try RoastLibrary.load(
            directory: Repository.library)
        var seen: [Int] = []
        for language in Language.allCases {
            for category in RoastCategory.allCases {
                for premium in [false, true] {
                    let ordinals = library.ordinals(language: language, category: category, premium: premium)
                    #expect(ordinals == ordinals.sorted())
                    #expect(
                        ordinals.allSatisfy {
                            library.all[$0].language == language && library.all[$0].category == category
                                && library.all[$0].isPremium == premium
                        })
                    #expect(
                        ordinals.map { library.all[$0] }
                            == (premium
                                ? library.premium(language: language, category: category)
                                : library.roasts(language: language, category: category)))
                    seen += ordinals
                }
            }
        }
        #expect(seen.sorted() == Array(library.all.indices))
    }
}
