/// The roast a ``RoastSelector`` chose, and what the reply should say about the choice.
public struct RoastSelection: Sendable, Hashable {
    /// Where the chosen roast came from.
    public enum Origin: Sendable, Hashable {
        /// The offline library or a collection's own set, by roast id.
        case library(id: String)
        /// An AI provider.
        case ai
    }

    /// Something the reply tells the person about how their request was met.
    public enum Note: Sendable, Hashable {
        /// The collection they named is not on offer today; a regular roast came instead.
        case collectionNotOnOffer(id: String)
        /// They asked for more spice than the chat allows; the roast is at most `cap`.
        case spiceCapped(cap: SpiceLevel)
        /// They asked for more spice than the collection `id` holds; the roast is its spiciest, `highest`.
        case collectionSpiceUnavailable(id: String, highest: SpiceLevel)
        /// They named a category the collection `id` (named or picked) has no roast of today; the roast
        /// is the library's.
        case collectionLacksCategory(id: String, category: RoastCategory)
    }

    public var origin: Origin
    public var text: String
    public var category: RoastCategory
    public var spice: SpiceLevel
    /// The collection it belongs to (or was written for), if any.
    public var collection: String?
    public var notes: [Note]

    public init(origin: Origin, text: String, category: RoastCategory, spice: SpiceLevel, collection: String?, notes: [Note] = []) {
        self.origin = origin
        self.text = text
        self.category = category
        self.spice = spice
        self.collection = collection
        self.notes = notes
    }

    /// The library or collection roast id; nil for an AI roast.
    public var libraryID: String? {
        guard case .library(let id) = origin else { return nil }
        return id
    }
}
