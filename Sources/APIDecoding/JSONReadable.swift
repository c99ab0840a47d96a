import Foundation

/// A type ``JSONReader`` can read straight from JSON text, producing the value its `Decodable`
/// conformance would, or throwing ``JSONReader/Unreadable`` so that the caller decodes with
/// `JSONDecoder` instead.
public protocol JSONReadable {
    static func read(from reader: inout JSONReader) throws(JSONReader.Unreadable) -> Self
}

extension JSONReadable where Self: Decodable {
    /// A whole JSON text (a webhook delivery's body) as this type: read by ``JSONReader`` when it reads
    /// it exactly, else decoded by `JSONDecoder`, whose value (or error) it is either way.
    public static func decode(_ text: [UInt8]) throws -> Self {
        var reader = JSONReader(text)
        if let value = try? reader.read(Self.self), (try? reader.finish()) != nil { return value }
        return try JSONDecoder().decode(Self.self, from: Data(text))
    }
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
