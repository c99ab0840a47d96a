import Foundation

/// Short, content-free accounts of JSON decoding failures for the data files the bot loads (the roast
/// library, collections): where (a path like `[14].spice`, or a line and column when the file is not
/// JSON), what kind of value is expected and what kind was found — never the values themselves.
enum DecodingFailure {
    static func summary(_ error: any Error, in data: Data) -> String {
        guard let error = error as? DecodingError else { return JSONErrorLocation(in: data)?.description ?? "unreadable JSON" }
        func path(_ context: DecodingError.Context) -> String {
            let parts = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
            return parts.isEmpty ? "top level" : parts.joined()
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(path(context)): expected \(kind(of: type)), found \(found(at: context.codingPath, in: data))"
        case .valueNotFound(let type, let context):
            return "\(path(context)): expected \(kind(of: type)), found null"
        case .keyNotFound(let key, let context):
            return "\(path(context)): missing key \(key.stringValue)"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty, let location = JSONErrorLocation(in: data) { return location.description }
            // The decoder reports a number that fits no whole-number field (2.5, 1e30) as "not valid
            // JSON" without a path; every number in these files is a whole one, so it is that number.
            if context.codingPath.isEmpty, let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
                let culprit = firstNumberThatIsNotWhole(in: json)
            {
                return "\(culprit.path.isEmpty ? "top level" : culprit.path): expected a whole number, found \(culprit.found)"
            }
            return "\(path(context)): a value that cannot be read here (\(found(at: context.codingPath, in: data)))"
        @unknown default:
            return "unreadable JSON"
        }
    }

    /// What a Swift type stands for, in the words of a JSON file's editor.
    private static func kind(of type: Any.Type) -> String {
        switch type {
        case is Int.Type, is Int64.Type, is UInt64.Type, is Int32.Type: "a whole number"
        case is Double.Type, is Float.Type: "a number"
        case is String.Type: "text"
        case is Bool.Type: "true or false"
        default:
            String(describing: type).hasPrefix("Array")
                ? "a list" : String(describing: type).hasPrefix("Dictionary") ? "an object" : "a value"
        }
    }

    /// The path of the first number in `json` that is not a whole number a field can hold, and what it is.
    private static func firstNumberThatIsNotWhole(in json: Any, at path: String = "") -> (path: String, found: String)? {
        switch json {
        case let array as [Any]:
            for (index, element) in array.enumerated() {
                if let hit = firstNumberThatIsNotWhole(in: element, at: path + "[\(index)]") { return hit }
            }
        case let object as [String: Any]:
            for key in object.keys.sorted() {
                if let hit = firstNumberThatIsNotWhole(in: object[key]!, at: path + "." + key) { return hit }
            }
        case let number as NSNumber where String(cString: number.objCType) != "c":
            let value = number.doubleValue
            if value != value.rounded() { return (path, "a number with a fraction") }
            if abs(value) >= 9.2e18 { return (path, "a number too large") }
        default:
            break
        }
        return nil
    }

    /// The kind of value at `path` in `data` (never the value: the files hold roast texts).
    private static func found(at path: [any CodingKey], in data: Data) -> String {
        guard var value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return "something else" }
        for key in path {
            if let index = key.intValue, let array = value as? [Any], array.indices.contains(index) {
                value = array[index]
            } else if let object = value as? [String: Any], let next = object[key.stringValue] {
                value = next
            } else {
                return "something else"
            }
        }
        switch value {
        case is String: return "text"
        case is NSNull: return "null"
        case is [Any]: return "a list"
        case is [String: Any]: return "an object"
        case let number as NSNumber:
            if String(cString: number.objCType) == "c" { return "true or false" }
            return number.doubleValue == number.doubleValue.rounded() ? "a whole number" : "a number with a fraction"
        default: return "something else"
        }
    }
}
