/// A JSON array decoded element by element, so that one bad element cannot fail the object that holds it: an
/// element that fails (an update without `update_id`, a kind of channel the library cannot read) is dropped and
/// counted.
public struct LossyArray<Element: Decodable>: Decodable {
    public var elements: [Element] = []
    public var dropped = 0

    public init(elements: [Element], dropped: Int) {
        self.elements = elements
        self.dropped = dropped
    }

    public init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        while !c.isAtEnd {
            if let element = try? c.decode(Element.self) {
                elements.append(element)
            } else {
                dropped += 1
                _ = try? c.decode(Discard.self)
            }
        }
    }

    /// Decodes (and ignores) any JSON value, to step past a bad element.
    private struct Discard: Decodable {
        init(from decoder: any Decoder) throws {}
    }
}
