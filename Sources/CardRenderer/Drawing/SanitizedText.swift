/// Text made safe and bounded for drawing: whatever a roast or link contains, the layout gets
/// printable text of bounded length.
///
/// - Control characters are dropped (tabs become spaces; line breaks are kept, at most one empty
///   line in a row, or become spaces for single-line text), and so are Unicode noncharacters: Pango would draw them as boxes or refuse
///   them.
/// - A character (grapheme cluster) keeps at most ``maxScalarsPerCharacter`` scalars: enough for
///   the longest emoji sequences (a family or a kiss with skin tones: 10), while a letter buried
///   under hundreds of combining marks cannot grow a tower taller than the card.
/// - Beyond `limit` characters the text is cut at a character boundary (never inside an emoji
///   sequence) and ends with "…": no card can show more than that, and shaping 100 KB would cost
///   time for nothing.
struct SanitizedText: Sendable, Hashable {
    static let maxScalarsPerCharacter = 16

    let value: String
    let wasTruncated: Bool

    /// - Parameter singleLine: line breaks become spaces (links, labels).
    init(_ raw: String, limit: Int, singleLine: Bool = false) {
        var result = ""
        var count = 0
        var pendingBreaks = 0
        var truncated = false
        for character in raw {
            if character.isNewline, !singleLine {
                if count > 0 { pendingBreaks += 1 }
                continue
            }
            let character: Character = character.isNewline ? " " : character
            guard let cleaned = Self.cleaned(character) else { continue }
            if count >= limit {
                truncated = true
                break
            }
            if pendingBreaks > 0 {
                result += pendingBreaks == 1 ? "\n" : "\n\n"
                pendingBreaks = 0
            }
            result.append(cleaned)
            count += 1
        }
        if truncated {
            while let last = result.last, last.isWhitespace { result.removeLast() }
            result += "…"
        }
        value = result.trimmingTrailingWhitespace()
        wasTruncated = truncated
    }

    /// The character with controls and noncharacters removed and its scalars bounded; nil when
    /// nothing printable is left.
    private static func cleaned(_ character: Character) -> Character? {
        if character == "\t" { return " " }
        var scalars = String.UnicodeScalarView()
        var kept = 0
        for scalar in character.unicodeScalars {
            guard kept < maxScalarsPerCharacter else { break }
            if scalar.properties.generalCategory == .control || scalar.properties.isNoncharacterCodePoint { continue }
            scalars.append(scalar)
            kept += 1
        }
        guard !scalars.isEmpty else { return nil }
        let string = String(scalars)
        // Dropping scalars can leave more than one character (e.g. a control between two marks);
        // keep the first, which is what the reader saw.
        return string.first
    }
}

extension String {
    fileprivate func trimmingTrailingWhitespace() -> String {
        var copy = self
        while let last = copy.last, last.isWhitespace { copy.removeLast() }
        return copy
    }
}
