import Foundation

/// What the text engines ask about one Unicode scalar of *simple text* — ASCII, Latin-1 and Latin
/// Extended-A/B letters, Latin Extended Additional (Vietnamese's precomposed letters) and common
/// punctuation (dashes, quotes, `…`, `−`) — worked out once per scalar from the very questions the
/// general paths ask of a whole `Character` (`isLetter`, `isUppercase`…), of Foundation's
/// normalization and of ``TextNormalization/folded(_:)``'s general path.
///
/// Why it is safe to answer scalar by scalar: in a text made only of these scalars every scalar is a
/// `Character` of its own (none extends, joins or prepends another; `\r\n` is one but both halves are
/// whitespace), the text is already in NFC (none has a combining class, none composes with another or
/// is replaced by NFC), and folding a word is folding each scalar alone (lower-casing is per scalar,
/// the marks that canonical reordering could move are all dropped). `SimpleScalarsTests` checks
/// these facts for every pair of these scalars and every Unicode scalar's combining class.
///
/// Texts with any other scalar (emoji, other scripts, stray combining marks, invisible characters)
/// take the general paths, whose answers these tables repeat.
struct SimpleScalars: Sendable {
    /// The facts about one scalar, packed (no references, so copying one costs nothing).
    struct Facts: Sendable {
        private let lowercaseValue: UInt32
        private let foldedByte: UInt8
        private let flags: UInt8

        /// Its lower-case form when that is one scalar of simple text (`İ` lower-cases to two).
        var lowercase: Unicode.Scalar? { lowercaseValue == .max ? nil : Unicode.Scalar(lowercaseValue) }
        /// `folded(_:)` of the scalar alone when that is one ASCII byte (`ệ` → `e`, `Đ` → `d`; not
        /// `ß`, `æ`, which stay as they are).
        var folded: UInt8? { foldedByte == .max ? nil : foldedByte }
        /// A letter, a number or a diacritic: part of a word for the safety filter.
        var isWordPart: Bool { flags & Self.wordPart != 0 }
        /// `Character.isWhitespace`.
        var isWhitespace: Bool { flags & Self.whitespace != 0 }
        /// Trimmed by `trimmingCharacters(in: .whitespacesAndNewlines)`.
        var isTrimmed: Bool { flags & Self.trimmed != 0 }
        /// `.`, `!`, `?` or `…`: ends a sentence.
        var isTerminator: Bool { flags & Self.terminator != 0 }
        /// `Character.isUppercase || isNumber`: may open a new sentence.
        var opensSentence: Bool { flags & Self.opens != 0 }

        private static let wordPart: UInt8 = 1
        private static let whitespace: UInt8 = 2
        private static let trimmed: UInt8 = 4
        private static let terminator: UInt8 = 8
        private static let opens: UInt8 = 16

        /// The facts about `scalar`, given `folded(_:)` of it alone (see ``SimpleScalars/foldedAlone(_:)``).
        init(_ scalar: Unicode.Scalar, folded: String.UTF8View) {
            let character = Character(scalar)
            let lowercase = scalar.properties.lowercaseMapping.unicodeScalars
            lowercaseValue = lowercase.count == 1 && SimpleScalars.index(of: lowercase.first!.value) != nil ? lowercase.first!.value : .max
            foldedByte = folded.count == 1 && folded.first! < 0x80 ? folded.first! : .max
            var flags: UInt8 = 0
            if character.isLetter || character.isNumber || scalar.properties.isDiacritic { flags |= Self.wordPart }
            if character.isWhitespace { flags |= Self.whitespace }
            if CharacterSet.whitespacesAndNewlines.contains(scalar) { flags |= Self.trimmed }
            // A simple scalar is a Character equal only to itself (it is NFC and composes with nothing).
            if [".", "!", "?", "…"].contains(scalar) { flags |= Self.terminator }
            if character.isUppercase || character.isNumber { flags |= Self.opens }
            self.flags = flags
        }
    }

    /// The scalars of simple text, by value.
    static let ranges: [ClosedRange<UInt32>] = [0x00...0x7F, 0xA0...0x24F, 0x1E00...0x1EFF, 0x2010...0x2027, 0x2212...0x2212]

    /// The table, built on first use (about 850 scalars, about a millisecond of CPU once per
    /// process). Fetch it once per text, then ask it per scalar.
    static let shared = SimpleScalars()

    /// Every scalar of simple text, in order.
    static var all: [Unicode.Scalar] { ranges.flatMap { $0.compactMap(Unicode.Scalar.init) } }

    private let table: [Facts]

    private init() {
        let scalars = Self.all
        table = zip(scalars, Self.foldedAlone(scalars)).map { Facts($0, folded: $1.utf8) }
    }

    /// ``TextNormalization/folded(_:)`` of each scalar alone, but with one decomposition for all of
    /// them: lower-cased, decomposed (canonical reordering never crosses the private-use U+E000 put
    /// between them), marks dropped, `đ` as `d`. Not recomposed: only one-byte ASCII results are kept, which
    /// recomposition leaves as they are. `SimpleScalarsTests` checks each against `folded(_:)`.
    static func foldedAlone(_ scalars: [Unicode.Scalar]) -> [String] {
        var joined = String.UnicodeScalarView()
        for scalar in scalars {
            joined.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            joined.append("\u{E000}")
        }
        var kept = String.UnicodeScalarView()
        for scalar in String(joined).decomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: continue
            default: kept.append(scalar == "đ" ? "d" : scalar)
            }
        }
        return kept.split(separator: "\u{E000}", omittingEmptySubsequences: false).dropLast().map { String($0) }
    }

    /// The facts about `scalar`, nil when it is not simple text.
    @inline(__always)
    func facts(_ scalar: Unicode.Scalar) -> Facts? {
        guard let index = Self.index(of: scalar.value) else { return nil }
        return table[index]
    }

    @inline(__always)
    private static func index(of value: UInt32) -> Int? {
        if value < 0x80 { return Int(value) }
        var offset = 0
        for range in ranges {
            if value < range.lowerBound { return nil }
            if value <= range.upperBound { return offset + Int(value - range.lowerBound) }
            offset += range.count
        }
        return nil
    }
}
