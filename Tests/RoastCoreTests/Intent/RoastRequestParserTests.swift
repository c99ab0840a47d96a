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

/// Asking for less spice gets less, in both languages, with and without diacritics: negation and
/// softeners turn the spice down; the person typing this is usually the stressed one.
struct RoastRequestNegationTests {
    let parser = RoastRequestParser()

    struct Softer: Sendable, CustomTestStringConvertible {
        let text: String
        let spice: Int
        var testDescription: String { text }
        init(_ text: String, _ spice: Int) {
            self.text = text
            self.spice = spice
        }
    }

    static let softer: [Softer] = [
        Softer("not spicy", 1),
        Softer("not too spicy", 2),
        Softer("not savage please", 2),
        Softer("not very spicy", 2),
        Softer("don't make it too spicy", 2),
        Softer("dont be harsh", 1),
        Softer("nothing harsh", 1),
        Softer("no savage stuff", 2),
        Softer("gentle", 1),
        Softer("keep it light", 1),
        Softer("go easy on me", 1),
        Softer("less savage", 3),
        Softer("less spicy", 2),
        Softer("tone it down", 2),
        Softer("đừng cay quá", 2),
        Softer("dung cay qua", 2),
        Softer("đừng cay", 1),
        Softer("không cay lắm", 2),
        Softer("khong cay lam", 2),
        Softer("không cay", 1),
        Softer("không quá cay", 2),
        Softer("chẳng cay tí nào", 1),
        Softer("chang cay", 1),
        Softer("nhẹ thôi", 1),
        Softer("nhe thoi", 1),
        Softer("nhẹ nhàng thôi nha", 1),
        Softer("bớt cay", 2),
        Softer("bot cay di", 2),
        Softer("bớt cay đi", 2),
        Softer("đừng roast gắt quá nhé", 2),
        Softer("ko cay", 1),
        Softer("don't roast me too hard", 2),
        Softer("dont want it spicy", 1),
        Softer("softer please", 2),
        Softer("cay ít thôi", 2),
        Softer("ít cay", 2),
        Softer("không muốn cay quá", 2),
        Softer("không cần cay", 1),
    ]

    @Test(arguments: softer)
    func negationAndSoftenersLowerTheSpice(_ case: Softer) {
        let request = parser.parse(`case`.text)
        #expect(request.spice?.rawValue == `case`.spice, "\(request)")
        #expect(request.unrecognized.isEmpty, "\(request.unrecognized)")
    }

    @Test(arguments: ["not spicy", "đừng cay quá", "không cay lắm", "not savage please", "nothing harsh", "bớt cay"])
    func aNegatedSpiceIsLowerThanTheWordAlone(_ text: String) {
        let negated = parser.parse(text).spice
        let alone = parser.parse(
            text.split(separator: " ").filter { !["not", "đừng", "không", "nothing", "bớt"].contains($0) }
                .joined(separator: " ")
        ).spice
        #expect(negated != nil && alone != nil && negated! < alone!, "\(String(describing: negated)) vs \(String(describing: alone))")
    }

    @Test func theCategoryAndMoodOfANegatedRequestStay() {
        let request = parser.parse("họp đừng cay quá, mệt lắm")
        #expect(request.category == .meetings)
        #expect(request.spice?.rawValue == 2)
        #expect(request.mood == .tired)
    }

    @Test func aNegatedMoodIsNoMood() {
        #expect(parser.parse("không mệt, chán quá").mood == .bored)
        #expect(parser.parse("not stressed").mood == nil)
    }

    @Test func aHardDeadlineIsADeadlineNotASpice() {
        let request = parser.parse("hard deadline")
        #expect(request.category == .deadlines && request.spice == nil && request.unrecognized.isEmpty)
    }

    @Test func unnegatedSpiceWordsKeepTheirLevel() {
        #expect(parser.parse("cay quá").spice?.rawValue == 4)
        #expect(parser.parse("too spicy").spice?.rawValue == 4)
        #expect(parser.parse("savage").spice?.rawValue == 5)
    }

    @Test func aNegationWithNothingToNegateIsAnUnknownWord() {
        let request = parser.parse("not meetings")
        #expect(request.category == .meetings)
        #expect(request.unrecognized == ["not"])
    }
}

/// Chili emoji are a spice level, as the bot shows spice.
struct RoastRequestChiliTests {
    let parser = RoastRequestParser()

    @Test(arguments: 1...5)
    func nChiliesAreSpiceN(_ n: Int) {
        for chili in ["🌶️", "🌶"] {
            let request = parser.parse("meetings " + String(repeating: chili, count: n))
            #expect(request.spice?.rawValue == n)
            #expect(request.category == .meetings)
            #expect(request.unrecognized.isEmpty)
        }
    }

    @Test func moreThanFiveChiliesAreTheHottest() {
        #expect(parser.parse(String(repeating: "🌶️", count: 8)).spice?.rawValue == 5)
    }

    @Test func aChiliBeforeADigitTakesTheDigit() {
        #expect(parser.parse("🌶️ 4").spice?.rawValue == 4)
        #expect(parser.parse("🌶️x3").spice?.rawValue == 3)
        #expect(parser.parse("🌶️ × 2").spice?.rawValue == 2)
    }

    @Test func chiliesSpacedApartStillCount() {
        #expect(parser.parse("🌶️🌶️🌶️ họp").spice?.rawValue == 3)
        #expect(parser.parse("không 🌶️🌶️🌶️🌶️").spice?.rawValue == 1)
    }
}

