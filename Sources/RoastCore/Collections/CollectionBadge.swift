/// The badge a collection unlocks once a user has received every roast of it: the
/// definition the badge engine shows and announces. Its id is `collection.<collection id>`.
public struct CollectionBadge: Sendable, Hashable, Identifiable {
    public let collectionID: String
    public let icon: String
    /// The collection's names; the badge reads "<icon> <name>" in each language.
    public let names: [Language: String]

    public init(collectionID: String, icon: String, names: [Language: String]) {
        self.collectionID = collectionID
        self.icon = icon
        self.names = names
    }

    public var id: String { "collection.\(collectionID)" }

    public func name(in language: Language) -> String {
        let name = names[language] ?? collectionID
        return language == .vi ? "Hoàn thành \(name)" : "\(name) Completed"
    }
}
