import Foundation

/// Checks every roast before it is sent, library and AI alike: length bounds, swearing, slurs,
/// protected-trait attacks (gender, age, religion, ethnicity, region, body, disability, sexuality) in
/// Vietnamese and English, and the operator's block list.
///
/// Matching is on whole words (`ngu` never matches inside `nguyên`) and diacritic-insensitive by
/// default, so unaccented spellings (“dit”, “vcl”) are caught too. Vietnamese words whose unaccented
/// form is an ordinary word (`lồn`/lon, `cặc`/các, `đĩ`/đi, `ngu`/ngủ) are matched exactly, with their
/// diacritics; see ``BlockedTerm``. Pure and cheap: safe to call inside a transaction.
public struct SafetyFilter: Sendable {
    public static let maximumLength = 280
    /// A roast is “one or two sentences”; one more short fragment (“Very scenic.”) is tolerated.
    public static let maximumSentences = 3

    private let rules: [(term: BlockedTerm, violation: SafetyViolation)]
    /// Rules by the folded first word, for terms whose first word is matched whole.
    private let byFirstWord: [String: [Int]]
    /// Rules whose single word is a prefix (`fuck*`): checked against every word.
    private let prefixRules: [Int]

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
        self.prefixRules = prefixRules
    }

    /// Whether `text` may be sent, and if not, the first reason found.
    public func check(_ text: String) -> SafetyVerdict {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return .rejected(.empty) }
        guard trimmed.count <= Self.maximumLength else { return .rejected(.tooLong(trimmed.count)) }
        let sentences = Self.sentenceCount(trimmed)
        guard sentences <= Self.maximumSentences else { return .rejected(.tooManySentences(sentences)) }
        let words = SafetyText.words(trimmed)
        for index in words.indices {
            for rule in byFirstWord[words[index].folded] ?? [] where rules[rule].term.matches(words, at: index) {
                return .rejected(rules[rule].violation)
            }
            for rule in prefixRules where rules[rule].term.matches(words, at: index) {
                return .rejected(rules[rule].violation)
            }
        }
        return .allowed
    }

    /// Terms of a block-list file: one per line, `#` starts a comment, blank lines ignored.
    public static func parseBlockList(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let term = content.trimmingCharacters(in: .whitespaces)
            return term.isEmpty ? nil : term
        }
    }

    /// Sentences, counted as runs of `.`, `!`, `?` or `…` followed by a space and a capital letter or a
    /// digit (so “3.5”, “3 p.m. like” and a final full stop do not count), plus one.
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
