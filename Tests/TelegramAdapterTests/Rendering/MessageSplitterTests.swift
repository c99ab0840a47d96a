import RoastCore
import Testing

@testable import ChatPlatform
@testable import TelegramAdapter

struct MessageSplitterTests {
    @Test(arguments: [
        (MessageSplitter.telegramLimit, 4_096, 1),
        (MessageSplitter.telegramLimit, 4_097, 2),
        (TelegramPlatform.messageLimit, 4_000, 1),
        (TelegramPlatform.messageLimit, 4_001, 2),
    ])
    func splitsExactlyAtTheLimit(limit: Int, length: Int, expectedParts: Int) throws {
        let text = RichText(plain: String(repeating: "a", count: length))
        let parts = try checkedSplit(text, limit: limit)
        #expect(parts.count == expectedParts)
        let first = try TelegramHTMLReader.visibleText(of: parts[0].html)
        #expect(first.utf16.count == min(length, limit))
    }

    @Test func defaultLimitKeepsAMarginBelowTelegramsLimit() {
        #expect(MessageSplitter.telegram.limit == 4_000)
        #expect(MessageSplitter.telegramLimit == 4_096)
    }

    @Test func countsUTF16UnitsNotCharacters() throws {
        // 2,100 emoji are 4,200 UTF-16 units: over the limit although only 2,100 characters.
        let parts = try checkedSplit(RichText(plain: String(repeating: "😀", count: 2_100)), limit: 4_096)
        #expect(parts.count == 2)
    }

    @Test func countsVisibleTextNotMarkup() throws {
        // 1,000 escaped ampersands are 5,000 bytes of HTML but 1,000 visible characters.
        let parts = try checkedSplit(RichText([.bold(String(repeating: "&", count: 1_000))]), limit: 1_000)
        #expect(parts.count == 1)
        #expect(parts[0].html.utf16.count > 5_000)
    }

    @Test func emojiZWJSequencesStayWhole() throws {
        let family = "👩‍👩‍👧‍👦"
        #expect(family.utf16.count == 11)
        let text = RichText(plain: String(repeating: family, count: 910))
        #expect(MessageSplitter.visibleLength(text) >= 10_000)
        let parts = try checkedSplit(text, limit: 4_000)
        #expect(parts.count == 3)
        for part in parts {
            let visible = try TelegramHTMLReader.visibleText(of: part.html)
            #expect(visible.allSatisfy { $0 == Character(family) })
        }
    }

    @Test func flagsAndSkinTonesStayWhole() throws {
        let text = RichText(plain: String(repeating: "🇻🇳👍🏽🏳️‍🌈", count: 400))
        for limit in [7, 8, 9, 10, 50, 1_001] {
            _ = try checkedSplit(text, limit: limit)
        }
    }

    @Test func decomposedVietnameseSplitsBetweenWords() throws {
        let words = "Tie\u{0302}\u{0301}ng Vie\u{0323}\u{0302}t ro\u{0302}\u{0300}i "
        let text = RichText(plain: String(repeating: words, count: 500))
        let parts = try checkedSplit(text, limit: 4_000)
        #expect(parts.count > 1)
        for part in parts.dropLast() {
            #expect(try TelegramHTMLReader.visibleText(of: part.html).hasSuffix(" "))
        }
    }

    @Test func decomposedVietnameseWithoutSpacesKeepsMarksOnTheirLetters() throws {
        let text = RichText(plain: String(repeating: "e\u{0302}\u{0301}", count: 5_000))
        let parts = try checkedSplit(text, limit: 1_000)
        for part in parts {
            let visible = try TelegramHTMLReader.visibleText(of: part.html)
            #expect(visible.unicodeScalars.first == "e")
            #expect(visible.unicodeScalars.count % 3 == 0)
        }
    }

    @Test func styledSpanCrossingACutIsClosedAndReopened() throws {
        let text = RichText([.plain("intro "), .bold(String(repeating: "lorem ipsum ", count: 500)), .plain("end")])
        let parts = try checkedSplit(text, limit: 4_000)
        #expect(parts.count == 2)
        #expect(parts[0].html.hasPrefix("intro <b>lorem"))
        #expect(parts[0].html.hasSuffix(" </b>"))
        #expect(parts[1].html.hasPrefix("<b>"))
        #expect(parts[1].html.hasSuffix("</b>end"))
    }

    @Test func linkCrossingACutKeepsItsTargetInBothParts() throws {
        let text = RichText([.link(url: "https://example.com/?a=1&b=2", text: String(repeating: "x", count: 30))])
        let parts = try checkedSplit(text, limit: 20)
        #expect(parts.count == 2)
        for part in parts {
            #expect(part.html.hasPrefix("<a href=\"https://example.com/?a=1&amp;b=2\">x"))
        }
    }

