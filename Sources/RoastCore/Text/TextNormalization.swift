import Foundation

/// Diacritic- and case-insensitive forms of text, so that "họp hành", "Hop Hanh" and "HỌP-HÀNH!"
/// match alike: users often type Vietnamese without diacritics, and the intent parser, the safety
/// filter and the library's near-duplicate check all compare text this way.
public enum TextNormalization {
    /// Lower-cased with diacritics removed; `đ`/`Đ` become `d`, which Unicode does not decompose.
    /// Punctuation and spacing are kept.
    public static func folded(_ text: String) -> String {
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
}
