/// Turns `/roast` arguments or free text ("@bot roast tui vụ họp hành, cay vừa thôi") into a
/// ``RoastRequest``: English or Vietnamese, with or without diacritics, in any order.
///
/// How a word is read:
/// - A word is a keyword when it is spelled the same, case aside. A message typed without any
///   diacritics matches Vietnamese keywords without theirs ("hop hanh" is "họp hành"); in a message
///   written with diacritics, a word whose diacritics differ from a keyword's is not that keyword
///   ("Việt" is not "việc", "thu" is not "thư").
/// - A capitalised word inside a sentence is a name (Thu, Chung, An): it may be an English keyword or a
///   collection's name spelled exactly ("Tết"), never a Vietnamese word or a filler.
/// - Typos are forgiven only toward English keywords of four letters or more, in words typed without
///   diacritics that read as nothing else, and a corrected word never overrides a word of the same
///   kind the person typed exactly (in "họp Hùng", Hùng is no "chung").
/// - Negation and softeners lower the spice ("not spicy" 1, "not too spicy" 2, "đừng cay quá" 2,
///   "bớt cay" 2, "nothing harsh" 1, "không cay lắm" 2); a negated mood is no mood; a negation with
///   nothing to negate is an unknown word.
/// - 🌶️ repeated n times is spice n.
public struct RoastRequestParser: Sendable {
    /// What a recognised phrase means.
    enum Meaning: Hashable, Sendable {
        case category(RoastCategory)
        case spice(Int)
        case mood(Mood)
        case collection(String)
        /// "thường", "regular", "off": regular roasts, leaving a picked collection.
        case regular
        /// "spice", "level", "độ cay": takes a following digit, otherwise ignored.
        case spicePrefix
        /// "not", "no", "đừng", "không", "chẳng": the next spice word (within a few words) is turned down.
        case negation
        /// "less", "bớt": the next spice word is lowered by two levels.
        case lessening
        /// "too", "quá", "lắm": a negated spice is turned down less ("not too spicy" is a little spicy).
        case degree
        /// Filler ("roast", "me", "về", "please"…), ignored.
        case filler
    }

    /// Whose word a phrase is: a name inside a sentence may only be an English keyword or a collection's name.
    enum Vocabulary: Sendable, Hashable {
        case english
        case vietnamese
        case collectionName
    }

    struct Entry: Sendable, Hashable {
        var meaning: Meaning
        var vocabulary: Vocabulary
    }

    /// Phrases by their lower-cased words, diacritics kept; a built-in word wins over a collection's
    /// alias spelled the same ("review", "okr").
    private let exact: [[String]: Entry]
    /// Phrases by their words without diacritics, for messages typed without any; when two phrases
    /// fold alike ("nhẹ", "nhé"), the built-in words win over a collection's aliases, then a filler
    /// reading wins and two keywords cancel out.
    private let folded: [[String]: Entry]
    /// The icons the bot shows for categories and moods (`🧑‍💻`, `😰`), without presentation selectors.
    private let icons: [String: Meaning]
    private let longestPhrase: Int
    /// English keywords of four letters or more, by lower-case spelling: the only targets of typo correction.
    private let correctable: [String: Meaning]

