import Foundation

/// Where a text stops being JSON, as a person editing the file finds it: a line and a column
/// (1-based), and what JSONSerialization found there. Used for every JSON file an operator edits
/// (settings, the roast library, collections).
public struct JSONErrorLocation: Sendable, Hashable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    /// What is wrong there, lower-case (`invalid value`, `unexpected end of file during json parse`).
    public let reason: String

    /// The location of the syntax error in `data`, or nil when `data` is JSON.
    public init?(in data: Data) {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            self.init(error, in: data)
        }
    }

    /// The location JSONSerialization's `error` points at in `data` ("… around character N"; the
    /// end of the text when it names none).
    public init(_ error: any Error, in data: Data) {
        let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        let bytes = [UInt8](data)
        var offset = bytes.count
        if let range = detail.range(of: #"around character \d+"#, options: .regularExpression),
            let number = Int(detail[range].split(separator: " ").last ?? "")
        {
            offset = min(bytes.count, max(0, number))
        }
        let before = bytes[..<offset]
        line = before.count(where: { $0 == UInt8(ascii: "\n") }) + 1
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
        reason = detail.replacingOccurrences(of: #" around character \d+"#, with: "", options: .regularExpression)
            .trimmingCharacters(in: CharacterSet(charactersIn: ". ")).lowercased()
    }

    /// `not valid JSON at line 3, column 16 (invalid value)`.
    public var description: String { "not valid JSON at line \(line), column \(column) (\(reason))" }
}
