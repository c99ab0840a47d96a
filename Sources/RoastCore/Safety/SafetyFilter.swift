import Foundation

/// Checks every roast before it is sent, library and AI alike: length bounds, swearing, slurs,
/// protected-trait attacks (gender, age, religion, ethnicity, region, body, disability, sexuality) in
/// Vietnamese and English, and the operator's block list.
///
/// Matching is on whole words (`ngu` never matches inside `nguyên`) and diacritic-insensitive by
/// default, so unaccented spellings (“dit”, “vcl”) are caught too. Vietnamese words whose unaccented
/// form is an ordinary word (`lồn`/lon, `cặc`/các, `đĩ`/đi, `ngu`/ngủ) are matched exactly, with their
/// diacritics; see ``BlockedTerm``. Pure and cheap (≈ 17 µs for a library roast in a release build):
/// safe to call inside a transaction. Text made of ``SimpleScalars`` (English, Vietnamese) is read
/// scalar by scalar from a table; other text takes the general `Character` paths, with equal verdicts.
public struct SafetyFilter: Sendable {
    public static let maximumLength = 280
    /// A roast is “one or two sentences”; one more short fragment (“Very scenic.”) is tolerated.
    public static let maximumSentences = 3

    private let rules: [(term: BlockedTerm, violation: SafetyViolation)]
    /// Rules by the folded first word, for terms whose first word is matched whole.
    private let byFirstWord: [String: [Int]]
    /// Rules whose single word is a prefix (`fuck*`): checked against every word.
    private let prefixRules: [PrefixRule]

    /// A rule of `prefixRules`, with what rules most words out before the full match: an ASCII word
    /// cannot start with an ASCII prefix whose first byte differs.
    private struct PrefixRule {
        var rule: Int
        var isExact: Bool
        /// The first byte of the rule's word when that word is ASCII.
        var firstByte: UInt8?
    }

    /// The built-in lists plus `blockList` (terms in ``BlockedTerm`` syntax, e.g. from ``parseBlockList(_:)``).
    public init(blockList: [String] = []) {
        var rules: [(BlockedTerm, SafetyViolation)] = []
        for (violation, terms) in Self.builtIn {
            rules += terms.compactMap(BlockedTerm.init).map { ($0, violation) }
        }
        rules += blockList.compactMap(BlockedTerm.init).map { ($0, SafetyViolation.blockedTerm) }
        var byFirstWord: [String: [Int]] = [:]
        var prefixRules: [Int] = []
        for (index, rule) in rules.enumerated() {
            if rule.0.lastWordIsPrefix, rule.0.words.count == 1 {
                prefixRules.append(index)
            } else {
                byFirstWord[rule.0.foldedWords[0], default: []].append(index)
            }
        }
        self.rules = rules
        self.byFirstWord = byFirstWord
        self.prefixRules = prefixRules.map { index in
            let term = rules[index].0
            return PrefixRule(
                rule: index, isExact: term.isExact, firstByte: Self.firstByteIfASCII(term.isExact ? term.words[0] : term.foldedWords[0]))
        }
    }

    /// Whether `text` may be sent, and if not, the first reason found.
    public func check(_ text: String) -> SafetyVerdict {
        let trimmed = Self.trimmed(text)
        guard !trimmed.isEmpty else { return .rejected(.empty) }
        // A text has no more characters than UTF-8 bytes: most need not be counted.
        guard trimmed.utf8.count <= Self.maximumLength || trimmed.count <= Self.maximumLength else {
            return .rejected(.tooLong(trimmed.count))
        }
        let sentences = Self.sentenceCount(trimmed)
        guard sentences <= Self.maximumSentences else { return .rejected(.tooManySentences(sentences)) }
        let words = SafetyText.words(trimmed)
        for index in words.indices {
            for rule in byFirstWord[words[index].folded] ?? [] where rules[rule].term.matches(words, at: index) {
                return .rejected(rules[rule].violation)
            }
            let exactFirst = Self.firstByteIfASCII(words[index].exact)
            let foldedFirst = Self.firstByteIfASCII(words[index].folded)
            for prefixRule in prefixRules {
                if let wanted = prefixRule.firstByte, let actual = prefixRule.isExact ? exactFirst : foldedFirst, actual != wanted {
                    continue
                }
                if rules[prefixRule.rule].term.matches(words, at: index) { return .rejected(rules[prefixRule.rule].violation) }
            }
        }
        return .allowed
    }

    /// The first byte of an ASCII `word`; nil for a word with other characters.
    private static func firstByteIfASCII(_ word: String) -> UInt8? {
        word.utf8.allSatisfy { $0 < 0x80 } ? word.utf8.first : nil
    }

    /// Terms of a block-list file: one per line, `#` starts a comment, blank lines ignored.
    public static func parseBlockList(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let term = content.trimmingCharacters(in: .whitespaces)
            return term.isEmpty ? nil : term
        }
    }

    /// `text` without leading and trailing whitespace and newlines; returned as it is, without asking
    /// Foundation, when it starts and ends with a simple scalar that is not trimmed.
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        let simple = SimpleScalars.shared
        if let first = scalars.first, let last = scalars.last, let firstFacts = simple.facts(first),
            let lastFacts = simple.facts(last), !firstFacts.isTrimmed, !lastFacts.isTrimmed
        {
            return text
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Sentences, counted as runs of `.`, `!`, `?` or `…` followed by a space and a capital letter or a
    /// digit (so “3.5”, “3 p.m. like” and a final full stop do not count), plus one.
    static func sentenceCount(_ text: String) -> Int {
        simpleSentenceCount(text) ?? generalSentenceCount(text)
    }

    /// ``sentenceCount(_:)`` of text made of ``SimpleScalars``, scalar by scalar; nil for any other.
    static func simpleSentenceCount(_ text: String) -> Int? {
        var count = 1
        var afterTerminator = false
        var sawSpace = false
        let simple = SimpleScalars.shared
        for scalar in text.unicodeScalars {
            guard let facts = simple.facts(scalar) else { return nil }
            if facts.isTerminator {
                afterTerminator = true
                sawSpace = false
            } else if facts.isWhitespace {
                if afterTerminator { sawSpace = true }
            } else {
                if afterTerminator, sawSpace, facts.opensSentence { count += 1 }
                afterTerminator = false
                sawSpace = false
            }
        }
        return count
    }

    /// ``sentenceCount(_:)`` of any text, `Character` by `Character`.
    static func generalSentenceCount(_ text: String) -> Int {
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
