import RoastCore

/// An AI roast fetched before the event's transaction (see ``RoastPreparer``), with the request it
/// was written for. The handler still runs it through the safety filter before storing it.
public struct PreparedRoast: Sendable, Hashable {
    public var category: RoastCategory
    public var spice: SpiceLevel
    public var mood: Mood?
    public var collection: String?
    public var text: String

    public init(category: RoastCategory, spice: SpiceLevel, mood: Mood?, collection: String?, text: String) {
        self.category = category
        self.spice = spice
        self.mood = mood
        self.collection = collection
        self.text = text
    }
}
