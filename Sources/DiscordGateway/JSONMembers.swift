import Foundation

/// The members of a top-level JSON object as byte ranges of their values.
struct JSONMembers {
    private let bytes: [UInt8]
    private var ranges: [String: Range<Int>] = [:]

    init?(_ data: Data) {
        bytes = Array(data)
        var index = 0
        skipWhitespace(&index)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        index += 1
        skipWhitespace(&index)
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
        } else {
            while true {
                skipWhitespace(&index)
                let keyStart = index
                guard skipString(&index) else { return nil }
                guard let key = Self.decodeString(bytes[keyStart..<index]) else { return nil }
                skipWhitespace(&index)
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index += 1
                skipWhitespace(&index)
                let valueStart = index
                guard skipValue(&index) else { return nil }
                ranges[key] = valueStart..<index
                skipWhitespace(&index)
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                guard bytes[index] == UInt8(ascii: "}") else { return nil }
                index += 1
                break
            }
        }
        skipWhitespace(&index)
        guard index == bytes.count else { return nil }
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
        guard let value = Self.decodeString(bytes[range]) else { return nil }
        return .some(value)
    }

    private func isNull(_ range: Range<Int>) -> Bool {
        bytes[range].elementsEqual("null".utf8)
    }

    private static func decodeString(_ slice: ArraySlice<UInt8>) -> String? {
        guard slice.first == UInt8(ascii: "\"") else { return nil }
        // Plain ASCII keys and names need no decoder; anything escaped goes through JSONDecoder.
        let inner = slice.dropFirst().dropLast()
        if !inner.contains(UInt8(ascii: "\\")) { return String(validating: inner, as: UTF8.self) }
        return try? JSONDecoder().decode(String.self, from: Data(slice))
    }

    private func skipWhitespace(_ index: inout Int) {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    /// Moves past a string starting at `index` (its opening quote); false if it never ends.
    private func skipString(_ index: inout Int) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return false }
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""):
                index += 1
                return true
            default: index += 1
            }
        }
        return false
    }

    /// Moves past one value: a string, an object or array (brackets balanced, strings skipped), or a
    /// number or literal.
    private func skipValue(_ index: inout Int) -> Bool {
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            return skipString(&index)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var stack: [UInt8] = []
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    guard skipString(&index) else { return false }
                    continue
                case UInt8(ascii: "{"): stack.append(UInt8(ascii: "}"))
                case UInt8(ascii: "["): stack.append(UInt8(ascii: "]"))
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    guard stack.popLast() == bytes[index] else { return false }
                    if stack.isEmpty {
                        index += 1
                        return true
                    }
                default: break
                }
                index += 1
            }
            return false
        default:
            let start = index
            while index < bytes.count, !Self.endsScalar(bytes[index]) { index += 1 }
            let token = String(decoding: bytes[start..<index], as: UTF8.self)
            return token == "null" || token == "true" || token == "false" || Double(token) != nil
        }
    }

    private static func endsScalar(_ byte: UInt8) -> Bool {
        [UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D].contains(byte)
    }
}
