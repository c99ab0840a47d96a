/// Turns `/roast` arguments or free text ("@bot roast tui vụ họp hành, cay vừa thôi") into a
/// ``RoastRequest``: English or Vietnamese, with or without diacritics, in any order, tolerating
/// small typos where the intended word is unambiguous.
public struct RoastRequestParser: Sendable {
    /// What a recognised phrase means.
    enum Meaning: Hashable, Sendable {
        case category(RoastCategory)
        case spice(Int)
        case mood(Mood)
        case collection(String)
        /// "spice", "level", "độ cay": takes a following digit, otherwise ignored.
        case spicePrefix
        /// Filler ("roast", "me", "về", "please"…), ignored.
        case filler
    }

    private let phrases: [[String]: Meaning]
    /// The icons the bot shows for categories and moods (`🧑‍💻`, `😰`), without presentation selectors.
    private let icons: [String: Meaning]
    private let longestPhrase: Int
    /// Single words eligible for typo correction (not fillers: a typo'd filler is just noise).
    private let correctable: [String: Meaning]

    /// - Parameter collections: collection ids and their names/aliases (any language) users may type.
    public init(collections: [String: [String]] = [:]) {
        var table: [[String]: Meaning] = [:]
        func add(_ meaning: Meaning, _ texts: [String]) {
            for text in texts {
                let key = TextNormalization.matchKey(text).split(separator: " ").map(String.init)
                if !key.isEmpty { table[key] = meaning }
            }
        }
        for (category, words) in Self.categoryWords { add(.category(category), words) }
        for (mood, words) in Self.moodWords { add(.mood(mood), words) }
        for (level, words) in Self.spiceWords { add(.spice(level), words) }
        add(.filler, Self.fillers)
        add(.spicePrefix, Self.spicePrefixes)
        for (id, names) in collections { add(.collection(id), names + [id, id.replacingOccurrences(of: "_", with: " ")]) }
        phrases = table
        var icons: [String: Meaning] = [:]
        for category in RoastCategory.allCases { icons[Self.iconKey(category.emoji)] = .category(category) }
        for mood in Mood.allCases { icons[Self.iconKey(mood.emoji)] = .mood(mood) }
        self.icons = icons
        longestPhrase = table.keys.map(\.count).max() ?? 1
        var single: [String: Meaning] = [:]
        for (key, meaning) in table where key.count == 1 && meaning.isCorrectable && key[0].count >= 4 {
            single[key[0]] = meaning
        }
        correctable = single
    }

    public func parse(_ text: String) -> RoastRequest {
        let original = Self.words(text)
        let tokens = original.map(TextNormalization.matchKey)
        var request = RoastRequest()
        var index = 0
        while index < tokens.count {
            if Self.isIcon(original[index]) {
                // A category's or a mood's icon names it; any other emoji is decoration.
                if let meaning = icons[Self.iconKey(original[index])] { apply(meaning, to: &request) }
                index += 1
            } else if let (meaning, length) = longestMatch(in: tokens, from: index) {
                // "cay 4", "spice 5", "level 2": a spice word followed by a digit takes the digit.
                if meaning.takesLevel, index + length < tokens.count, let level = Self.level(original[index + length]) {
                    request.spice = SpiceLevel(rawValue: level)
                    index += length + 1
                    continue
                }
                apply(meaning, to: &request)
                index += length
            } else if let level = Self.level(original[index]) {
                request.spice = SpiceLevel(rawValue: level)
                index += 1
            } else if let meaning = corrected(tokens[index]) {
                apply(meaning, to: &request)
                index += 1
            } else {
                if !tokens[index].isEmpty { request.unrecognized.append(original[index]) }
                index += 1
            }
        }
        return request
    }