    /// - Parameter collections: collection ids and their names/aliases (any language) users may type.
    public init(collections: [String: [String]] = [:]) {
        var exact: [[String]: Entry] = [:]
        var folded: [[String]: [Entry]] = [:]
        func add(_ meaning: Meaning, _ texts: [String], _ vocabulary: Vocabulary) {
            for text in texts {
                let words = Self.words(text).filter { !$0.isIcon }
                guard !words.isEmpty else { continue }
                let entry = Entry(meaning: meaning, vocabulary: vocabulary)
                let lower = words.map(\.lower)
                if exact[lower] == nil { exact[lower] = entry }
                let key = words.map(\.key)
                if !(folded[key]?.contains(entry) ?? false) { folded[key, default: []].append(entry) }
            }
        }
        for (category, words) in Self.categoryWords {
            add(.category(category), words.en, .english)
            add(.category(category), words.vi, .vietnamese)
        }
        for (mood, words) in Self.moodWords {
            add(.mood(mood), words.en, .english)
            add(.mood(mood), words.vi, .vietnamese)
        }
        for (level, words) in Self.spiceWords {
            add(.spice(level), words.en, .english)
            add(.spice(level), words.vi, .vietnamese)
        }
        for (meaning, words) in Self.modifierWords {
            add(meaning, words.en, .english)
            add(meaning, words.vi, .vietnamese)
        }
        add(.filler, Self.fillers.en, .english)
        add(.filler, Self.fillers.vi, .vietnamese)
        add(.spicePrefix, Self.spicePrefixes.en, .english)
        add(.spicePrefix, Self.spicePrefixes.vi, .vietnamese)
        for (id, names) in collections.sorted(by: { $0.key < $1.key }) {
            add(.collection(id), names + [id, id.replacingOccurrences(of: "_", with: " ")], .collectionName)
        }
        self.exact = exact
        var unambiguous: [[String]: Entry] = [:]
        for (key, all) in folded {
            // The built-in words before a collection's aliases, as when spelled exactly.
            let builtIn = all.filter { $0.vocabulary != .collectionName }
            let entries = builtIn.isEmpty ? all : builtIn
            if Set(entries.map(\.meaning)).count == 1 {
                unambiguous[key] = entries[0]
            } else if let filler = entries.first(where: { $0.meaning == .filler }) {
                unambiguous[key] = filler
            }
        }
        self.folded = unambiguous
        var icons: [String: Meaning] = [:]
        for category in RoastCategory.allCases { icons[Self.iconKey(category.emoji)] = .category(category) }
        for mood in Mood.allCases { icons[Self.iconKey(mood.emoji)] = .mood(mood) }
        self.icons = icons
        longestPhrase = exact.keys.map(\.count).max() ?? 1
        var single: [String: Meaning] = [:]
        for (key, entry) in exact where key.count == 1 && entry.vocabulary == .english && entry.meaning.isKeyword && key[0].count >= 4 {
            single[key[0]] = entry.meaning
        }
        correctable = single
    }

    public func parse(_ text: String) -> RoastRequest {
        var request = RoastRequest()
        /// A negation or lessening waiting for the spice word it applies to.
        var pending: (meaning: Meaning, typed: String, degree: Bool, wordsLeft: Int)?
        /// The spice just turned down by a negation, which a following "quá"/"lắm" softens.
        var negated: Int?
        func dangle() {
            if let pending { request.unrecognized.append(pending.typed) }
            pending = nil
        }
        func tick() {
            guard let current = pending else { return }
            if current.wordsLeft <= 1 { dangle() } else { pending?.wordsLeft -= 1 }
        }
        for reading in readings(of: text) {
            let negatedBefore = negated
            negated = nil
            guard let meaning = reading.meaning else {
                request.unrecognized.append(reading.typed)
                tick()
                continue
            }
            switch meaning {
            case .negation, .lessening:
                dangle()
                pending = (meaning, reading.typed, false, Self.negationReach)
            case .degree:
                if pending != nil {
                    pending?.degree = true
                } else if let level = negatedBefore {
                    request.spice = SpiceLevel(rawValue: Self.turnedDown(level, by: .negation, degree: true))
                }
            case .spice(let level):
                if let current = pending {
                    request.spice = SpiceLevel(rawValue: Self.turnedDown(level, by: current.meaning, degree: current.degree))
                    if current.meaning == .negation, !current.degree { negated = level }
                    pending = nil
                } else {
                    request.spice = SpiceLevel(rawValue: level)
                }
            case .mood(let mood):
                // "không mệt", "not stressed": no mood at all.
                if pending != nil { pending = nil } else { request.mood = mood }
            case .category(let category):
                dangle()
                request.category = category
            case .collection(let id):
                dangle()
                request.collection = id
                request.leavesCollection = false
            case .regular:
                dangle()
                request.collection = nil
                request.leavesCollection = true
            case .spicePrefix, .filler:
                tick()
            }
        }
        dangle()
        return request
    }

    /// Every category `text` names, in order and without repeats, and the words that name none
    /// ("meetings, code reviews, họp" → meetings and code reviews): for choosing several at once.
    public func categories(in text: String) -> (categories: [RoastCategory], unrecognized: [String]) {
        var found: [RoastCategory] = []
        var unrecognized: [String] = []
        for reading in readings(of: text) {
            switch reading.meaning {
            case .category(let category): if !found.contains(category) { found.append(category) }
            case .filler: break
            default: unrecognized.append(reading.typed)
            }
        }
        return (found, unrecognized)
    }

    // MARK: - Reading words

    /// How many words after a negation its spice word may come ("don't make it too spicy").
    static let negationReach = 4

    /// A spice level turned down by a negation ("not spicy" 1; "not too spicy", "not savage" 2; "not
    /// mild" 4, "not too mild" 3) or a lessening ("less savage" 3, "bớt cay" 2).
    static func turnedDown(_ level: Int, by modifier: Meaning, degree: Bool) -> Int {
        guard modifier == .negation else { return max(SpiceLevel.range.lowerBound, level - 2) }
        if level >= 3 { return degree || level == SpiceLevel.range.upperBound ? 2 : 1 }
        return degree ? 3 : 4
    }

