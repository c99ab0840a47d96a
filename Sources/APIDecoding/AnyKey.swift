/// Any JSON object key, for listing keys a library does not know.
public struct AnyKey: CodingKey {
    public var stringValue: String
    public var intValue: Int?

    public init(stringValue: String) { self.stringValue = stringValue }

    public init?(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}
