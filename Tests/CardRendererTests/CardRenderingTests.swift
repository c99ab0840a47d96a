import CardModel
import RoastCore
import Testing

@testable import CardRenderer

struct CardRenderingTests {
    struct Variant: Sendable, CustomTestStringConvertible {
        var template: CardTemplate
        var format: CardFormat
        var category: RoastCategory
        var language: Language
        var testDescription: String { "\(template) \(format) \(category.rawValue) \(language)" }
    }

    static let everyVariant: [Variant] = CardTemplate.allCases.flatMap { template in
        CardFormat.allCases.flatMap { format in
            RoastCategory.allCases.flatMap { category in
                Language.allCases.map { Variant(template: template, format: format, category: category, language: $0) }
            }
        }
    }

    @Test(arguments: everyVariant)
    func everyTemplateFormatCategoryAndLanguageRendersAPNGOfTheFormatsSize(_ variant: Variant) throws {
        let text =
            variant.language == .vi
            ? "Lịch của bạn nhiều ô màu đến mức nhìn như trò xếp gạch, và bạn đang thua. 😅"
            : "Your calendar has so many colours it looks like a game of Tetris, and you are losing. 😅"
        let card = sampleCard(
            text, language: variant.language, category: variant.category, spice: 4, template: variant.template, format: variant.format)
        let png = try sharedRenderer.render(card)
        let size = try #require(pngSize(png))
        #expect(size.width == variant.format.width)
        #expect(size.height == variant.format.height)
        let decoded = try #require(Bitmap(png: png))
        #expect(decoded.width == variant.format.width && decoded.height == variant.format.height)
    }

    @Test func formatsAreASquarePostAndANineBySixteenStory() {
        #expect(CardFormat.post.width == 1_080 && CardFormat.post.height == 1_080)
        #expect(CardFormat.story.width == 1_080 && CardFormat.story.height == 1_920)
        #expect(CardFormat.story.width * 16 == CardFormat.story.height * 9)
    }

    @Test func thereAreAtLeastThreeStandardAndTwoPremiumTemplates() {
        #expect(CardTemplate.standard.count >= 3)
        #expect(CardTemplate.premium.count >= 2)
        #expect(CardTemplate.available(premiumUnlocked: false) == CardTemplate.standard)
        #expect(Set(CardTemplate.available(premiumUnlocked: true)) == Set(CardTemplate.allCases))
        for template in CardTemplate.allCases {
            #expect(!template.name(in: .vi).isEmpty && !template.name(in: .en).isEmpty)
        }
    }

    /// Two backgrounds count as different when at least a tenth of their pixels differ by 8 or more
    /// levels in some channel: plainly visible (a different tint, a different motif), not noise.
    @Test(arguments: CardTemplate.allCases)
    func eachCategoryHasAVisiblyDifferentBackground(_ template: CardTemplate) throws {
        var backgrounds: [RoastCategory: Bitmap] = [:]
        for category in RoastCategory.allCases {
            backgrounds[category] = try drawLayers(.background, of: sampleCard(category: category, template: template)).bitmap
        }
        for (index, first) in RoastCategory.allCases.enumerated() {
            for second in RoastCategory.allCases[(index + 1)...] {
                let share = Self.shareOfVisiblyDifferentPixels(backgrounds[first]!, backgrounds[second]!)
                #expect(share >= 0.1, "\(template): \(first) and \(second) backgrounds look alike (\(share) of pixels differ)")
            }
        }
    }

    @Test(arguments: [CardTemplate.crimson, .paper, .sunset])
    func thePNGDecodesToExactlyThePixelsDrawn(_ template: CardTemplate) throws {
        let card = sampleCard("Ằ ẫ ỡ 👨‍💻 🏳️‍🌈 deadline", template: template, format: .story)
        let (drawn, png) = try sharedRenderer.withFonts { session throws(CardRenderingError) in
            let canvas = try Canvas(width: card.format.width, height: card.format.height, opaque: true)
            CardPainter(card, session: session).paint(on: canvas)
            return (canvas.bitmap(), try canvas.pngData())
        }
        let decoded = try #require(Bitmap(png: png))
        #expect(decoded.width == drawn.width && decoded.height == drawn.height)
        // RGB24 leaves the top byte undefined; compare red, green and blue.
        let mismatches = zip(drawn.pixels, decoded.pixels).count { $0 & 0xFF_FFFF != $1 & 0xFF_FFFF }
        #expect(mismatches == 0)
        #expect(try sharedRenderer.render(card) == png)
    }

    @Test func renderingLoadsFontsOnlyOnTheFirstCard() throws {
        let renderer = CardRenderer()
        #expect(!renderer.hasLoadedFonts)
        _ = try renderer.render(sampleCard())
        #expect(renderer.hasLoadedFonts)
    }

    @Test func cardsAndHeatmapsRenderInTheBackgroundConcurrently() async throws {
        async let story = sharedRenderer.renderInBackground(sampleCard(format: .story))
        async let post = sharedRenderer.renderInBackground(sampleCard(template: .ember, format: .post))
        async let heatmap = sharedRenderer.renderInBackground(
            StreakHeatmap(
                activeDays: [], today: LocalDate(year: 2026, month: 1, day: 1), currentStreak: 0, longestStreak: 0, nextMilestone: 3,
                language: .en))
        let sizes = try await [story, post, heatmap].map(pngSize)
        #expect(sizes.map { $0?.height } == [1_920, 1_080, StreakHeatmap.height])
    }

    @Test func theSameCardRendersTheSameBytes() throws {
        let card = sampleCard(template: .sunset, format: .story)
        #expect(try sharedRenderer.render(card) == sharedRenderer.render(card))
    }

    private static func shareOfVisiblyDifferentPixels(_ a: Bitmap, _ b: Bitmap) -> Double {
        var different = 0
        var total = 0
        for y in stride(from: 0, to: a.height, by: 3) {
            for x in stride(from: 0, to: a.width, by: 3) {
                let p = a.rgb(x: x, y: y)
                let q = b.rgb(x: x, y: y)
                if max(abs(p.red - q.red), abs(p.green - q.green), abs(p.blue - q.blue)) >= 8 { different += 1 }
                total += 1
            }
        }
        return Double(different) / Double(total)
    }
}
