import Foundation

/// An untyped JSON value: how the fake reads parameters (which Telegram accepts as JSON, form fields or
/// JSON-in-a-string) and writes its answers without a Codable type per Bot API object.
public enum FakeJSON: Sendable, Equatable, Codable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([FakeJSON])
    case object([String: FakeJSON])

    /// Parses JSON text; `nil` when it is not valid JSON.
    public static func parse(_ text: String) -> FakeJSON? {
        parse(Data(text.utf8))
    }

    /// Parses JSON bytes; `nil` when they are not valid JSON.
    public static func parse(_ data: Data) -> FakeJSON? {
        try? JSONDecoder().decode(FakeJSON.self, from: data)
    }

    /// Compact JSON text with sorted keys (stable, so it doubles as a canonical form for comparisons).
    public var jsonText: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }

    public subscript(key: String) -> FakeJSON? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    public var stringValue: String? {
        guard case .string(let value) = self else { return nil }
        return value
    }

    /// An integer, also from a numeric string (form fields carry numbers as text).
    public var intValue: Int64? {
        switch self {
        case .int(let value): value
        case .double(let value) where value.rounded() == value: Int64(exactly: value)
        case .string(let text): Int64(text.trimmingCharacters(in: .whitespaces))
        default: nil
        }
    }

    /// A boolean, also from "true"/"false"/"1"/"0" text.
    public var boolValue: Bool? {
        switch self {
        case .bool(let value): value
        case .int(let value): value != 0
        case .string(let text):
            switch text.lowercased() {
            case "true", "1": true
            case "false", "0": false
            default: nil
            }
        default: nil
        }
    }

    public var arrayValue: [FakeJSON]? {
        guard case .array(let items) = self else { return nil }
        return items
    }

    public var objectValue: [String: FakeJSON]? {
        guard case .object(let members) = self else { return nil }
        return members
    }

    /// A parameter's text form: strings as they are, everything else as compact JSON.
    var parameterText: String {
        if case .string(let text) = self { return text }
        return jsonText
    }

    /// A value that may be nested JSON sent as text (form fields): parsed when it is a string of JSON.
    var decodingEmbeddedJSON: FakeJSON {
        guard case .string(let text) = self, let parsed = FakeJSON.parse(text) else { return self }
        switch parsed {
        case .array, .object: return parsed
        default: return self
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([FakeJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: FakeJSON].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension FakeJSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: FakeJSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, FakeJSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
