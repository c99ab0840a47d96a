import Testing

@testable import RoastCore

struct RoastRequestParserTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let text: String
        let category: RoastCategory?
        let spice: Int?
        let mood: Mood?
        var testDescription: String { text }

        init(_ text: String, _ category: RoastCategory?, _ spice: Int? = nil, _ mood: Mood? = nil) {
            self.text = text
            self.category = category
            self.spice = spice
            self.mood = mood
        }
    }

    static let phrasings: [Case] = [
        // English, arguments in any order.
        Case("meetings 3", .meetings, 3),
        Case("3 meetings", .meetings, 3),
        Case("meeting", .meetings),
        Case("deadline 5", .deadlines, 5),
        Case("deadlines extra hot", .deadlines, 5),
        Case("spicy kpi", .kpis, 4),
        Case("code review 2", .codeReviews, 2),
        Case("review code mild", .codeReviews, 1),
        Case("pull request savage", .codeReviews, 5),
        Case("workload tired", .workload, nil, .tired),
        Case("overtime 4 stressed", .workload, 4, .stressed),
        Case("colleagues bored", .colleagues, nil, .bored),
        Case("coworkers 1", .colleagues, 1),
        Case("boss annoyed 3", .management, 3, .annoyed),
        Case("management medium", .management, 3),
        Case("general", .general),
        Case("spice 4", nil, 4),
        Case("level 2 meetings", .meetings, 2),
        Case("frustrated", nil, nil, .frustrated),
        Case("roast me about meetings please", .meetings),
        Case("roast me about my boss, extra spicy", .management, 5),
        Case("OKR 5", .kpis, 5),
        // Vietnamese with diacritics.
        Case("họp 3", .meetings, 3),
        Case("họp hành", .meetings),
        Case("cay 4 deadline", .deadlines, 4),
        Case("deadline cay xé", .deadlines, 5),
        Case("sếp hơi cay", .management, 2),
        Case("đồng nghiệp nhẹ nhàng", .colleagues, 1),
        Case("tăng ca mệt", .workload, nil, .tired),
        Case("chỉ tiêu căng thẳng", .kpis, nil, .stressed),
        Case("review code bực bội", .codeReviews, nil, .frustrated),
        Case("roast tui vụ họp hành, cay vừa thôi", .meetings, 3),
        Case("roast mình về sếp nha, rất cay", .management, 5),
        Case("chán quá, roast cái gì cũng được", .general, nil, .bored),
        Case("khó chịu vì quá tải", .workload, nil, .annoyed),
        Case("mức 2 kpi", .kpis, 2),
        // Vietnamese without diacritics.
        Case("hop 3", .meetings, 3),
        Case("hop hanh cay vua", .meetings, 3),
        Case("sep cay 5", .management, 5),
        Case("dong nghiep met", .colleagues, nil, .tired),
        Case("tang ca cang thang", .workload, nil, .stressed),
        Case("khoi luong cong viec 4", .workload, 4),
        // Typos tolerated where unambiguous.
        Case("meetigns 3", .meetings, 3),
        Case("deadlnie", .deadlines),
        Case("managment", .management),
        Case("colleages", .colleagues),
        Case("frustratd", nil, nil, .frustrated),
    ]

    @Test(arguments: phrasings)
    func understandsPhrasing(_ phrasing: Case) {
        let request = RoastRequestParser().parse(phrasing.text)
        #expect(request.category == phrasing.category)
        #expect(request.spice?.rawValue == phrasing.spice)
        #expect(request.mood == phrasing.mood)
    }

    @Test func reportsUnknownWordsAsTyped() {
        let request = RoastRequestParser().parse("meetings banana Xyzzy 3")
        #expect(request.category == .meetings)
        #expect(request.spice?.rawValue == 3)
        #expect(request.unrecognized == ["banana", "Xyzzy"])
    }

    @Test func ignoresOutOfRangeLevels() {
        let request = RoastRequestParser().parse("meetings 9")
        #expect(request.spice == nil)
        #expect(request.unrecognized == ["9"])
    }

    @Test func leavesAmbiguousTyposAlone() {
        // "hots" is one edit from "hot" (4 letters needed) — too short to correct; "mets" is ambiguous/short.
        let request = RoastRequestParser().parse("zzzz")
        #expect(request == RoastRequest(unrecognized: ["zzzz"]))
    }

    @Test func recognisesCollectionsByNameOrId() {
        let parser = RoastRequestParser(collections: ["tet": ["Tết", "Lunar New Year"], "tech_life": ["Tech Life"]])
        #expect(parser.parse("tet 3").collection == "tet")
        #expect(parser.parse("lunar new year").collection == "tet")
        #expect(parser.parse("tech life meetings").collection == "tech_life")
        #expect(parser.parse("tech life meetings").category == .meetings)
    }

    @Test func survivesHugeAndOddUnicode() {
        let noise = String(repeating: "👩‍👩‍👧‍👦\u{200B}\u{202E}a\u{0301}", count: 5_000)
        let request = RoastRequestParser().parse(noise + " meetings 2")
        #expect(request.unrecognized.count <= 64)
    }
}

/// Input that looks like something it is not: decimals and signed numbers, invisible characters,
/// and the icons the bot itself shows.
struct RoastRequestParserEdgeTests {
    let parser = RoastRequestParser()

    @Test(arguments: ["3.5", "-1", "+2", "2,5", "0", "99"])
    func aNumberThatIsNoSpiceLevelIsNotUnderstood(_ text: String) {
        let request = parser.parse(text)
        #expect(request.spice == nil)
        #expect(request.unrecognized == [text])
    }

    @Test func aSpiceWordFollowedByADecimalTakesNoPartOfIt() {
        let request = parser.parse("meetings 3.5")
        #expect(request.category == .meetings)
        #expect(request.spice == nil)
        #expect(request.unrecognized == ["3.5"])
    }

    @Test(arguments: ["\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}"])
    func invisibleCharactersInsideWordsAreIgnored(_ invisible: String) {
        let request = parser.parse("h\(invisible)ọp cay\(invisible) 4")
        #expect(request.category == .meetings)
        #expect(request.spice?.rawValue == 4)
        #expect(request.unrecognized.isEmpty)
    }

    @Test func theJoinerInsideAnEmojiSequenceIsKept() {
        #expect(TextNormalization.removingInvisibles("h\u{200B}ọp 🧑‍💻") == "họp 🧑‍💻")
        #expect(TextNormalization.removingInvisibles("🧑‍💻").unicodeScalars.contains("\u{200D}"))
    }

    @Test(arguments: RoastCategory.allCases)
    func eachCategorysIconNamesIt(_ category: RoastCategory) {
        let request = parser.parse(category.emoji)
        #expect(request.category == category)
        #expect(request.unrecognized.isEmpty)
    }

    @Test(arguments: Mood.allCases)
    func eachMoodsEmojiNamesIt(_ mood: Mood) {
        #expect(parser.parse(mood.emoji).mood == mood)
        #expect(parser.parse("roast \(mood.emoji) 2").spice?.rawValue == 2)
    }

    @Test func otherEmojiAreLeftAlone() {
        let request = parser.parse("🔥🔥 meetings")
        #expect(request.category == .meetings)
        #expect(request.unrecognized.isEmpty)
    }
}
