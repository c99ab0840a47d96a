import Foundation
import Testing

@testable import RoastCore

/// The facts that let ``SimpleScalars`` answer scalar by scalar what the general paths answer
/// `Character` by `Character` and with Foundation's normalization.
@Suite struct SimpleScalarsTests {
    @Test func noSimpleScalarHasACombiningClass() {
        for scalar in SimpleScalars.all {
            #expect(scalar.properties.canonicalCombiningClass == .notReordered, "U+\(String(scalar.value, radix: 16))")
        }
    }

    /// Every pair is two `Character`s (but `\r\n`), and already in NFC: nothing composes or is replaced.
    @Test func simpleScalarsNeverJoinOrCompose() {
        let scalars = SimpleScalars.all
        var failures: [String] = []
        for first in scalars {
            let head = String(first)
            if head.precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(head.unicodeScalars) == false {
                failures.append("U+\(String(first.value, radix: 16)) alone")
            }
            for second in scalars {
                let pair = head + String(second)
                if pair.count != 2, !(first == "\r" && second == "\n") {
                    failures.append("U+\(String(first.value, radix: 16)) U+\(String(second.value, radix: 16)) join")
                }
                if first.value > 0x7F || second.value > 0x7F,
                    !pair.precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(pair.unicodeScalars)
                {
                    failures.append("U+\(String(first.value, radix: 16)) U+\(String(second.value, radix: 16)) compose")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(20))")
    }

    /// Canonical reordering only moves scalars that have a combining class; folding drops them all.
    @Test func everyScalarWithACombiningClassIsAMark() {
        var failures: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.canonicalCombiningClass != .notReordered else { continue }
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: continue
            default: failures.append(value)
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(20).map { String($0, radix: 16) })")
    }

    /// Each fact is what the general paths answer for the scalar alone.
    @Test func factsAreTheGeneralAnswers() {
        let simple = SimpleScalars.shared
        for scalar in SimpleScalars.all {
            let facts = simple.facts(scalar)
            let character = Character(scalar)
            let lowercase = scalar.properties.lowercaseMapping.unicodeScalars
            let folded = ReferenceText.folded(String(scalar)).utf8
            let name = "U+\(String(scalar.value, radix: 16))"
            #expect(facts?.lowercase == (lowercase.count == 1 && simple.facts(lowercase.first!) != nil ? lowercase.first : nil), "\(name)")
            #expect(facts?.folded == (folded.count == 1 && folded.first! < 0x80 ? folded.first : nil), "\(name)")
            #expect(
                facts?.isWordPart
                    == (character.isLetter || character.isNumber || character.unicodeScalars.allSatisfy(\.properties.isDiacritic)),
                "\(name)")
            #expect(facts?.isWhitespace == character.isWhitespace, "\(name)")
            #expect(facts?.isTrimmed == String(character).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(name)")
            #expect(facts?.isTerminator == ".!?…".contains(character), "\(name)")
            #expect(facts?.opensSentence == (character.isUppercase || character.isNumber), "\(name)")
        }
    }

    @Test(arguments: [("Đ", "d"), ("đ", "d"), ("Ệ", "e"), ("ư", "u"), ("A", "a"), ("ǅ", nil), ("ß", nil)] as [(String, String?)])
    func scalarsFoldAlone(scalar: String, folded: String?) {
        let byte = SimpleScalars.shared.facts(scalar.unicodeScalars.first!)?.folded
        #expect(byte.map { String(Unicode.Scalar($0)) } == folded)
    }

    @Test func scalarsOutsideSimpleTextHaveNoFacts() {
        for scalar in ["\u{0301}", "\u{200B}", "\u{200D}", "🔥", "Σ", "ㅎ", "\u{2028}"] {
            #expect(SimpleScalars.shared.facts(scalar.unicodeScalars.first!) == nil, "\(scalar.unicodeScalars.first!.value)")
        }
    }
}
