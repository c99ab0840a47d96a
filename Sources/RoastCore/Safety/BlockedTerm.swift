import Foundation

/// One word or phrase the safety filter looks for, matched on whole words only.
///
/// Written as text with two optional marks:
/// - a leading `=` makes the match **exact**: diacritics count, so `=lồn` matches “lồn” but not
///   “lon” (a can) and `=ngu` matches “ngu” but not “ngủ” (to sleep). Use it for Vietnamese words whose
///   unaccented form is an ordinary word.
/// - a trailing `*` lets the last word be a prefix: `fuck*` matches “fucking”.
///
/// Without `=`, the match is **diacritic-insensitive**: `địt` matches “địt”, “dit” and “ĐỊT”, but never
/// “đi” or “di”, because words are compared whole.
public struct BlockedTerm: Sendable, Hashable {
    /// The words as written, lower-cased (exact form).
    public let words: [String]
    /// The words folded (diacritics removed).
    public let foldedWords: [String]
    public let isExact: Bool
    public let lastWordIsPrefix: Bool

    /// Parses a term; nil when it has no words.
    public init?(_ specification: String) {
        var text = Substring(specification.trimmingCharacters(in: .whitespaces))
        let isExact = text.hasPrefix("=")
        if isExact { text = text.dropFirst() }
        let isPrefix = text.hasSuffix("*")
        if isPrefix { text = text.dropLast() }
        let words = SafetyText.words(String(text)).map(\.exact)
        guard !words.isEmpty else { return nil }
        self.words = words
        self.foldedWords = words.map(TextNormalization.folded)
        self.isExact = isExact
        self.lastWordIsPrefix = isPrefix
    }

    /// Whether the term occurs in `words` starting at `start`.
    func matches(_ text: [SafetyText.Word], at start: Int) -> Bool {
        guard start + words.count <= text.count else { return false }
        for offset in words.indices {
            let word = text[start + offset]
            let (wanted, actual) = isExact ? (words[offset], word.exact) : (foldedWords[offset], word.folded)
            if lastWordIsPrefix, offset == words.count - 1 {
                guard actual.hasPrefix(wanted) else { return false }
            } else {
                guard actual == wanted else { return false }
            }
        }
        return true
    }
}

/// Text split into words for matching: letters and digits, everything else separates.
enum SafetyText {
    struct Word: Sendable, Hashable {
        /// Lower-cased, precomposed (NFC), diacritics kept.
        var exact: String
        var folded: String
    }

    /// The words of `text`: lower-cased and in NFC, split at every `Character` that is neither a
    /// letter, a number nor made of diacritics.
    static func words(_ text: String) -> [Word] {
        simpleWords(text) ?? generalWords(text)
    }

    /// ``words(_:)`` of text made of ``SimpleScalars`` (its lower-case too): one walk over the
    /// scalars, nil for any other text.
    static func simpleWords(_ text: String) -> [Word]? {
        var words: [Word] = []
        var exact = String.UnicodeScalarView()
        var folded: [UInt8] = []
        var foldsToASCII = true
        let simple = SimpleScalars.shared
        func flush() {
            guard !exact.isEmpty else { return }
            let word = String(exact)
            words.append(
                Word(exact: word, folded: foldsToASCII ? String(decoding: folded, as: UTF8.self) : TextNormalization.folded(word)))
            exact = String.UnicodeScalarView()
            folded.removeAll(keepingCapacity: true)
            foldsToASCII = true
        }
        for scalar in text.unicodeScalars {
            guard let lowercase = simple.facts(scalar)?.lowercase, let facts = simple.facts(lowercase) else {
                return nil
            }
            if facts.isWordPart {
                exact.append(lowercase)
                if let fold = facts.folded { folded.append(fold) } else { foldsToASCII = false }
            } else {
                flush()
            }
        }
        flush()
        return words
    }

    /// ``words(_:)`` of any text, `Character` by `Character`.
    static func generalWords(_ text: String) -> [Word] {
        let lowered = text.lowercased().precomposedStringWithCanonicalMapping
        var words: [Word] = []
        var current = ""
        func flush() {
            guard !current.isEmpty else { return }
            words.append(Word(exact: current, folded: TextNormalization.folded(current)))
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
}
