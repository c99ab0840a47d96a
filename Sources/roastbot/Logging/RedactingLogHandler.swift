import Logging

/// Wraps a log handler and replaces any occurrence of a secret (bot token, API key) in messages and
/// metadata with `<redacted>`. Code never logs secrets on purpose; this is the second fence.
struct RedactingLogHandler: LogHandler {
    private var inner: any LogHandler
    private let secrets: [String]

    init(wrapping inner: any LogHandler, secrets: [String]) {
        self.inner = inner
        // Also catch the part after the colon of a bot token, which is the actual secret.
        var all = secrets.filter { $0.count >= 6 }
        for secret in all { if let colon = secret.firstIndex(of: ":") { all.append(String(secret[secret.index(after: colon)...])) } }
        self.secrets = all.filter { $0.count >= 6 }.sorted { $0.count > $1.count }
    }

    var logLevel: Logger.Level {
        get { inner.logLevel }
        set { inner.logLevel = newValue }
    }

    var metadata: Logger.Metadata {
        get { inner.metadata }
        set { inner.metadata = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { inner[metadataKey: key] }
        set { inner[metadataKey: key] = newValue }
    }

    func log(event: LogEvent) {
        var event = event
        event.message = Logger.Message(stringLiteral: scrub(event.message.description))
        event.metadata = event.metadata?.mapValues(scrub)
        if let error = event.error {
            let text = String(describing: error)
            let clean = scrub(text)
            if clean != text { event.error = RedactedError(description: clean) }
        }
        inner.log(event: event)
    }

    /// Stands in for an error whose description contained a secret.
    private struct RedactedError: Error, CustomStringConvertible {
        let description: String
    }

    private func scrub(_ value: Logger.MetadataValue) -> Logger.MetadataValue {
        switch value {
        case .string(let text): .string(scrub(text))
        case .stringConvertible(let convertible): .string(scrub(convertible.description))
        case .array(let values): .array(values.map(scrub))
        case .dictionary(let values): .dictionary(values.mapValues(scrub))
        }
    }

    private func scrub(_ text: String) -> String {
        secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: "<redacted>") }
    }
}
