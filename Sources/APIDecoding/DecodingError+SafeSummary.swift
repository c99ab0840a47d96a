extension DecodingError {
    /// What went wrong and where, by key names only: decoding errors can quote payload values (message text), which
    /// must not reach logs.
    ///
    /// - Parameter depth: leading coding-path components to leave out (the path down to the caller).
    public func safeSummary(below depth: Int = 0) -> String {
        func path(_ context: Context) -> String {
            context.codingPath.dropFirst(depth).map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
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
