import Foundation

@testable import RoastCore

/// `SafetyFilter` and `BlockedTerm` as they were before their fast paths, on ``ReferenceText``'s
/// functions: the verdicts the fast filter must equal.
struct ReferenceSafetyFilter {
    private struct Term {
        let words: [String]
        let foldedWords: [String]
        let isExact: Bool
        let lastWordIsPrefix: Bool

        init?(_ specification: String) {
            var text = Substring(specification.trimmingCharacters(in: .whitespaces))
            let isExact = text.hasPrefix("=")
            if isExact { text = text.dropFirst() }
            let isPrefix = text.hasSuffix("*")
            if isPrefix { text = text.dropLast() }
            let words = ReferenceText.words(String(text)).map(\.exact)
            guard !words.isEmpty else { return nil }
            self.words = words
            self.foldedWords = words.map(ReferenceText.folded)
            self.isExact = isExact
            self.lastWordIsPrefix = isPrefix
        }

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

    private let rules: [(term: Term, violation: SafetyViolation)]
    private let byFirstWord: [String: [Int]]
    private let prefixRules: [Int]

    init(blockList: [String] = []) {
        var rules: [(Term, SafetyViolation)] = []
        for (violation, terms) in SafetyFilter.builtIn {
            rules += terms.compactMap(Term.init).map { ($0, violation) }
        }
        rules += blockList.compactMap(Term.init).map { ($0, SafetyViolation.blockedTerm) }
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

    func check(_ text: String) -> SafetyVerdict {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return .rejected(.empty) }
        guard trimmed.count <= SafetyFilter.maximumLength else { return .rejected(.tooLong(trimmed.count)) }
        let sentences = ReferenceText.sentenceCount(trimmed)
        guard sentences <= SafetyFilter.maximumSentences else { return .rejected(.tooManySentences(sentences)) }
        let words = ReferenceText.words(trimmed)
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
}