    @Test func hugeSingleWordIsCutAtTheLimit() throws {
        let parts = try checkedSplit(RichText([.code(String(repeating: "x", count: 10_000))]), limit: 4_000)
        let lengths = try parts.map { try TelegramHTMLReader.visibleText(of: $0.html).count }
        #expect(lengths == [4_000, 4_000, 2_000])
        #expect(parts.allSatisfy { $0.html.hasPrefix("<code>") && $0.html.hasSuffix("</code>") })
    }

    @Test func prefersLineBreaksThenSpacesThenSpanBoundaries() throws {
        let newline = try checkedSplit(RichText(plain: "aaaaaa bbb\ncc dddddd"), limit: 15)
        #expect(try visibleTexts(newline) == ["aaaaaa bbb\n", "cc dddddd"])
        let space = try checkedSplit(RichText(plain: "aaaaaa bbb cc dddddd"), limit: 15)
        #expect(try visibleTexts(space) == ["aaaaaa bbb cc ", "dddddd"])
        let span = try checkedSplit(RichText([.plain("aaaaaaaaaa"), .bold("bbbbbbbbbbb")]), limit: 15)
        #expect(try visibleTexts(span) == ["aaaaaaaaaa", "bbbbbbbbbbb"])
    }

    @Test func ignoresPreferredCutsThatWouldLeaveATinyPart() throws {
        let parts = try checkedSplit(RichText(plain: "ab cdefghijklmnop"), limit: 10)
        #expect(try visibleTexts(parts) == ["ab cdefghi", "jklmnop"])
    }

    @Test func oversizeGraphemeClusterIsCutBetweenScalars() throws {
        let cluster = "e" + String(repeating: "\u{0301}", count: 50)
        let parts = try checkedSplit(RichText(plain: cluster + " ok"), limit: 20, checkGraphemes: false)
        #expect(parts.count == 3)
    }

    @Test func emptyTextHasNoParts() {
        #expect(MessageSplitter.telegram.split(RichText()).isEmpty)
        #expect(MessageSplitter.telegram.split(RichText([.plain(""), .bold("")])).isEmpty)
    }

    /// Texts at, just under and just over the limit, in characters whose UTF-8 and UTF-16 lengths
    /// differ: a text that fits comes back as one part with its spans as they are, exactly what the
    /// general cut gives, and a text one unit over is cut.
    @Test(arguments: [
        // (spans, limit, fits)
        ([RichText.Span.plain(String(repeating: "a", count: 9))], 10, true),
        ([.plain(String(repeating: "a", count: 10))], 10, true),
        ([.plain(String(repeating: "a", count: 11))], 10, false),
        // Precomposed Vietnamese: 3 UTF-8 bytes, 1 UTF-16 unit each.
        ([.plain(String(repeating: "ế", count: 10))], 10, true),
        ([.plain(String(repeating: "ệ", count: 11))], 10, false),
        // Decomposed Vietnamese: one character, 3 scalars, 3 units.
        ([.plain(String(repeating: "e\u{0302}\u{0301}", count: 3)), .bold("a")], 10, true),
        ([.plain(String(repeating: "e\u{0302}\u{0301}", count: 3)), .bold("ab")], 10, false),
        // Emoji outside the BMP: 4 bytes, 2 units; one straddling the limit.
        ([.plain(String(repeating: "😀", count: 5))], 10, true),
        ([.plain(String(repeating: "a", count: 9) + "😀")], 10, false),
        ([.plain(String(repeating: "a", count: 8)), .italic("😀")], 10, true),
        // A ZWJ family (11 units), a flag, a skin tone, CRLF (one character, 2 units).
        ([.plain("👩‍👩‍👧‍👦")], 11, true),
        ([.plain("👩‍👩‍👧‍👦")], 10, false),
        ([.plain("🇻🇳👍🏽"), .code("\r\n")], 10, true),
        ([.plain("🇻🇳👍🏽"), .code("\r\na")], 10, false),
        // A combining mark opening a span, empty spans, mentions and links.
        ([.plain("Tie"), .bold("\u{0302}\u{0301}ng"), .plain(""), .italic("Việ")], 10, true),
        ([.mention(UserID(7), name: "Đạt 😀"), .plain(""), .link(url: "https://x.y", text: "ơi")], 10, true),
        ([.mention(UserID(7), name: "Đạt 😀"), .link(url: "https://x.y", text: " ơi!!")], 10, false),
        // A single cluster longer than the limit.
        ([.plain("e" + String(repeating: "\u{0301}", count: 20))], 20, false),
        ([.plain("e" + String(repeating: "\u{0301}", count: 19))], 20, true),
        // At Telegram's limit: 4,000 units of Vietnamese (12,000 bytes), then one more.
        ([.plain(String(repeating: "ờ", count: 3_998)), .bold("😀")], 4_000, true),
        ([.plain(String(repeating: "ờ", count: 3_999)), .bold("😀")], 4_000, false),
    ])
    func textWithinTheLimitIsOnePartAsTheCutsWouldGive(spans: [RichText.Span], limit: Int, fits: Bool) {
        let splitter = MessageSplitter(limit: limit)
        let text = RichText(spans)
        let parts = splitter.split(text)
        let nonEmpty = spans.filter { !$0.visibleText.isEmpty }
        #expect(parts == MessageSplitter.cutByLayout(nonEmpty, limit: limit))
        #expect((parts.count == 1) == fits)
        #expect((MessageSplitter.visibleLength(text) <= limit) == fits)
        if fits { #expect(parts == [RichText(nonEmpty)]) }
    }

    @Test(arguments: 0..<500)
    func invariantsHoldForRandomRichText(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed))
        let text = RichText.random(using: &random)
        let limit = [Int.random(in: 2...40, using: &random), Int.random(in: 12...400, using: &random), 4_000][seed % 3]
        _ = try checkedSplit(text, limit: limit)
        let spans = text.spans.filter { !$0.visibleText.isEmpty }
        if !spans.isEmpty {
            #expect(MessageSplitter(limit: limit).split(text) == MessageSplitter.cutByLayout(spans, limit: limit))
        }
    }
}

