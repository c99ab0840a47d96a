import APIDecoding

extension Ignored: JSONReadable {
    /// Checks that the result is well-formed JSON and builds nothing. `null` is left to
    /// `init(from:)`.
    static func read(from reader: inout JSONReader) throws(JSONReader.Unreadable) -> Ignored {
        if reader.readNull() { throw JSONReader.Unreadable() }
        try reader.skipValue()
        return Ignored()
    }
}