    /// Every category `text` names, in order and without repeats, and the words that name none
    /// ("meetings, code reviews, họp" → meetings and code reviews): for choosing several at once.
    public func categories(in text: String) -> (categories: [RoastCategory], unrecognized: [String]) {
        let original = Self.words(text)
        let tokens = original.map(TextNormalization.matchKey)
        var found: [RoastCategory] = []
        var unrecognized: [String] = []
        var index = 0
        while index < tokens.count {
            var meaning: Meaning?
            var length = 1
            if Self.isIcon(original[index]) {
                meaning = icons[Self.iconKey(original[index])] ?? .filler
            } else if let (matched, matchedLength) = longestMatch(in: tokens, from: index) {
                (meaning, length) = (matched, matchedLength)
            } else {
                meaning = corrected(tokens[index])
            }
            switch meaning {
            case .category(let category): if !found.contains(category) { found.append(category) }
            case .filler: break
            default: if !tokens[index].isEmpty { unrecognized.append(original[index]) }
            }
            index += length
        }
        return (found, unrecognized)
    }

    /// The words of `text` (at most 64), invisible characters removed: runs of letters and digits,
    /// a number with its sign or decimals kept whole (`-1`, `3.5`: neither is a spice level), and
    /// each emoji on its own.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        let characters = Array(TextNormalization.removingInvisibles(text))
        func flush() {
            if !current.isEmpty { words.append(current) }
            current = ""
        }
        for (index, character) in characters.enumerated() {
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if isIcon(String(character)) {
                flush()
                words.append(String(character))
            } else if character == "-" || character == "+", current.isEmpty, next?.isNumber == true {
                current.append(character)
            } else if character == "." || character == ",", current.last?.isNumber == true, next?.isNumber == true,
                current.allSatisfy({ $0.isNumber || $0 == "-" || $0 == "+" || $0 == "." || $0 == "," })
            {
                current.append(character)
            } else {
                flush()
            }
        }
        flush()
        return Array(words.prefix(64))
    }

    /// Whether `word` is an emoji (a pictograph, possibly a sequence), not a letter, digit or sign.
    private static func isIcon(_ word: String) -> Bool {
        guard let first = word.unicodeScalars.first, first.value > 0x7F, first.properties.isEmoji else { return false }
        return !first.properties.isAlphabetic && first.properties.numericType == nil
    }

    /// An icon compared without emoji presentation selectors (`⏰` and `⏰️` alike).
    private static func iconKey(_ icon: String) -> String {
        String(String.UnicodeScalarView(icon.unicodeScalars.filter { $0.value != 0xFE0F }))
    }

    private func apply(_ meaning: Meaning, to request: inout RoastRequest) {
        switch meaning {
        case .category(let category): request.category = category
        case .spice(let level): request.spice = SpiceLevel(rawValue: level)
        case .mood(let mood): request.mood = mood
        case .collection(let id): request.collection = id
        case .spicePrefix, .filler: break
        }
    }

    private func longestMatch(in tokens: [String], from start: Int) -> (Meaning, Int)? {
        let maxLength = min(longestPhrase, tokens.count - start)
        guard maxLength > 0 else { return nil }
        for length in stride(from: maxLength, through: 1, by: -1) {
            if let meaning = phrases[Array(tokens[start..<(start + length)])] { return (meaning, length) }
        }
        return nil
    }

    /// The unique vocabulary word within edit distance 1 (2 for long words) of `token`, if any.
    private func corrected(_ token: String) -> Meaning? {
        guard token.count >= 4 else { return nil }
        let budget = token.count >= 8 ? 2 : 1
        var best: (distance: Int, meanings: Set<Meaning>) = (budget + 1, [])
        for (word, meaning) in correctable where abs(word.count - token.count) <= budget {
            let distance = Self.editDistance(token, word, limit: budget)
            if distance < best.distance {
                best = (distance, [meaning])
            } else if distance == best.distance {
                best.meanings.insert(meaning)
            }
        }
        return best.distance <= budget && best.meanings.count == 1 ? best.meanings.first : nil
    }

    private static func level(_ token: String) -> Int? {
        guard token.count == 1, let value = Int(token), SpiceLevel.range.contains(value) else { return nil }
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

extension RoastRequestParser {
    static let categoryWords: [RoastCategory: [String]] = [
        .deadlines: ["deadline", "deadlines", "due date", "hạn", "hạn chót", "trễ hạn", "chạy deadline", "dl"],
        .meetings: [
            "meeting", "meetings", "họp", "họp hành", "cuộc họp", "standup", "stand-up", "sync", "call",
            "zoom",
        ],
        .kpis: ["kpi", "kpis", "okr", "okrs", "chỉ tiêu", "target", "targets", "mục tiêu", "doanh số", "metrics"],
        .codeReviews: [
            "code review", "code reviews", "review code", "review", "reviews", "pr", "prs", "pull request",
            "code", "merge request", "cr",
        ],
        .workload: [
            "workload", "việc", "công việc", "khối lượng", "khối lượng công việc", "ot", "tăng ca", "overtime",
            "quá tải", "task", "tasks", "backlog", "ngập việc",
        ],
        .colleagues: [
            "colleague", "colleagues", "coworker", "coworkers", "co-worker", "đồng nghiệp", "teammate",
            "teammates", "team", "đồng đội",
        ],
        .management: [
            "management", "manager", "managers", "boss", "bosses", "sếp", "quản lý", "lãnh đạo", "cấp trên",
            "leader", "leadership",
        ],
        .general: ["general", "chung", "linh tinh", "random", "gì cũng được", "anything", "bất kỳ"],
    ]

    static let moodWords: [Mood: [String]] = [
        .stressed: ["stressed", "stress", "stressful", "căng thẳng", "áp lực", "lo lắng", "stressed out"],
        .frustrated: ["frustrated", "frustrating", "bực", "bực bội", "ức chế", "cáu", "tức"],
        .bored: ["bored", "boring", "chán", "buồn chán", "nhàm chán", "chán quá"],
        .tired: ["tired", "exhausted", "sleepy", "mệt", "mệt mỏi", "kiệt sức", "buồn ngủ", "đuối"],
        .annoyed: ["annoyed", "annoying", "irritated", "khó chịu", "phiền", "bực mình", "ngứa mắt"],
    ]

    static let spiceWords: [Int: [String]] = [
        1: ["mild", "gentle", "soft", "nhẹ", "nhẹ nhàng", "không cay", "dễ thương", "cute"],
        2: ["a bit spicy", "slightly spicy", "hơi cay", "cay nhẹ", "witty"],
        3: ["medium", "cay vừa", "vừa", "vừa phải", "sarcastic", "medium spicy"],
        4: ["spicy", "hot", "cay", "sharp", "khá cay", "cay cay"],
        5: [
            "extra hot", "extra spicy", "very spicy", "savage", "rất cay", "cay xé", "siêu cay", "cay nhất",
            "max", "cháy", "brutal",
        ],
    ]

    static let fillers: [String] = [
        "roast", "roasts", "me", "my", "us", "about", "on", "of", "the", "a", "an", "some", "please", "pls", "with",
        "and", "for", "give", "another", "one", "more", "tui", "tôi", "mình", "tao", "em", "anh", "chị", "về",
        "vụ", "chuyện", "cho", "đi", "nhé", "nha", "thôi", "với", "một", "câu", "cái", "hộ", "giùm", "giúp", "bot",
        "ơi", "nào", "hãy", "lại", "nữa", "cả", "và", "là", "đang", "bị", "kiểu", "dùm", "coi", "xem",
    ]

    static let spicePrefixes: [String] = ["spice", "spicy level", "level", "độ cay", "mức", "mức độ", "cấp", "cấp độ", "độ"]
}

extension RoastRequestParser.Meaning {
    var takesLevel: Bool {
        switch self {
        case .spice, .spicePrefix: true
        default: false
        }
    }

    var isCorrectable: Bool {
        switch self {
        case .spicePrefix, .filler: false
        default: true
        }
    }
}
