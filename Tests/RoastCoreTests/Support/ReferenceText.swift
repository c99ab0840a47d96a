import Foundation

@testable import RoastCore

/// The text functions as they were before their fast paths (`Character` walks, Foundation's
/// normalization for every word), kept verbatim as the reference the fast versions must equal.
enum ReferenceText {
    static func folded(_ text: String) -> String {
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

    static func matchKey(_ text: String) -> String {
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

    static func words(_ text: String) -> [SafetyText.Word] {
        let lowered = text.lowercased().precomposedStringWithCanonicalMapping
        var words: [SafetyText.Word] = []
        var current = ""
        func flush() {
            guard !current.isEmpty else { return }
            words.append(SafetyText.Word(exact: current, folded: folded(current)))
            current = ""
        }
        for character in lowered {
            if character.isLetter || character.isNumber || character.unicodeScalars.allSatisfy(\.properties.isDiacritic) {
                current.append(character)
            } else {
                flush()
            }
        }
        flush()
        return words
    }

    static func sentenceCount(_ text: String) -> Int {
        var count = 1
        var afterTerminator = false
        var sawSpace = false
        for character in text {
            if ".!?…".contains(character) {
                afterTerminator = true
                sawSpace = false
            } else if character.isWhitespace {
                if afterTerminator { sawSpace = true }
            } else {
                if afterTerminator, sawSpace, character.isUppercase || character.isNumber { count += 1 }
                afterTerminator = false
                sawSpace = false
            }
        }
        return count
    }
}
