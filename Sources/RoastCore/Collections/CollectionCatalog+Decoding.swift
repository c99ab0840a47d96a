// swift-format-ignore-file: AlwaysUseLowerCamelCase

// Decoding structs mirror snake_case JSON keys.
import Foundation

/// The collections file (`config/collections.json`):
///
/// ```json
/// { "collections": [ {
///     "id": "tet", "kind": "seasonal",
///     "window": {"lunar": {"from": {"month": 1, "day": 1, "offset_days": -10}, "to": {"month": 1, "day": 7}}},
///     "name": {"vi": "…", "en": "…"}, "description": {"vi": "…", "en": "…"}, "banner": {"vi": "…", "en": "…"},
///     "aliases": ["tết", "new year"], "icon": "🧧", "theme": "#D62828", "prompt_modifier": "…",
///     "phases": [{"id": "first_days", "window": {"lunar": {"from": {"month": 1, "day": 1}, "to": {"month": 1, "day": 3}}}},
///                {"id": "before", "window": {…}, "banner": {"vi": "Tết sắp đến rồi! …", "en": "Tết is coming! …"}}],
///     "roasts": {"vi": [{"id": "tet.vi.001", "spice": 2, "category": "general", "phases": ["first_days"], "text": "…"}], "en": […]}
/// } ] }
/// ```
///
/// `kind` is `permanent`, `monthly` (with `"months": [1, 7]`) or `seasonal` (with a `lunar` or a
/// `gregorian` window: `{"gregorian": {"from": "12-20", "to": "12-31"}}`). A seasonal collection
/// may name `phases` (windows in the same calendar as its own) and its roasts the phases they fit; a
/// phase may carry its own `banner`, posted instead of the season's when the season opens on its days;
/// a roast without phases fits the whole season, and every phase needs a roast in each language that
/// fits it. Keys starting with `_` are comments.
extension CollectionCatalog {
    /// Decodes and validates a collections file; fails on the first problem, naming the entry.
    public init(data: Data) throws(CollectionCatalogError) {
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch {
            throw .malformedJSON(reason: DecodingFailure.summary(error, in: data))
        }
        var collections: [RoastCollection] = []
        var seen: Set<String> = []
        var roastIDs: Set<String> = []
        for entry in file.collections {
            let collection = try Self.validate(entry)
            guard seen.insert(collection.id).inserted else { throw .duplicateCollection(id: collection.id) }
            for roast in collection.roasts.values.joined() where !roastIDs.insert(roast.id).inserted {
                throw .duplicateRoastID(collection: collection.id, id: roast.id)
            }
            collections.append(collection)
        }
        try Self.checkMonthlyCoverage(collections)
        self.init(validated: collections)
    }
}

extension CollectionCatalog {
    private struct File: Decodable {
        var collections: [Entry]
    }

    private struct Entry: Decodable {
        var id: String
        var kind: String
        var months: [Int]?
        var window: Window?
        var name: [String: String]
        var description: [String: String]
        var banner: [String: String]?
        var aliases: [String]?
        var icon: String
        var theme: String
        var prompt_modifier: String
        var phases: [Phase]?
        var roasts: [String: [Roast]]
    }

    private struct Phase: Decodable {
        var id: String
        var window: Window
        var banner: [String: String]?
    }

    private struct Window: Decodable {
        struct Point: Decodable {
            var month: Int
            var day: Int
            var offset_days: Int?
        }
        struct Lunar: Decodable {
            var from: Point
            var to: Point
        }
        struct Gregorian: Decodable {
            var from: String
            var to: String
        }
        var lunar: Lunar?
        var gregorian: Gregorian?
    }

    private struct Roast: Decodable {
        var id: String
        var spice: Int
        var category: String?
        var phases: [String]?
        var text: String
    }

