import Foundation

/// The offline roast library: every shipped roast, validated and indexed by language and category.
///
/// The library arrives as one JSON file per category (`<lang>/<category>.json`) plus
/// `<lang>/premium.json`; each file is an array of `{"id", "spice", "moods", "text"}` objects and
/// premium objects also carry `"category"`. Building a library is pure: the caller reads the files
/// (`RoastContent` reads a library folder) and hands over their bytes.
public struct RoastLibrary: Sendable {
    /// The longest text a roast may have, in characters; short enough to read at a glance in a chat.
    public static let maximumTextLength = 280
    /// The file stem of the premium pool.
    public static let premiumFileName = "premium"

    /// Every roast, in the order of the files and of the entries inside them.
    public let all: [LibraryRoast]

    /// Each pool (language, category, regular or premium) as positions in ``all``, at
    /// ``poolIndex(_:_:_:)``: what the picker draws from without copying roasts or hashing keys.
    private let poolOrdinals: [[Int]]
    private let ordinalByID: [String: Int]

    /// Decodes and validates the given files. `name` is the file stem (`meetings`, `premium`).
    /// Fails on the first problem, naming the file and roast.
    public init(files: [(language: Language, name: String, data: Data)]) throws(RoastLibraryError) {
        var all: [LibraryRoast] = []
        var poolOrdinals = [[Int]](repeating: [], count: Language.allCases.count * RoastCategory.allCases.count * 2)
        var ordinalByID: [String: Int] = [:]
        var fileOfID: [String: String] = [:]
        for file in files {
            let roasts = try Self.decodeFile(language: file.language, name: file.name, data: file.data)
            let fileLabel = Self.label(language: file.language, name: file.name)
            for roast in roasts {
                if let first = fileOfID[roast.id] {
                    throw .duplicateID(id: roast.id, firstFile: first, secondFile: fileLabel)
                }
                fileOfID[roast.id] = fileLabel
                ordinalByID[roast.id] = all.count
                poolOrdinals[Self.poolIndex(roast.language, roast.category, roast.isPremium)].append(all.count)
                all.append(roast)
            }
        }
        self.all = all
        self.poolOrdinals = poolOrdinals
        self.ordinalByID = ordinalByID
    }

    /// The regular (non-premium) roasts of one language and category, in file order.
    public func roasts(language: Language, category: RoastCategory) -> [LibraryRoast] {
        ordinals(language: language, category: category, premium: false).map { all[$0] }
    }

    /// The premium roasts of one language and category, in file order.
    public func premium(language: Language, category: RoastCategory) -> [LibraryRoast] {
        ordinals(language: language, category: category, premium: true).map { all[$0] }
    }

    /// Positions in ``all`` of one pool's roasts (regular or premium), in file order.
    func ordinals(language: Language, category: RoastCategory, premium: Bool) -> [Int] {
        poolOrdinals[Self.poolIndex(language, category, premium)]
    }

    private static func poolIndex(_ language: Language, _ category: RoastCategory, _ premium: Bool) -> Int {
        (language.position * RoastCategory.allCases.count + category.position) * 2 + (premium ? 1 : 0)
    }

    /// The position in ``all`` of the roast with this id.
    public func ordinal(of id: String) -> Int? {
        ordinalByID[id]
    }

    /// How many regular roasts one language and category has, optionally at one spice level only.
    public func count(language: Language, category: RoastCategory, spice: SpiceLevel? = nil) -> Int {
        let pool = roasts(language: language, category: category)
        guard let spice else { return pool.count }
        return pool.count(where: { $0.spice == spice })
    }

    /// The roast with this id, if the library has it (for instance one the store remembers).
    public func roast(id: String) -> LibraryRoast? {
        ordinalByID[id].map { all[$0] }
    }

    /// The languages that have at least one roast.
    public var languages: Set<Language> {
        Set(all.map(\.language))
    }

    /// Decodes and validates one file on its own, without I/O and without cross-file checks
    /// (duplicate ids across files are caught by `init(files:)`).
    public static func decodeFile(language: Language, name: String, data: Data) throws(RoastLibraryError)
        -> [LibraryRoast]
    {
        let file = label(language: language, name: name)
        let isPremium = name == premiumFileName
        let fileCategory = RoastCategory(rawValue: name)
        guard isPremium || fileCategory != nil else { throw .unknownCategoryFile(file: file) }

        let entries: [Entry]
        do {
            entries = try JSONDecoder().decode([Entry].self, from: data)
        } catch {
            throw .malformedJSON(file: file, reason: DecodingFailure.summary(error, in: data))
        }

        var roasts: [LibraryRoast] = []
        roasts.reserveCapacity(entries.count)
        var seen: Set<String> = []
        for entry in entries {
            let category = try resolveCategory(of: entry, file: file, fileCategory: fileCategory)
            let prefix = idPrefix(language: language, category: category, isPremium: isPremium)
            guard entry.id.hasPrefix(prefix), isDigits(entry.id.dropFirst(prefix.count)) else {
                throw .malformedID(file: file, id: entry.id, expectedPrefix: prefix)
            }
            guard seen.insert(entry.id).inserted else {
                throw .duplicateID(id: entry.id, firstFile: file, secondFile: file)
            }
            guard let spice = SpiceLevel(rawValue: entry.spice) else {
                throw .spiceOutOfRange(file: file, id: entry.id, spice: entry.spice)
            }
            var moods: [Mood] = []
            for rawMood in entry.moods ?? [] {
                guard let mood = Mood(rawValue: rawMood) else {
                    throw .unknownMood(file: file, id: entry.id, mood: rawMood)
                }
                moods.append(mood)
            }
            guard !entry.text.allSatisfy(\.isWhitespace) else { throw .emptyText(file: file, id: entry.id) }
            guard entry.text.count <= maximumTextLength else {
                throw .textTooLong(file: file, id: entry.id, length: entry.text.count)
            }
            roasts.append(
                LibraryRoast(
                    id: entry.id, language: language, category: category, spice: spice,
                    moods: moods, text: entry.text, isPremium: isPremium
                )
            )
        }
        return roasts
    }

    /// `en/meetings.json`: how errors name a file.
    public static func label(language: Language, name: String) -> String {
        "\(language.rawValue)/\(name).json"
    }
}

extension RoastLibrary {
    /// One file entry as written; spice and moods stay raw so that errors can name the bad value.
    private struct Entry: Decodable {
        var id: String
        var spice: Int
        var moods: [String]?
        var text: String
        var category: String?
    }

    private static func resolveCategory(of entry: Entry, file: String, fileCategory: RoastCategory?)
        throws(RoastLibraryError) -> RoastCategory
    {
        if let fileCategory {
            guard let claimed = entry.category, claimed != fileCategory.rawValue else { return fileCategory }
            throw .categoryMismatch(file: file, id: entry.id, category: claimed)
        }
        guard let claimed = entry.category else { throw .premiumEntryWithoutCategory(file: file, id: entry.id) }
        guard let category = RoastCategory(rawValue: claimed) else {
            throw .unknownCategory(file: file, id: entry.id, category: claimed)
        }
        return category
    }

    private static func idPrefix(language: Language, category: RoastCategory, isPremium: Bool) -> String {
        let pool = isPremium ? "\(premiumFileName).\(category.rawValue)" : category.rawValue
        return "\(language.rawValue).\(pool)."
    }

    private static func isDigits(_ text: Substring) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
