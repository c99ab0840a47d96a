import Foundation

/// Every collection of `config/collections.json`, validated: which are active on a local date (and
/// in which order), their roasts, names for the request parser, and their badges.
///
/// Pure: the caller reads the file and hands over its bytes (see `CollectionCatalog+Decoding.swift`
/// for the schema); reloading builds a new catalog.
public struct CollectionCatalog: Sendable {
    /// Longest collection id, so that button payloads (`c:<id>`) stay short.
    public static let maximumIDLength = 24
    /// Fewest roasts a collection must have in each language.
    public static let minimumRoastsPerLanguage = 12

    /// Every collection, in file order.
    public let collections: [RoastCollection]
    private let byID: [String: RoastCollection]
    private let roastsByID: [String: LibraryRoast]
    private let activeMemo = ActiveCollectionsMemo()

    /// A catalog without collections (no file configured).
    public static let empty = CollectionCatalog(validated: [])

    /// Builds a catalog from collections already checked (by `init(data:)` or a test).
    init(validated collections: [RoastCollection]) {
        self.collections = collections
        byID = Dictionary(collections.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var roasts: [String: LibraryRoast] = [:]
        for collection in collections {
            for roast in collection.roasts.values.joined() { roasts[roast.id] = roast }
        }
        roastsByID = roasts
    }

    public func collection(id: String) -> RoastCollection? { byID[id] }

    /// The collection roast with this id (ids are `<collection>.<lang>.<nnn>`).
    public func roast(id: String) -> LibraryRoast? { roastsByID[id] }

    /// The collection a roast id belongs to.
    public func collectionID(ofRoast id: String) -> String? {
        guard roastsByID[id] != nil, let dot = id.firstIndex(of: ".") else { return nil }
        return String(id[..<dot])
    }

    /// The collections on offer on `date` (the chat's local date): seasonal ones first (earliest
    /// start first), then the month's rotating one, then the permanent ones, each group in file order.
    ///
    /// Worked out once per date and catalog (seasons need the lunar calendar), then remembered.
    public func active(on date: LocalDate) -> [ActiveCollection] {
        activeMemo.active(on: date) { computeActive(on: date) }
    }

    /// ``active(on:)`` worked out afresh.
    func computeActive(on date: LocalDate) -> [ActiveCollection] {
        var result: [(rank: Int, start: Int, index: Int, value: ActiveCollection)] = []
        for (index, collection) in collections.enumerated() {
            switch collection.kind {
            case .permanent:
                result.append((2, 0, index, ActiveCollection(collection: collection, occurrence: nil, date: date)))
            case .monthly(let months):
                if months.contains(date.month) {
                    result.append((1, 0, index, ActiveCollection(collection: collection, occurrence: nil, date: date)))
                }
            case .seasonal(let window):
                if let occurrence = window.occurrence(of: collection.id, containing: date) {
                    result.append(
                        (0, occurrence.first.dayNumber, index, ActiveCollection(collection: collection, occurrence: occurrence, date: date))
                    )
                }
            }
        }
        return result.sorted { ($0.rank, $0.start, $0.index) < ($1.rank, $1.start, $1.index) }.map(\.value)
    }

    /// The active collection with this id on `date`, if it is on offer then.
    public func activeCollection(id: String, on date: LocalDate) -> ActiveCollection? {
        active(on: date).first { $0.collection.id == id }
    }

    /// The seasons running on `date` (at most one per seasonal collection), earliest start first.
    public func seasons(on date: LocalDate) -> [SeasonOccurrence] {
        active(on: date).compactMap(\.occurrence)
    }

    /// Ids and every name users may type for each collection, for ``RoastRequestParser``.
    public var parserNames: [String: [String]] {
        Dictionary(
            collections.map { collection in
                (collection.id, collection.names.values.sorted() + collection.aliases)
            }, uniquingKeysWith: { first, _ in first })
    }

    /// One badge per collection, in file order.
    public var badges: [CollectionBadge] { collections.map(\.badge) }
}
