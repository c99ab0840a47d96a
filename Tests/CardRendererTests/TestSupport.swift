import CPangoCairo
import CardModel
import Foundation
import RoastCore

@testable import CardRenderer

/// One renderer for the whole test run, as the bot has one per process.
let sharedRenderer = CardRenderer()

/// The repository's root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// Width and height read from a PNG's IHDR chunk, or nil when the bytes are not a PNG that starts
/// with one and ends with IEND.
func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.count > 45, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8),
        Array(bytes[(bytes.count - 8)..<(bytes.count - 4)]) == Array("IEND".utf8)
    else { return nil }
    func bigEndian(_ offset: Int) -> Int { bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) } }
    return (bigEndian(16), bigEndian(20))
}

/// Every roast text in the shipped library of `language` (all files, the premium pool included).
func libraryTexts(_ language: Language) throws -> [String] {
    let folder = repositoryRoot.appendingPathComponent("config/library/\(language.rawValue)")
    var texts: [String] = []
    func collect(_ value: Any) {
        if let object = value as? [String: Any] {
            if let text = object["text"] as? String { texts.append(text) }
            object.values.forEach(collect)
        } else if let array = value as? [Any] {
            array.forEach(collect)
        }
    }
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".json") {
        collect(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(name))))
    }
    return texts
}

func sampleCard(
    _ text: String = "Họp xong nhớ uống nước nhé 🧃", language: Language = .vi, category: RoastCategory = .meetings,
    spice: Int = 3, template: CardTemplate = .crimson, format: CardFormat = .post
) -> RoastCard {
    RoastCard(
        text: text, language: language, category: category, spice: SpiceLevel(clamping: spice), template: template, format: format,
        deepLink: "t.me/RoastMeLaterBot?start=roast_\(category.rawValue)_\(spice)")
}

/// What drawing some layers of a card on a transparent canvas left behind.
struct LayerDrawing: Sendable {
    var bitmap: Bitmap
    var safeArea: Rect
    var textFrame: Rect
    var roastSize: Double
    var roastEllipsized: Bool
}

/// Draws only `layers` of `card` on a transparent canvas.
func drawLayers(_ layers: CardLayers, of card: RoastCard) throws -> LayerDrawing {
    try sharedRenderer.withFonts { session throws(CardRenderingError) in
        let canvas = try Canvas(width: card.format.width, height: card.format.height, opaque: false)
        let painter = CardPainter(card, session: session)
        painter.paint(on: canvas, layers: layers)
        let fitted = painter.fittedRoast()
        return LayerDrawing(
            bitmap: canvas.bitmap(), safeArea: painter.geometry.safeArea, textFrame: painter.style.roastTextFrame(painter.geometry),
            roastSize: fitted.size, roastEllipsized: fitted.isEllipsized)
    }
}

/// Lays `text` out as a card's roast would be and reports what Pango did with it.
struct ShapingReport: Sendable {
    var unknownGlyphs: Int
    var runs: [ShapedRun]
}

func shape(_ text: String, font: FontSpec = .display, size: Double = 64) throws -> ShapingReport {
    try sharedRenderer.withFonts { session throws(CardRenderingError) in
        let canvas = try Canvas(width: 16, height: 16, opaque: false)
        session.prepare(for: canvas)
        let layout = TextLayout(text, font: font, size: size, session: session, width: 900)
        return ShapingReport(unknownGlyphs: layout.unknownGlyphCount, runs: layout.runs())
    }
}
