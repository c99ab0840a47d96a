import Foundation
import RoastContent
import Testing

@testable import RoastCore

/// The shipped texts: every library and collection roast, and the block-list terms.
private let shippedTexts: [String] = {
    var texts = (try? RoastLibrary.load(directory: Repository.library).all.map(\.text)) ?? []
    if let data = try? Data(contentsOf: Repository.root.appending(path: "config/collections.json")),
        let catalog = try? CollectionCatalog(data: data)
    {
        texts += catalog.collections.flatMap { $0.roasts.values.joined().map(\.text) }
    }
    return texts + shippedBlockList
}()

/// The shipped block list (only comments today) and terms like those its comments show.
private let shippedBlockList: [String] =
    ((try? String(contentsOf: Repository.root.appending(path: "config/blocklist.txt"), encoding: .utf8)).map(SafetyFilter.parseBlockList)
        ?? []) + ["synergy", "=cà khịa", "circle back*", "deadline*", "=họp", "sếp", "ôi*", "=đi*", "review code"]

/// Hand-picked texts at the edges: Vietnamese precomposed and decomposed, `đ`/`Đ`, upper case,
/// emoji and joiners, combining marks alone, invisible characters, other scripts, whitespace kinds.
private let edgeTexts: [String] = [
    "", " ", "\n\t ", "Địt mẹ", "ĐỊT MẸ CÁI BUG NÀY", "đéo", "ĐÉO", "de\u{0301}o", "\u{0110}i\u{0323}t", "D\u{0303}", "lồn", "lô\u{0300}n",
    "lo\u{0302}\u{0300}n", "Ngủ gật. Ngu quá! Thế à? Ừ… Xong.", "3.5 p.m. like. 2 more. OK", "Họp\r\nHọp", "fuck", "FUCKING", "ﬁne",
    "fuck\u{200B}ing", "f\u{200D}uck", "👍🏽 nice", "🧑‍💻 coder", "🇻🇳🇻🇳", "\u{0301}", "\u{0301}\u{0302} a", " \u{0301}abc", "abc \u{0301}",
    "a\u{20DD}", "İstanbul", "STRASSE straße ẞ", "ΣΟΦΟΣ σοφος", "Ǆemal ǅemal", "한국어 한", "a^b `c` ¨d ´e", "Ω Ω Å Å", "٣ ½ Ⅻ",
    "\u{00A0}nbsp\u{00A0}", "\u{2000}en\u{2001}", "\u{FEFF}bom", "\u{0600}1", "x\u{0085}", "…", "!!! ??? ...", "Anh Nguyễn đi làm.",
    "ʰello", "ǅ. ǅ", "A. ǅ", "x. Ⅻ", "x. \u{0300}A", String(repeating: "ồ", count: 281), String(repeating: "o", count: 281),
    String(repeating: "o", count: 280), String(repeating: "ồ", count: 200), "the whore", "nigger", "=lồn", "bê đê", "Bê Đê",
]

/// Random strings over an alphabet that mixes the cases above, and random edits of shipped roasts.
private func randomTexts(count: Int, seed: UInt64) -> [String] {
    var random = SplitMix64(seed: seed)
    let pieces: [String] = [
        "a", "Z", "đ", "Đ", "ệ", "Ệ", "ư", "ơ", " ", "  ", "\n", "\r\n", "\t", ".", "!", "?", "…", ",", "-", "’", "—", "−", "^", "`", "1",
        "9", "\u{0300}", "\u{0301}", "\u{0303}", "\u{0309}", "\u{0323}", "\u{031B}", "\u{0302}", "\u{0306}", "\u{200B}", "\u{200D}",
        "\u{FEFF}", "\u{00AD}", "👍", "🏽", "🔥", "🇻", "İ", "ß", "Σ", "ς", "ǅ", "ᄒ", "ᅡ", "ᆫ", "Ω", "Å", "\u{00A0}", "\u{2000}", "½",
        "fuck", "ngu", "lồn", "địt", "dit", "bê", "đê", "fat", "gay", "A", "E", "O",
    ]
    let shipped = shippedTexts
    var texts: [String] = []
    for index in 0..<count {
        var text = ""
        if index % 2 == 0, !shipped.isEmpty {
            text = shipped.randomElement(using: &random)!
            var scalars = Array(text.unicodeScalars)
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let position = Int.random(in: 0...scalars.count, using: &random)
                let piece = pieces.randomElement(using: &random)!
                scalars.insert(contentsOf: piece.unicodeScalars, at: position)
            }
            text = String(String.UnicodeScalarView(scalars))
            if index % 6 == 0 { text = text.uppercased() }
            if index % 10 == 0 { text = text.decomposedStringWithCanonicalMapping }
        } else {
            for _ in 0..<Int.random(in: 0...24, using: &random) {
                if Int.random(in: 0..<8, using: &random) == 0 {
                    let value = UInt32.random(in: 0...0x2FFFF, using: &random)
                    if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) }
                } else {
                    text += pieces.randomElement(using: &random)!
                }
            }
        }
        texts.append(text)
    }
    return texts
}

