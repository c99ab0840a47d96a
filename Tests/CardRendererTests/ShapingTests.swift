import CardModel
import RoastCore
import Testing

@testable import CardRenderer

struct ShapingTests {
    static let emojiFont = "Noto Color Emoji"

    @Test(arguments: [
        "Chằng chịt deadline, sếp vẫn hỏi: ẫn đâu? Mỡ đâu? Gỡ bug chưa?",
        "Ằ Ẫ Ỡ ằ ẫ ỡ ặ ệ ộ ợ ự ỳ đ Đ",
        // The same letters decomposed into base letter + combining marks.
        "a\u{0306}\u{0300} a\u{0302}\u{0303} o\u{031B}\u{0303}",
    ])
    func vietnameseStackedDiacriticsAreDrawnByTheTextFontWithoutBoxes(_ text: String) throws {
        for font in [FontSpec.display, .serifDisplay, .sans, .sansBold] {
            let report = try shape(text, font: font)
            #expect(report.unknownGlyphs == 0, "\(font.family): \(report.unknownGlyphs) glyphs without a font")
            #expect(report.runs.allSatisfy { $0.fontFamily == font.family }, "\(font.family) fell back: \(report.runs)")
        }
    }

    @Test(arguments: ["👨‍💻", "🏳️‍🌈", "🌶️", "🧑‍💻", "👩🏽‍🚀", "🇻🇳", "❤️‍🔥", "1️⃣"])
    func emojiSequencesAreShapedWithTheColourEmojiFont(_ emoji: String) throws {
        let report = try shape("Code review \(emoji) xong chưa?")
        #expect(report.unknownGlyphs == 0)
        let emojiRuns = report.runs.filter { $0.text.contains(emoji) }
        #expect(emojiRuns.count == 1, "the sequence was split: \(report.runs)")
        #expect(emojiRuns.first?.fontFamily == Self.emojiFont, "\(report.runs)")
        #expect(report.runs.filter { $0.fontFamily != Self.emojiFont }.allSatisfy { !$0.text.contains(emoji) })
    }

    @Test func emojiAreDrawnInColour() throws {
        let bitmap = try sharedRenderer.withFonts { session throws(CardRenderingError) in
            let canvas = try Canvas(width: 400, height: 160, opaque: false)
            session.prepare(for: canvas)
            // Black "ink": a monochrome fallback would leave only grey pixels.
            TextLayout("👨‍💻🏳️‍🌈", font: .display, size: 96, session: session, width: nil).draw(on: canvas, x: 10, y: 10, color: .black)
            return canvas.bitmap()
        }
        var colourful = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let (r, g, b) = bitmap.rgb(x: x, y: y)
                if max(r, g, b) - min(r, g, b) > 60 { colourful += 1 }
            }
        }
        #expect(colourful > 2_000, "only \(colourful) coloured pixels")
    }

    @Test(arguments: RoastCategory.allCases, Language.allCases)
    func categoryLabelsAndSpiceIndicatorHaveEveryGlyph(_ category: RoastCategory, _ language: Language) throws {
        let report = try shape("\(category.emoji)  \(category.name(in: language)) \(SpiceLevel.hottest.peppers)", font: .sansBold)
        #expect(report.unknownGlyphs == 0)
        #expect(report.runs.contains { $0.fontFamily == Self.emojiFont })
    }

    @Test(arguments: Language.allCases)
    func heatmapAndCardLabelsHaveEveryGlyph(_ language: Language) throws {
        let labels = HeatmapLabels(language: language)
        let texts =
            [
                labels.title, labels.subtitle(weeks: 20, activeDays: 3), labels.current, labels.longest, labels.nextMilestone,
                labels.allMilestonesReached, labels.legendActive, labels.legendStreak, labels.toGo(3), labels.days(1),
                CardLabels(language: language).invitation,
            ] + (1...12).map(labels.month) + CardTemplate.allCases.map { $0.name(in: language) }
        for text in texts {
            #expect(try shape(text, font: .sans).unknownGlyphs == 0, "\(text)")
        }
    }
}
