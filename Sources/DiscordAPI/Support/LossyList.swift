/// A JSON array decoded element by element: an element that fails (a kind of channel or user this library cannot
/// read) is dropped and counted, never failing the object that holds the array.
struct LossyList<Element: Decodable>: Decodable {
    var elements: [Element] = []
    var dropped = 0

    init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        while !c.isAtEnd {
            if let element = try? c.decode(Element.self) {
                elements.append(element)
            } else {
                dropped += 1
                // Step past the bad element.
                _ = try? c.decode(Skipped.self)
            }
        }
    }

    private struct Skipped: Decodable {
        init(from decoder: any Decoder) throws {}
    }
}

/// Any JSON object key, for listing keys this library does not know.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) { self.stringValue = stringValue }

    init?(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

extension DecodingError {
    /// What went wrong and where, by key names only: decoding errors can quote payload values (message text), which
    /// must not reach logs.
    func safeSummary() -> String {
        func path(_ context: Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch self {
        case .typeMismatch(let type, let context): return "type mismatch at \(path(context)) (expected \(type))"
        case .valueNotFound(_, let context): return "null at \(path(context))"
        case .keyNotFound(let key, let context):
            let at = path(context)
            return "missing \(key.stringValue)" + (at.isEmpty ? "" : " at \(at)")
        case .dataCorrupted(let context): return "corrupted data at \(path(context))"
        @unknown default: return "undecodable"
        }
    }
}
