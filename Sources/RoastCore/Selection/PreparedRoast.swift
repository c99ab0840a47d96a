/// An AI roast fetched before the event's transaction, with the brief it was written for. The
/// ``RoastSelector`` still decides whether it may be sent.
public struct PreparedRoast: Sendable, Hashable {
    public var category: RoastCategory
    public var spice: SpiceLevel
    public var mood: Mood?
    /// The collection whose theme the roast was written in, if any.
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
