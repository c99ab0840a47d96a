/// The members of an object a reader has read so far, by the index the reader gives each known key,
/// so that a key written twice is ``JSONReader/Unreadable`` (`JSONDecoder` keeps the first of
/// duplicates; the fallback decides such text, never a guess here).
public struct JSONMemberSet: Sendable {
    private var bits: UInt64 = 0

    public init() {}

    /// Notes member `index` (0–63) as read; throws when it was read before.
    public mutating func insert(_ index: Int) throws(JSONReader.Unreadable) {
        let bit: UInt64 = 1 << UInt64(index)
        guard bits & bit == 0 else { throw JSONReader.Unreadable() }
        bits |= bit
    }
}
