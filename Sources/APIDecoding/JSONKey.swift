/// An object member's key as ``JSONReader`` reads it, compared with the keys a type knows in a few
/// integer comparisons instead of building a `String` per member.
///
/// The first 24 bytes are packed into three words; every key a Bot API type reads is shorter. A
/// longer key from the text keeps its length, so it never equals a known key.
public struct JSONKey: Hashable, Sendable {
    private var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
    private let count: Int

    /// The longest key a type can know.
    public static let maximumKnownLength = 24

    /// A key a type knows (plain ASCII, at most ``maximumKnownLength`` bytes).
    public init(_ name: StaticString) {
        precondition(name.utf8CodeUnitCount <= Self.maximumKnownLength, "a known key is at most 24 bytes")
        self.init(name.withUTF8Buffer { ArraySlice($0) })
    }

    /// A key known only at run time (a `CodingKey`'s `stringValue`).
    public init(name: String) {
        self.init(ArraySlice(name.utf8))
    }

    /// A key read from the text (its bytes between the quotes).
    init(_ bytes: ArraySlice<UInt8>) {
        count = bytes.count
        var index = 0
        for byte in bytes.prefix(Self.maximumKnownLength) {
            let shift = UInt64(index % 8) * 8
            switch index / 8 {
            case 0: words.0 |= UInt64(byte) << shift
            case 1: words.1 |= UInt64(byte) << shift
            default: words.2 |= UInt64(byte) << shift
            }
            index += 1
        }
    }

    public static func == (lhs: JSONKey, rhs: JSONKey) -> Bool {
        lhs.count == rhs.count && lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
    }
}