    private static func validate(_ entry: Entry) throws(CollectionCatalogError) -> RoastCollection {
        let id = entry.id
        guard isValidID(id) else { throw .invalidID(id: id) }
        let names = try localized(entry.name, field: "name", collection: id)
        let descriptions = try localized(entry.description, field: "description", collection: id)
        guard !entry.icon.allSatisfy(\.isWhitespace) else { throw .missingText(collection: id, field: "icon", language: .en) }
        guard !entry.theme.allSatisfy(\.isWhitespace) else { throw .missingText(collection: id, field: "theme", language: .en) }
        guard !entry.prompt_modifier.allSatisfy(\.isWhitespace) else {
            throw .missingText(collection: id, field: "prompt_modifier", language: .en)
        }
        var banners: [Language: String] = [:]
        let kind: CollectionKind
        switch entry.kind {
        case "permanent":
            kind = .permanent
        case "monthly":
            guard let months = entry.months, !months.isEmpty else { throw .invalidMonths(collection: id, reason: "are missing") }
            guard months.allSatisfy((1...12).contains), Set(months).count == months.count else {
                throw .invalidMonths(collection: id, reason: "must be distinct numbers 1–12")
            }
            kind = .monthly(months: months)
        case "seasonal":
            kind = .seasonal(try window(entry.window, collection: id))
            banners = try localized(entry.banner ?? [:], field: "banner", collection: id)
        default:
            throw .invalidKind(collection: id, kind: entry.kind)
        }
        let phases = try phases(entry.phases ?? [], of: kind, collection: id)
        var roasts: [Language: [LibraryRoast]] = [:]
        var roastPhases: [String: [String]] = [:]
        for language in Language.allCases {
            let raws = entry.roasts[language.rawValue, default: []]
            let list = try raws.map { (raw) throws(CollectionCatalogError) in
                try roast(raw, language: language, collection: id)
            }
            guard list.count >= minimumRoastsPerLanguage else {
                throw .tooFewRoasts(collection: id, language: language, count: list.count)
            }
            for raw in raws {
                guard let named = raw.phases, !named.isEmpty else { continue }
                if let unknown = named.first(where: { name in !phases.contains { $0.id == name } }) {
                    throw .unknownPhase(collection: id, id: raw.id, phase: unknown)
                }
                roastPhases[raw.id] = named
            }
            for phase in phases where !raws.contains(where: { $0.phases.map { $0.isEmpty || $0.contains(phase.id) } ?? true }) {
                throw .invalidPhase(collection: id, phase: phase.id, reason: "has no roast in \(language.rawValue) that fits it")
            }
            roasts[language] = list
        }
        return RoastCollection(
            id: id, names: names, descriptions: descriptions, banners: banners, aliases: entry.aliases ?? [], icon: entry.icon,
            theme: entry.theme, promptModifier: entry.prompt_modifier, kind: kind, roasts: roasts, phases: phases,
            roastPhases: roastPhases)
    }

    /// The phases of a seasonal collection: distinct valid ids, windows in the season's calendar.
    private static func phases(_ entries: [Phase], of kind: CollectionKind, collection: String) throws(CollectionCatalogError)
        -> [SeasonPhase]
    {
        guard !entries.isEmpty else { return [] }
        guard case .seasonal(let season) = kind else {
            throw .invalidPhase(collection: collection, phase: entries[0].id, reason: "belongs to a collection that is not seasonal")
        }
        var result: [SeasonPhase] = []
        for entry in entries {
            guard isValidID(entry.id) else { throw .invalidPhase(collection: collection, phase: entry.id, reason: "has an invalid id") }
            guard !result.contains(where: { $0.id == entry.id }) else {
                throw .invalidPhase(collection: collection, phase: entry.id, reason: "is defined twice")
            }
            let window: SeasonWindow
            do throws(CollectionCatalogError) {
                window = try Self.window(entry.window, collection: collection)
            } catch {
                guard case .invalidWindow(_, let reason) = error else { throw error }
                throw .invalidPhase(collection: collection, phase: entry.id, reason: "window \(reason)")
            }
            switch (season, window) {
            case (.lunar, .lunar), (.gregorian, .gregorian): break
            default: throw .invalidPhase(collection: collection, phase: entry.id, reason: "must use the same calendar as the season")
            }
            var banners: [Language: String] = [:]
            if let texts = entry.banner { banners = try localized(texts, field: "phases.\(entry.id).banner", collection: collection) }
            result.append(SeasonPhase(id: entry.id, window: window, banners: banners))
        }
        return result
    }

