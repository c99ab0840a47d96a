import Foundation

/// Short, content-free accounts of JSON decoding failures for the data files the bot loads (the roast
/// library, collections): what went wrong and where, never the values themselves.
enum DecodingFailure {
    static func summary(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "unreadable JSON" }
        func path(_ context: DecodingError.Context) -> String {
            let parts = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
            return parts.isEmpty ? "top level" : parts.joined()
        }
        switch error {
        case .typeMismatch(let type, let context): return "expected \(type) at \(path(context))"
        case .valueNotFound(let type, let context): return "missing \(type) value at \(path(context))"
        case .keyNotFound(let key, let context): return "missing key \(key.stringValue) at \(path(context))"
        case .dataCorrupted(let context): return "invalid JSON at \(path(context))"
        @unknown default: return "unreadable JSON"
        }
    }
}