    /// One word or phrase of the text and what it means (nil: not understood).
    struct Reading {
        var meaning: Meaning?
        /// The words as typed.
        var typed: String
        /// Read as an English keyword with a typo.
        var corrected = false
    }

    /// The text's words, each phrase matched to its meaning; a corrected word that would override a
    /// word of the same kind typed exactly is not understood instead.
    func readings(of text: String) -> [Reading] {
        let words = Self.words(text)
        let diacritics = words.contains { !$0.isIcon && !$0.isPlain }
        var readings: [Reading] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            if word.isIcon {
                if Self.iconKey(word.text) == Self.chili {
                    // 🌶️🌶️🌶️🌶️ is spice 4; "🌶️ 4" and "🌶️x4" take the digit.
                    let run = words[index...].prefix { $0.isIcon && Self.iconKey($0.text) == Self.chili }.count
                    let next = index + run < words.count ? words[index + run] : nil
                    if let next, let level = Self.level(next) ?? Self.timesLevel(next) {
                        readings.append(Reading(meaning: .spice(level), typed: next.text))
                        index += run + 1
                    } else {
                        readings.append(Reading(meaning: .spice(min(run, SpiceLevel.range.upperBound)), typed: word.text))
                        index += run
                    }
                    continue
                }
                // A category's or a mood's icon names it; any other emoji is decoration.
                readings.append(Reading(meaning: icons[Self.iconKey(word.text)] ?? .filler, typed: word.text))
                index += 1
            } else if let (meaning, length) = longestMatch(in: words, from: index, diacritics: diacritics) {
                let typed = words[index..<(index + length)].map(\.text).joined(separator: " ")
                // "cay 4", "spice 5", "level 2": a spice word followed by a digit takes the digit.
                if meaning.takesLevel, index + length < words.count, let level = Self.level(words[index + length]) {
                    readings.append(Reading(meaning: .spice(level), typed: typed))
                    index += length + 1
                    continue
                }
                readings.append(Reading(meaning: meaning, typed: typed))
                index += length
            } else if let level = Self.level(word) {
                readings.append(Reading(meaning: .spice(level), typed: word.text))
                index += 1
            } else if let meaning = corrected(word) {
                readings.append(Reading(meaning: meaning, typed: word.text, corrected: true))
                index += 1
            } else {
                if !word.key.isEmpty { readings.append(Reading(meaning: nil, typed: word.text)) }
                index += 1
            }
        }
        // A typo's reading never overrides what the person typed exactly.
        let typedKinds = Set(readings.filter { !$0.corrected }.compactMap { $0.meaning?.kind })
        for position in readings.indices where readings[position].corrected {
            if let kind = readings[position].meaning?.kind, typedKinds.contains(kind) { readings[position].meaning = nil }
        }
        return readings
    }

    /// A word of the text: as typed, lower-cased, and without diacritics.
    struct Word {
        var text: String
        var lower: String
        /// Lower-cased without diacritics (`đ` as `d`).
        var key: String
        var isIcon: Bool
        /// Capitalised inside a sentence ("họp với Thu"): a name.
        var isName: Bool
        /// Typed without diacritics.
        var isPlain: Bool { lower == key }
    }

    /// The words of `text` (at most 64), invisible characters removed: runs of letters and digits,
    /// a number with its sign or decimals kept whole (`-1`, `3.5`: neither is a spice level), and
    /// each emoji on its own. A capitalised word after the first of a sentence is marked as a name.
    static func words(_ text: String) -> [Word] {
        var words: [Word] = []
        var current = ""
        var sentenceStart = true
        let characters = Array(TextNormalization.removingInvisibles(text))
        func flush() {
            guard !current.isEmpty else { return }
            let lower = current.lowercased()
            let name =
                !sentenceStart && current.count >= 2 && current.first?.isUppercase == true
                && current.dropFirst().allSatisfy { $0.isLetter && !$0.isUppercase }
            words.append(Word(text: current, lower: lower, key: TextNormalization.matchKey(lower), isIcon: false, isName: name))
            sentenceStart = false
            current = ""
        }
        for (index, character) in characters.enumerated() {
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if isIcon(String(character)) {
                flush()
                words.append(Word(text: String(character), lower: String(character), key: "", isIcon: true, isName: false))
            } else if character == "-" || character == "+", current.isEmpty, next?.isNumber == true {
                current.append(character)
            } else if character == "." || character == ",", current.last?.isNumber == true, next?.isNumber == true,
                current.allSatisfy({ $0.isNumber || $0 == "-" || $0 == "+" || $0 == "." || $0 == "," })
            {
                current.append(character)
            } else {
                flush()
                if Self.sentenceEnds.contains(character) { sentenceStart = true }
            }
        }
        flush()
        return Array(words.prefix(64))
    }

    private static let sentenceEnds: Set<Character> = [".", "!", "?", "…", "\n", ";", ":"]

    /// 🌶 without its presentation selector.
    private static let chili = "\u{1F336}"

    /// Whether `word` is an emoji (a pictograph, possibly a sequence), not a letter, digit or sign.
    private static func isIcon(_ word: String) -> Bool {
        guard let first = word.unicodeScalars.first, first.value > 0x7F, first.properties.isEmoji else { return false }
        return !first.properties.isAlphabetic && first.properties.numericType == nil
    }

    /// An icon compared without emoji presentation selectors (`⏰` and `⏰️` alike).
    private static func iconKey(_ icon: String) -> String {
        String(String.UnicodeScalarView(icon.unicodeScalars.filter { $0.value != 0xFE0F }))
    }

    /// The longest phrase starting at `start`: spelled as typed (case aside), or, in a message typed
    /// without diacritics, without them; a span holding a name matches only an English keyword or a
    /// collection's name, spelled exactly.
    private func longestMatch(in words: [Word], from start: Int, diacritics: Bool) -> (Meaning, Int)? {
        let available = words[start...].prefix { !$0.isIcon }.count
        let maxLength = min(longestPhrase, available)
        guard maxLength > 0 else { return nil }
        for length in stride(from: maxLength, through: 1, by: -1) {
            let span = words[start..<(start + length)]
            if let entry = exact[span.map(\.lower)] {
                if span.contains(where: \.isName), !entry.readsAsName { continue }
                return (entry.meaning, length)
            }
            if !diacritics, !span.contains(where: \.isName), let entry = folded[span.map(\.key)] { return (entry.meaning, length) }
        }
        return nil
    }

    /// The unique English keyword within edit distance 1 (2 for long words) of `word`, if `word` may be
    /// a typo: typed without diacritics, no name, four letters or more.
    private func corrected(_ word: Word) -> Meaning? {
        guard word.isPlain, !word.isName, word.key.count >= 4, !word.key.contains(where: \.isNumber) else { return nil }
        let token = word.key
        let budget = token.count >= 8 ? 2 : 1
        var best: (distance: Int, meanings: Set<Meaning>) = (budget + 1, [])
        for (candidate, meaning) in correctable where abs(candidate.count - token.count) <= budget {
            let distance = Self.editDistance(token, candidate, limit: budget)
            if distance < best.distance {
                best = (distance, [meaning])
            } else if distance == best.distance {
                best.meanings.insert(meaning)
            }
        }
        return best.distance <= budget && best.meanings.count == 1 ? best.meanings.first : nil
    }

    private static func level(_ word: Word) -> Int? {
        guard word.text.count == 1, let value = Int(word.text), SpiceLevel.range.contains(value) else { return nil }
        return value
    }

    /// "x4" after a chili.
    private static func timesLevel(_ word: Word) -> Int? {
        guard word.lower.count == 2, word.lower.first == "x", let value = Int(word.lower.dropFirst()), SpiceLevel.range.contains(value)
        else { return nil }
        return value
    }

    /// Levenshtein distance, giving up (returning `limit + 1`) once it must exceed `limit`.
    static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
        let a = Array(a)
        let b = Array(b)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            var rowMin = current[0]
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMin = min(rowMin, current[j])
            }
            if rowMin > limit { return limit + 1 }
            previous = current
        }
        return previous[b.count]
    }
}

extension RoastRequestParser.Meaning {
    var takesLevel: Bool {
        switch self {
        case .spice, .spicePrefix: true
        default: false
        }
    }

    /// A word that asks for something by itself (not a filler or a modifier of another word).
    var isKeyword: Bool {
        switch self {
        case .category, .spice, .mood, .collection: true
        default: false
        }
    }

    /// What a typo's reading may not override: a word of the same kind typed exactly.
    var kind: String {
        switch self {
        case .category: "category"
        case .spice: "spice"
        case .mood: "mood"
        case .collection, .regular: "collection"
        case .spicePrefix, .negation, .lessening, .degree, .filler: "other"
        }
    }
}

extension RoastRequestParser.Entry {
    /// Whether a capitalised word inside a sentence (a name) may read as this: an English keyword or a collection's name.
    var readsAsName: Bool {
        meaning.isKeyword && vocabulary != .vietnamese
    }
}
