import CardModel
import RoastCore

/// The words of `/card`: template names (English or Vietnamese, with or without diacritics) and
/// formats (`square`/`post`/`vuông`, `story`/`dọc`).
struct CardStyleWords: Sendable, Hashable {
    var template: CardTemplate?
    var format: CardFormat?
    /// Words that are neither.
    var unknown: [String] = []

    /// A name as its match-key words (``TextNormalization/matchKey(_:)``), and what it names.
    private struct Phrase: Sendable {
        var words: [String]
        var style: (template: CardTemplate?, format: CardFormat?)
    }

    /// Every name, longest first, so that a two-word name ("than hồng") wins over a word of it.
    private static let phrases: [Phrase] = {
        var phrases: [Phrase] = []
        for template in CardTemplate.allCases {
            for name in Set(Language.allCases.map { TextNormalization.matchKey(template.name(in: $0)) }) {
                phrases.append(Phrase(words: name.split(separator: " ").map(String.init), style: (template, nil)))
            }
        }
        let formats: [(CardFormat, [String])] = [
            (.post, ["post", "square", "vuong", "feed"]), (.story, ["story", "stories", "doc", "dung", "9 16"]),
        ]
        for (format, names) in formats {
            for name in names { phrases.append(Phrase(words: name.split(separator: " ").map(String.init), style: (nil, format))) }
        }
        return phrases.sorted { $0.words.count > $1.words.count }
    }()

    static func parse(_ arguments: [String]) -> CardStyleWords {
        var result = CardStyleWords()
        let words = arguments.flatMap { TextNormalization.matchKey($0).split(separator: " ").map(String.init) }
        var index = 0
        while index < words.count {
            let rest = words[index...]
            guard let phrase = phrases.first(where: { rest.starts(with: $0.words) }) else {
                result.unknown.append(words[index])
                index += 1
                continue
            }
            result.template = phrase.style.template ?? result.template
            result.format = phrase.style.format ?? result.format
            index += phrase.words.count
        }
        return result
    }
}
