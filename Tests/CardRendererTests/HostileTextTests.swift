import CardModel
import RoastCore
import Testing

@testable import CardRenderer

struct HostileTextTests {
    struct Input: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var testDescription: String { name }
    }

    static let inputs: [Input] = [
        Input(name: "empty", text: ""),
        Input(name: "only whitespace and line breaks", text: " \n\n\t \r\n  \u{2028}"),
        Input(name: "control characters", text: "a\u{0}b\u{7}c\u{1B}[31mred\u{1B}[0m\u{8}\u{7F}\u{85}d\u{9F}"),
        Input(name: "100 KB", text: String(repeating: "Deadline 🔥 họp hành ", count: 5_000)),
        Input(name: "100 KB without a space", text: String(repeating: "x", count: 100_000)),
        Input(name: "lone combining marks", text: "\u{0301}\u{0300}\u{0303} \u{0323}\u{0306} đầu câu"),
        Input(name: "a letter under 500 marks", text: "a" + String(repeating: "\u{0301}\u{0302}", count: 250) + " b"),
        Input(name: "right-to-left", text: "مرحبا بالعالم deadline שלום עולם 123 ‏؟"),
        Input(name: "bidi overrides", text: "\u{202E}gnp.exe\u{202C} \u{2066}isolate\u{2069} \u{202D}ltr"),
        Input(name: "zero-width joiners alone", text: "\u{200D}\u{200D}\u{200D} x\u{200D} \u{200D}👨\u{200D}\u{200D}💻"),
        Input(name: "variation selectors alone", text: "\u{FE0F}\u{FE0F}\u{FE0E} a\u{FE0F}"),
        Input(
            name: "noncharacters and private use",
            text: String(String.UnicodeScalarView([0xFFFE, 0xFFFF, 0xFDD0, 0xE000, 0x10FFFD, 0x1FFFE].compactMap(Unicode.Scalar.init)))),
        Input(name: "10,000 line breaks", text: String(repeating: "họp\n", count: 10_000)),
        Input(name: "markup-like text", text: "<b>bold</b> <span foreground=\"red\">&amp; &lt;</span> &#0;"),
        Input(name: "emoji flood", text: String(repeating: "👨‍👩‍👧‍👦🏳️‍🌈🇻🇳", count: 400)),
        Input(name: "tag sequence flag", text: "🏴󠁧󠁢󠁳󠁣󠁴󠁿 Scotland"),
    ]

    @Test(arguments: inputs, CardFormat.allCases)
    func hostileTextRendersAValidPNGWithItsInkInsideTheFrame(_ input: Input, _ format: CardFormat) throws {
        let card = RoastCard(
            text: input.text, language: .vi, category: .general, spice: .mildest, template: .paper, format: format,
            deepLink: input.text)
        let png = try sharedRenderer.render(card)
        let size = try #require(pngSize(png))
        #expect(size.width == format.width && size.height == format.height)
        let drawing = try drawLayers(.roastText, of: card)
        if let ink = drawing.bitmap.inkBounds() {
            #expect(drawing.textFrame.contains(ink), "ink \(ink) leaves the frame \(drawing.textFrame)")
        }
        let chrome = try drawLayers(.chrome, of: card)
        #expect(chrome.safeArea.contains(try #require(chrome.bitmap.inkBounds())))
    }

    @Test func controlCharactersAreDroppedAndTabsBecomeSpaces() {
        #expect(SanitizedText("a\u{0}b\u{7}c\td\u{1B}e", limit: 100).value == "abc de")
    }

    @Test func lineBreaksAreKeptWithAtMostOneEmptyLine() {
        #expect(SanitizedText("\n\none\r\ntwo\n\n\n\nthree\n", limit: 100).value == "one\ntwo\n\nthree")
        #expect(SanitizedText("one\ntwo", limit: 100, singleLine: true).value == "one two")
    }

    @Test func longTextIsCutAtACharacterBoundaryWithAnEllipsis() {
        let text = SanitizedText(String(repeating: "👨‍💻", count: 50), limit: 10)
        #expect(text.value == String(repeating: "👨‍💻", count: 10) + "…")
        #expect(text.wasTruncated)
        #expect(!SanitizedText("short", limit: 10).wasTruncated)
    }

    @Test func charactersKeepAtMostSixteenScalars() {
        let zalgo = SanitizedText("a" + String(repeating: "\u{0301}", count: 100), limit: 10).value
        #expect(zalgo.unicodeScalars.count == SanitizedText.maxScalarsPerCharacter)
        let kiss = "👩🏽‍❤️‍💋‍👨🏿"
        #expect(SanitizedText(kiss, limit: 10).value == kiss)
    }
}
