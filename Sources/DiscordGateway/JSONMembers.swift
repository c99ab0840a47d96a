import APIDecoding
import Foundation

/// The members of a top-level JSON object as byte ranges of their values, read with ``JSONReader``
/// (the values are checked to be well-formed, not decoded). A key written twice keeps its last value.
struct JSONMembers {
    private let bytes: [UInt8]
    private var ranges: [String: Range<Int>] = [:]

    init?(_ data: Data) {
        var reader = JSONReader(Array(data))
        bytes = reader.bytes
        do {
            if try reader.beginObject() {
                repeat {
                    let key = try reader.readKeyText()
                    reader.skipWhitespace()
                    let start = reader.position
                    try reader.skipValue()
                    ranges[key] = start..<reader.position
                } while try reader.nextMember()
            }
            try reader.finish()
        } catch {
            return nil
        }
    }

    func raw(_ key: String) -> Data? {
        ranges[key].map { Data(bytes[$0]) }
    }

    func integer(_ key: String) -> Int? {
        guard let range = ranges[key] else { return nil }
        return Int(String(decoding: bytes[range], as: UTF8.self))
    }

    /// `.some(nil)` for null or absent, `.some(value)` for an integer, nil for anything else.
    func optionalInteger(_ key: String) -> Int?? {
        guard let range = ranges[key], !isNull(range) else { return .some(nil) }
        guard let value = integer(key) else { return nil }
        return .some(value)
    }

    /// `.some(nil)` for null or absent, `.some(value)` for a string, nil for anything else.
    func optionalString(_ key: String) -> String?? {
        guard let range = ranges[key], !isNull(range) else { return .some(nil) }
        var reader = JSONReader(Array(bytes[range]))
        guard let value = try? reader.readString() else { return nil }
        return .some(value)
    }

    private func isNull(_ range: Range<Int>) -> Bool {
        bytes[range].elementsEqual("null".utf8)
    }
}
