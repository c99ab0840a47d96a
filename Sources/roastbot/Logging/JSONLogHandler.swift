import Foundation
import Logging
import Timekeeping

/// Writes each log event to standard error as one JSON object on one line — `time` (RFC 3339, UTC,
/// milliseconds), `level`, `logger`, `message`, `metadata` (an object; arrays and nested objects kept),
/// and `error` when the event carries one — for journald, Loki and friends (`log_format json`).
/// Secrets are scrubbed before this handler sees an event (``RedactingLogHandler`` wraps it).
struct JSONLogHandler: LogHandler {
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    private let label: String
    private let write: @Sendable (String) -> Void

    /// - Parameter write: receives each line, newline included (tests collect them).
    init(label: String, write: @escaping @Sendable (String) -> Void = Self.standardError) {
        self.label = label
        self.write = write
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        var line = "{\"time\":\"\(InstantText.utc(Date(), fractionDigits: 3))\",\"level\":\"\(event.level.rawValue)\",\"logger\":"
        Self.append(string: label, to: &line)
        line += ",\"message\":"
        Self.append(string: event.message.description, to: &line)
        line += ",\"metadata\":"
        Self.append(.dictionary(merged), to: &line)
        if let error = event.error {
            line += ",\"error\":"
            Self.append(string: String(describing: error), to: &line)
        }
        line += "}\n"
        write(line)
    }

    /// One write per line, so that lines from different threads never interleave.
    static let standardError: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data(line.utf8))
    }

    // MARK: - JSON

    private static func append(_ value: Logger.MetadataValue, to line: inout String) {
        switch value {
        case .string(let text): append(string: text, to: &line)
        case .stringConvertible(let convertible): append(string: convertible.description, to: &line)
        case .array(let values):
            line += "["
            for (index, element) in values.enumerated() {
                if index > 0 { line += "," }
                append(element, to: &line)
            }
            line += "]"
        case .dictionary(let values):
            line += "{"
            for (index, key) in values.keys.sorted().enumerated() {
                if index > 0 { line += "," }
                append(string: key, to: &line)
                line += ":"
                if let element = values[key] { append(element, to: &line) }
            }
            line += "}"
        }
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped; the rest, any
    /// language or emoji, kept as UTF-8.
    static func append(string text: String, to line: inout String) {
        line += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": line += "\\\""
            case "\\": line += "\\\\"
            case "\n": line += "\\n"
            case "\r": line += "\\r"
            case "\t": line += "\\t"
            case let control where control.value < 0x20 || control.value == 0x7F:
                let hex = String(control.value, radix: 16)
                line += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: line.unicodeScalars.append(scalar)
            }
        }
        line += "\""
    }
}
