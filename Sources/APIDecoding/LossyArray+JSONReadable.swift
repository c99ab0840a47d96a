import Foundation

extension LossyArray: JSONReadable where Element: JSONReadable {
    /// Reads each element with ``JSONReader``; an element it cannot read exactly (a kind of update it
    /// does not know, an odd field) is decoded alone with `JSONDecoder`, and dropped if that fails,
    /// so the result is the one `init(from:)` gives for the whole array. Text that is not
    /// well-formed is ``JSONReader/Unreadable`` for the whole array.
    public static func read(from reader: inout JSONReader) throws(JSONReader.Unreadable) -> LossyArray<Element> {
        var elements: [Element] = []
        var dropped = 0
        guard try reader.beginArray() else { return LossyArray(elements: elements, dropped: dropped) }
        repeat {
            let start = reader.mark
            do {
                elements.append(try Element.read(from: &reader))
            } catch {
                reader.reset(to: start)
                let from = reader.position
                try reader.skipValue()
                let text = Data(reader.bytes[from..<reader.position])
                if let element = try? JSONDecoder().decode(Element.self, from: text) {
                    elements.append(element)
                } else {
                    dropped += 1
                }
            }
        } while try reader.nextElement()
        return LossyArray(elements: elements, dropped: dropped)
    }
}