private let allTexts = shippedTexts + edgeTexts + randomTexts(count: 6000, seed: 24)

/// The fast paths of the safety filter and of folding against their old implementations
/// (``ReferenceText``, ``ReferenceSafetyFilter``): every verdict, word list and folded form equal.
@Suite struct SafetyFastPathTests {
    @Test func shippedTextsAreThere() {
        #expect(shippedTexts.count > 700)
    }

    @Test func foldingEqualsTheReference() {
        for text in allTexts {
            #expect(TextNormalization.folded(text) == ReferenceText.folded(text), "\(Array(text.unicodeScalars))")
            #expect(TextNormalization.matchKey(text) == ReferenceText.matchKey(text), "\(Array(text.unicodeScalars))")
        }
    }

    @Test func foldedFormsAreTheSameScalars() {
        for text in allTexts {
            let fast = TextNormalization.folded(text).unicodeScalars
            #expect(fast.elementsEqual(ReferenceText.folded(text).unicodeScalars), "\(Array(text.unicodeScalars))")
        }
    }

    @Test func wordsEqualTheReference() {
        for text in allTexts {
            let fast = SafetyText.words(text)
            let reference = ReferenceText.words(text)
            #expect(fast == reference, "\(Array(text.unicodeScalars))")
            // String equality is canonical equivalence: the scalars must be equal too.
            #expect(
                fast.map { Array($0.exact.unicodeScalars) + [" "] + Array($0.folded.unicodeScalars) }
                    == reference.map { Array($0.exact.unicodeScalars) + [" "] + Array($0.folded.unicodeScalars) },
                "\(Array(text.unicodeScalars))")
        }
    }

    @Test func sentenceCountsAndTrimmingEqualTheReference() {
        for text in allTexts {
            #expect(SafetyFilter.sentenceCount(text) == ReferenceText.sentenceCount(text), "\(Array(text.unicodeScalars))")
            let trimmed = SafetyFilter.trimmed(text)
            #expect(
                trimmed.unicodeScalars.elementsEqual(text.trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars),
                "\(Array(text.unicodeScalars))")
        }
    }

    @Test func verdictsEqualTheReference() {
        let filters = [
            (SafetyFilter(), ReferenceSafetyFilter()),
            (SafetyFilter(blockList: shippedBlockList), ReferenceSafetyFilter(blockList: shippedBlockList)),
            (SafetyFilter(blockList: edgeTexts), ReferenceSafetyFilter(blockList: edgeTexts)),
        ]
        var rejected = 0
        for (fast, reference) in filters {
            for text in allTexts {
                let verdict = fast.check(text)
                #expect(verdict == reference.check(text), "\(Array(text.unicodeScalars))")
                if !verdict.isAllowed { rejected += 1 }
            }
        }
        // Both kinds of verdict are exercised.
        #expect(rejected > 100)
        #expect(rejected < filters.count * allTexts.count - 100)
    }

    /// How long checking the whole shipped library takes, old and new (printed, never asserted).
    @Test func timingOfCheckingTheShippedTexts() {
        let fast = SafetyFilter(blockList: shippedBlockList)
        let reference = ReferenceSafetyFilter(blockList: shippedBlockList)
        let clock = ContinuousClock()
        var allowed = 0
        let referenceTime = clock.measure { for text in shippedTexts where reference.check(text).isAllowed { allowed += 1 } }
        let fastTime = clock.measure { for text in shippedTexts where fast.check(text).isAllowed { allowed += 1 } }
        print("safety check of \(shippedTexts.count) shipped texts: reference \(referenceTime), fast \(fastTime) (\(allowed / 2) allowed)")
    }
}
