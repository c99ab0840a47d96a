import CardModel
import RoastCore
import Testing

@testable import CardRenderer

struct SafeAreaTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var language: Language
        var template: CardTemplate
        var format: CardFormat
        var testDescription: String { "\(name), \(template) \(format)" }
    }

    /// The shortest and longest roast of each language in the shipped library and a 1,000-character
    /// text, on every template and format.
    static func cases() throws -> [Case] {
        var texts: [(String, String, Language)] = []
        for language in Language.allCases {
            let library = try libraryTexts(language).sorted { $0.count < $1.count }
            texts.append(("shortest \(language) roast", library.first!, language))
            texts.append(("longest \(language) roast", library.last!, language))
        }
        let words = "Deadline dời lần thứ mười ba nhưng slide vẫn chưa xong, họp tiếp đi cả nhà ơi 👨‍💻 "
        texts.append(("1,000 characters", String(String(repeating: words, count: 20).prefix(1_000)), .vi))
        return texts.flatMap { name, text, language in
            CardTemplate.allCases.flatMap { template in
                CardFormat.allCases.map { Case(name: name, text: text, language: language, template: template, format: $0) }
            }
        }
    }

    @Test(arguments: try cases())
    func roastTextInkStaysInsideItsFrameAndTheSafeArea(_ test: Case) throws {
        let card = sampleCard(test.text, language: test.language, spice: 5, template: test.template, format: test.format)
        let drawing = try drawLayers(.roastText, of: card)
        let ink = try #require(drawing.bitmap.inkBounds(), "nothing was drawn")
        #expect(drawing.safeArea.contains(drawing.textFrame))
        #expect(drawing.textFrame.contains(ink), "ink \(ink) leaves the text frame \(drawing.textFrame)")
        if test.text.count < 300 {
            #expect(!drawing.roastEllipsized, "a library roast must shrink to fit, not be cut")
        }
    }

    @Test(arguments: CardTemplate.allCases, CardFormat.allCases)
    func logoSpiceCategoryCollectionAndLinkStayInsideTheSafeArea(_ template: CardTemplate, _ format: CardFormat) throws {
        let card = RoastCard(
            text: "x", language: .vi, category: .workload, spice: .hottest, template: template, format: format,
            deepLink: "t.me/RoastMeLaterBot?start=roast_code_reviews_5&" + String(repeating: "very_long_", count: 30),
            collectionLabel: "🎯 Hoàn thành Mục tiêu & Đánh giá cuối năm của cả phòng ban")
        let drawing = try drawLayers(.chrome, of: card)
        let ink = try #require(drawing.bitmap.inkBounds())
        #expect(drawing.safeArea.contains(ink), "ink \(ink) leaves the safe area \(drawing.safeArea)")
    }

    @Test func shortRoastsAreSetLargerThanLongOnes() throws {
        let short = try drawLayers(.roastText, of: sampleCard("Thứ Hai lại tới.", format: .story))
        let long = try drawLayers(
            .roastText, of: sampleCard(String(repeating: "Họp để chuẩn bị cho cuộc họp. ", count: 12), format: .story))
        #expect(short.roastSize > long.roastSize)
        #expect(short.roastSize == CardGeometry(.story).roastSizes.upperBound)
    }
}
