/// A type ``JSONReader`` can read straight from JSON text, producing the value its `Decodable`
/// conformance would, or throwing ``JSONReader/Unreadable`` so that the caller decodes with
/// `JSONDecoder` instead.
public protocol JSONReadable {
    static func read(from reader: inout JSONReader) throws(JSONReader.Unreadable) -> Self
}

extension String: JSONReadable {
    @inlinable
    public static func read(from reader: inout JSONReader) throws(JSONReader.Unreadable) -> String { try reader.readString() }
}

extension Int64: JSONReadable {
    @inlinable
    public static func read(from reader: inout JSONReader) throws(JSONReader.Unreadable) -> Int64 { try reader.readInt64() }
}

extension Int: JSONReadable {
    @inlinable
    public static func read(from reader: inout JSONReader) throws(JSONReader.Unreadable) -> Int {
        guard let value = Int(exactly: try reader.readInt64()) else { throw JSONReader.Unreadable() }
        return value
    }
}

extension Bool: JSONReadable {
    @inlinable
    public static func read(from reader: inout JSONReader) throws(JSONReader.Unreadable) -> Bool { try reader.readBool() }
}

extension Array: JSONReadable where Element: JSONReadable {
    @inlinable
    public static func read(from reader: inout JSONReader) throws(JSONReader.Unreadable) -> [Element] {
        var elements: [Element] = []
        guard try reader.beginArray() else { return elements }
        repeat {
            elements.append(try Element.read(from: &reader))
        } while try reader.nextElement()
        return elements
    }
}