// MARK: - Helpers

/// Renders `text` with a splitter of `limit` and checks every invariant of the parts:
/// each parses as balanced HTML with at most `limit` UTF-16 units of visible text, none is empty,
/// the visible texts concatenate to the original scalar for scalar, and no cut falls inside a
/// grapheme cluster (unless a cluster alone exceeds the limit).
func checkedSplit(
    _ text: RichText, limit: Int, checkGraphemes: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
) throws -> [RenderedPart] {
    let renderer = TelegramHTMLRenderer(splitter: MessageSplitter(limit: limit))
    let parts = renderer.render(OutgoingMessage(text: text))
    let original = text.plainText
    let visible = try parts.map { try TelegramHTMLReader.visibleText(of: $0.html) }
    if original.isEmpty {
        #expect(visible == [""], sourceLocation: sourceLocation)
        return parts
    }
    for part in visible {
        #expect(!part.isEmpty, sourceLocation: sourceLocation)
        #expect(part.utf16.count <= limit, sourceLocation: sourceLocation)
        #expect(String(decoding: Array(part.utf16), as: UTF16.self) == part, "broken surrogate pair", sourceLocation: sourceLocation)
    }
    #expect(Array(visible.joined().unicodeScalars) == Array(original.unicodeScalars), sourceLocation: sourceLocation)
    let fitsWhole = original.allSatisfy { $0.utf16.count <= limit }
    if checkGraphemes, fitsWhole {
        #expect(visible.reduce(0) { $0 + $1.count } == original.count, "cut inside a grapheme cluster", sourceLocation: sourceLocation)
    }
    return parts
}

func visibleTexts(_ parts: [RenderedPart]) throws -> [String] {
    try parts.map { try TelegramHTMLReader.visibleText(of: $0.html) }
}

extension RichText {
    /// Pieces chosen to stress escaping and splitting: markup characters, whitespace, surrogate
    /// pairs, ZWJ sequences, flags, combining marks (also at span starts), RTL and zero-width text.
    static let randomPieces = [
        "roast", "you", " ", "  ", "\n", "\n\n", "\r\n", "\t", "<", ">", "&", "\"", "'", "&amp;", "<b>", "😀",
        "👩‍👩‍👧‍👦", "🇻🇳", "🇺🇸🇻🇳", "👍🏽", "e\u{0301}", "\u{0301}", "\u{0323}\u{0302}", "Tie\u{0302}\u{0301}ng",
        "שלום", "مرحبا", "\u{200D}", "\u{200B}", "\u{FEFF}", "ß", "漢字", "𝔘𝔫𝔦", String(repeating: "x", count: 37),
    ]

    static func random(using random: inout SplitMix64) -> RichText {
        var text = RichText()
        for _ in 0..<Int.random(in: 0...12, using: &random) {
            var content = ""
            for _ in 0..<Int.random(in: 0...25, using: &random) {
                content += randomPieces.randomElement(using: &random) ?? ""
            }
            let user = UserID(Int64.random(in: 1...1_000_000, using: &random))
            let url =
                ["https://example.com/?q=\"a\"&b", "tg://user?id=5", "javascript:alert(1)", "http://x.y/<z>"]
                .randomElement(using: &random) ?? ""
            let span: Span =
                switch Int.random(in: 0..<6, using: &random) {
                case 0: .plain(content)
                case 1: .bold(content)
                case 2: .italic(content)
                case 3: .code(content)
                case 4: .mention(user, name: content)
                default: .link(url: url, text: content)
                }
            text.append(span)
        }
        return text
    }
}
