/// How sharp a roast is, from 1 (gentle and cute) to 5 (savage but clever — never cruel).
public struct SpiceLevel: RawRepresentable, Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public static let range: ClosedRange<Int> = 1...5
    public static let mildest = SpiceLevel(clamping: 1)
    public static let hottest = SpiceLevel(clamping: 5)
    public static let all: [SpiceLevel] = range.map(SpiceLevel.init(clamping:))

    public let rawValue: Int

    /// Fails for values outside 1–5.
    public init?(rawValue: Int) {
        guard Self.range.contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    public init(clamping value: Int) {
        rawValue = min(max(value, Self.range.lowerBound), Self.range.upperBound)
    }

    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(Int.self)
        guard let level = SpiceLevel(rawValue: value) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "spice \(value) is outside 1–5"))
        }
        self = level
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { String(rawValue) }
    /// 🌶️ repeated `rawValue` times.
    public var peppers: String { String(repeating: "🌶️", count: rawValue) }
}
