import Foundation

/// Diacritic- and case-insensitive forms of text, so that "họp hành", "Hop Hanh" and "HỌP-HÀNH!"
/// match alike: users often type Vietnamese without diacritics, and the intent parser, the safety
/// filter and the library's near-duplicate check all compare text this way.
public enum TextNormalization {
    /// Lower-cased with diacritics removed; `đ`/`Đ` become `d`, which Unicode does not decompose.
    /// Punctuation and spacing are kept.
    ///
    /// Text made of ``SimpleScalars`` that all fold to ASCII (English, Vietnamese) is folded scalar by
    /// scalar from a table; anything else takes the general path (Foundation's decomposition).
    public static func folded(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        let simple = SimpleScalars.shared
        for scalar in text.unicodeScalars {
            if scalar.value < 0x80 {
                let byte = UInt8(scalar.value)
                bytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
            } else if let folded = simple.facts(scalar)?.folded {
                bytes.append(folded)
            } else {
                return generalFolded(text)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// ``folded(_:)`` for any text: lower-cased, decomposed, marks dropped, `đ` as `d`, recomposed.
    static func generalFolded(_ text: String) -> String {
        let decomposed = text.lowercased().decomposedStringWithCanonicalMapping
        var scalars = String.UnicodeScalarView()
        for scalar in decomposed.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark:
                continue
            default:
                scalars.append(scalar == "đ" ? "d" : scalar)
            }
        }
        return String(scalars).precomposedStringWithCanonicalMapping
    }

    /// `folded(_:)`, then every run of characters that are neither letters nor digits becomes one
    /// space, trimmed at both ends: the key to compare words by.
    public static func matchKey(_ text: String) -> String {
        var result = ""
        var pendingSpace = false
        for character in folded(text) {
            if character.isLetter || character.isNumber {
                if pendingSpace, !result.isEmpty { result.append(" ") }
                pendingSpace = false
                result.append(character)
            } else {
                pendingSpace = true
            }
        }
        return result
    }

    /// `text` without the invisible characters that slip into words when people copy and paste
    /// (zero-width space, non-joiner and joiner, word joiner, byte-order mark), so that "h\u{200B}ọp"
    /// reads as "họp". A joiner between two emoji is kept: it is what makes "🧑‍💻" one picture.
    public static func removingInvisibles(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.contains(where: { invisibles.contains($0.value) }) else { return text }
        var kept = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            if invisibles.contains(scalar.value) {
                let joinsEmoji =
                    scalar.value == 0x200D && index > 0 && index + 1 < scalars.count && isEmojiPart(scalars[index - 1])
                    && isEmojiPart(scalars[index + 1])
                if !joinsEmoji { continue }
            }
            kept.append(scalar)
        }
        return String(kept)
    }

    /// Zero-width space, non-joiner, joiner, word joiner, byte-order mark.
    private static let invisibles: Set<UInt32> = [0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF]

    /// A scalar that can stand on either side of an emoji joiner: a pictograph, a skin tone or the
    /// emoji presentation selector (ASCII digits, `#` and `*` also count as emoji in Unicode; not here).
    private static func isEmojiPart(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0xFE0F || (scalar.value > 0x7F && (scalar.properties.isEmoji || scalar.properties.isEmojiModifier))
    }
}