/// Colleagues' names are not keywords: a word whose diacritics differ from a keyword's is not that
/// keyword, a capitalised word inside a sentence is a name, and a typo's reading never overrides a
/// category typed exactly. Unknown words are reported, so the usual hint follows.
struct RoastRequestNameTests {
    let parser = RoastRequestParser(collections: [
        "inbox_overload": ["Hộp thư quá tải", "Inbox Overload", "email", "inbox", "hộp thư", "thư"],
        "mid_autumn": ["Trung Thu", "Mid-Autumn", "trung thu"], "tet": ["Tết Nguyên Đán", "tết", "tet"],
    ])

    struct Named: Sendable, CustomTestStringConvertible {
        let text: String
        let category: RoastCategory?
        let name: String
        var testDescription: String { text }
        init(_ text: String, _ category: RoastCategory?, name: String) {
            self.text = text
            self.category = category
            self.name = name
        }
    }

    static let names: [Named] = [
        Named("họp Việt", .meetings, name: "Việt"),
        Named("họp Hùng", .meetings, name: "Hùng"),
        Named("deadline Thu", .deadlines, name: "Thu"),
        Named("họp với Thu", .meetings, name: "Thu"),
        Named("kpi Trung", .kpis, name: "Trung"),
        Named("deadline Dung", .deadlines, name: "Dung"),
        Named("sếp Dũng", .management, name: "Dũng"),
        Named("họp Tâm", .meetings, name: "Tâm"),
        Named("review code Phúc", .codeReviews, name: "Phúc"),
        Named("họp An", .meetings, name: "An"),
        Named("meetings An", .meetings, name: "An"),
        Named("họp Chung", .meetings, name: "Chung"),
        Named("họp Anh", .meetings, name: "Anh"),
        Named("deadline Minh", .deadlines, name: "Minh"),
        Named("họp Vũ", .meetings, name: "Vũ"),
        Named("họp Kiều", .meetings, name: "Kiều"),
        Named("sếp Hân", .management, name: "Hân"),
        Named("họp Thương", .meetings, name: "Thương"),
        Named("workload Hung", .workload, name: "Hung"),
        Named("deadline Viet", .deadlines, name: "Viet"),
    ]

    @Test(arguments: names)
    func aNameIsNoKeyword(_ named: Named) {
        let request = parser.parse(named.text)
        #expect(request.category == named.category, "\(request)")
        #expect(request.collection == nil, "\(request)")
        #expect(request.spice == nil && request.mood == nil, "\(request)")
        #expect(request.unrecognized == [named.name], "\(request)")
    }

    @Test(arguments: ["Dung", "Trung", "Tâm", "An", "Việt", "Hùng", "Phúc"])
    func aNameAloneIsAnUnknownWord(_ name: String) {
        let request = parser.parse(name)
        #expect(request == RoastRequest(unrecognized: [name]), "\(request)")
    }

    @Test func diacriticsThatDifferMeanAnotherWord() {
        // In a message with diacritics, "viêc" and "thu" are not "việc" and "thư".
        #expect(parser.parse("họp việt").category == .meetings)
        #expect(parser.parse("họp thu").collection == nil)
        #expect(parser.parse("họp thư").collection == "inbox_overload")
        #expect(parser.parse("việc").category == .workload)
    }

    @Test func aMessageWithoutDiacriticsStillMatchesVietnameseKeywords() {
        #expect(parser.parse("hop hanh cay vua").category == .meetings)
        #expect(parser.parse("viec").category == .workload)
        #expect(parser.parse("hop thu").collection == "inbox_overload")
    }

    @Test func collectionNamesAndEnglishKeywordsMayBeCapitalised() {
        #expect(parser.parse("họp Tết").collection == "tet")
        #expect(parser.parse("Trung Thu").collection == "mid_autumn")
        #expect(parser.parse("roast me about Meetings").category == .meetings)
        #expect(parser.parse("Sếp cay 4").category == .management)
        #expect(parser.parse("Mệt quá. Sếp hôm nay").category == .management)
    }

    @Test func aTypoNeverOverridesACategoryTypedExactly() {
        // "teams" would be a typo of "team"; "họp" was typed.
        let request = parser.parse("họp teams")
        #expect(request.category == .meetings)
        #expect(request.unrecognized == ["teams"])
        #expect(parser.parse("meetigns").category == .meetings)
    }

    @Test func typosAreForgivenOnlyTowardEnglishKeywords() {
        // "chunk" is one letter from "chung" (general) but "chung" is Vietnamese.
        #expect(parser.parse("chunk").category == nil)
        #expect(parser.parse("viet").category == nil)
        #expect(parser.parse("managment").category == .management)
    }
}

/// "thường", "off": regular roasts, leaving a picked collection.
struct RoastRequestRegularTests {
    let parser = RoastRequestParser(collections: ["tet": ["tết"]])

    @Test(arguments: ["thường", "thuong", "off", "regular", "bình thường", "normal"])
    func aWordAsksForRegularRoasts(_ word: String) {
        let request = parser.parse(word)
        #expect(request.leavesCollection)
        #expect(request.collection == nil)
        #expect(request.unrecognized.isEmpty)
    }

    @Test func aCollectionNamedLaterWins() {
        #expect(parser.parse("off tết").collection == "tet")
        #expect(!parser.parse("off tết").leavesCollection)
    }
}