    private static func localized(_ texts: [String: String], field: String, collection: String) throws(CollectionCatalogError)
        -> [Language: String]
    {
        var result: [Language: String] = [:]
        for language in Language.allCases {
            guard let text = texts[language.rawValue], !text.allSatisfy(\.isWhitespace) else {
                throw .missingText(collection: collection, field: field, language: language)
            }
            result[language] = text
        }
        return result
    }

    private static func window(_ window: Window?, collection: String) throws(CollectionCatalogError) -> SeasonWindow {
        switch (window?.lunar, window?.gregorian) {
        case (let lunar?, nil):
            func point(_ raw: Window.Point, _ end: String) throws(CollectionCatalogError) -> SeasonWindow.LunarPoint {
                guard (1...12).contains(raw.month), (1...30).contains(raw.day) else {
                    throw .invalidWindow(collection: collection, reason: "\(end) must be a lunar month 1–12 and day 1–30")
                }
                guard abs(raw.offset_days ?? 0) <= 60 else {
                    throw .invalidWindow(collection: collection, reason: "\(end).offset_days must be within ±60")
                }
                return SeasonWindow.LunarPoint(month: raw.month, day: raw.day, offsetDays: raw.offset_days ?? 0)
            }
            let from = try point(lunar.from, "from")
            let to = try point(lunar.to, "to")
            if to.key == from.key, to.offsetDays < from.offsetDays {
                throw .invalidWindow(collection: collection, reason: "ends before it starts")
            }
            return .lunar(from: from, to: to)
        case (nil, let gregorian?):
            guard let from = monthDay(gregorian.from), let to = monthDay(gregorian.to) else {
                throw .invalidWindow(collection: collection, reason: "gregorian from/to must be MM-DD (02-29 not allowed)")
            }
            return .gregorian(from: from, to: to)
        default:
            throw .invalidWindow(collection: collection, reason: "needs exactly one of \"lunar\" or \"gregorian\"")
        }
    }

    private static func roast(_ raw: Roast, language: Language, collection: String) throws(CollectionCatalogError) -> LibraryRoast {
        let prefix = "\(collection).\(language.rawValue)."
        let suffix = raw.id.dropFirst(prefix.count)
        guard raw.id.hasPrefix(prefix), !suffix.isEmpty, suffix.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw .malformedRoastID(collection: collection, id: raw.id, expectedPrefix: prefix)
        }
        guard let spice = SpiceLevel(rawValue: raw.spice) else {
            throw .spiceOutOfRange(collection: collection, id: raw.id, spice: raw.spice)
        }
        let categoryName = raw.category ?? RoastCategory.general.rawValue
        guard let category = RoastCategory(rawValue: categoryName) else {
            throw .unknownCategory(collection: collection, id: raw.id, category: categoryName)
        }
        guard !raw.text.allSatisfy(\.isWhitespace) else { throw .emptyRoast(collection: collection, id: raw.id) }
        guard raw.text.count <= RoastLibrary.maximumTextLength else {
            throw .roastTooLong(collection: collection, id: raw.id, length: raw.text.count)
        }
        return LibraryRoast(id: raw.id, language: language, category: category, spice: spice, moods: [], text: raw.text, isPremium: false)
    }

    private static func checkMonthlyCoverage(_ collections: [RoastCollection]) throws(CollectionCatalogError) {
        var owner: [Int: String] = [:]
        for collection in collections {
            guard case .monthly(let months) = collection.kind else { continue }
            for month in months {
                if let other = owner[month] {
                    throw .monthlyCoverage(reason: "month \(month) is claimed by both \(other) and \(collection.id)")
                }
                owner[month] = collection.id
            }
        }
        guard !owner.isEmpty else { return }
        let missing = (1...12).filter { owner[$0] == nil }
        guard missing.isEmpty else {
            throw .monthlyCoverage(reason: "no collection for month(s) \(missing.map(String.init).joined(separator: ", "))")
        }
    }

    public static func isValidID(_ id: String) -> Bool {
        guard let first = id.unicodeScalars.first, ("a"..."z").contains(first), id.count <= maximumIDLength else { return false }
        return id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    private static func monthDay(_ text: String) -> SeasonWindow.MonthDay? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 }), let month = Int(parts[0]), let day = Int(parts[1]),
            (1...12).contains(month), day >= 1, day <= [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        else { return nil }
        return SeasonWindow.MonthDay(month: month, day: day)
    }
}
