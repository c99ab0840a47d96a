import ChatPlatform
import Logging
import RoastStore
import Synchronization

/// Stable pseudonyms for the people named in log lines: a private chat's id is a person's id, and a
/// log outlives `/forgetme` (journald keeps it for as long as the host is configured to). Lines carry
/// `u` and 12 hex digits of an HMAC of the id under the database's own secret instead
/// (``StoreTransaction/pseudonymKey()``): the same person gets the same pseudonym in every line and
/// across restarts, and only someone holding the database (and an id to try) can tell who it is.
/// Groups, supergroups and channels (negative ids) are not people: their ids are logged as they are.
///
/// One function, ``pseudonym(of:)``, names a person in a line; ``PseudonymisingLogHandler`` applies
/// it to every metadata value that holds an id (see there), so that no log site does it by hand.
final class LogPseudonyms: Sendable {
    private let digest = Mutex<KeyedDigest?>(nil)

    init() {}

    /// Starts naming people with `key` (the database's secret), once the database is open.
    func install(key: [UInt8]) {
        digest.withLock { $0 = KeyedDigest(key: key) }
    }

    /// The pseudonym of the person (or private chat) `id`; `u?` before the database's secret is known,
    /// never the id.
    func pseudonym(of id: Int64) -> String {
        guard let digest = digest.withLock({ $0 }) else { return "u?" }
        return "u" + digest.hex("log:\(id)").prefix(12)
    }

    /// `value` with any person's id in it replaced: a ``UserID``, a private chat's ``ChatID``, or a
    /// positive whole number under one of ``personalKeys``.
    func scrub(_ value: Logger.MetadataValue, key: String?) -> Logger.MetadataValue {
        switch value {
        case .stringConvertible(let user as UserID): return .string(pseudonym(of: user.rawValue))
        case .stringConvertible(let chat as ChatID): return chat.rawValue > 0 ? .string(pseudonym(of: chat.rawValue)) : value
        case .stringConvertible(let other):
            guard let key, Self.personalKeys.contains(key), let id = Int64(other.description), id > 0 else { return value }
            return .string(pseudonym(of: id))
        case .string(let text):
            guard let key, Self.personalKeys.contains(key), let id = Int64(text), id > 0 else { return value }
            return .string(pseudonym(of: id))
        case .array(let values): return .array(values.map { scrub($0, key: key) })
        case .dictionary(let values): return .dictionary(Dictionary(uniqueKeysWithValues: values.map { ($0, scrub($1, key: $0)) }))
        }
    }

    /// Metadata keys whose values are chat or person ids in the bot's log lines.
    static let personalKeys: Set<String> = ["chat", "user", "person", "sender", "from", "to", "requester"]
}

/// Wraps a log handler and replaces people's ids in metadata by their pseudonyms
/// (``LogPseudonyms/scrub(_:key:)``), in the event's metadata and in the logger's own.
struct PseudonymisingLogHandler: LogHandler {
    private var inner: any LogHandler
    private let pseudonyms: LogPseudonyms

    init(wrapping inner: any LogHandler, pseudonyms: LogPseudonyms) {
        self.inner = inner
        self.pseudonyms = pseudonyms
    }

    var logLevel: Logger.Level {
        get { inner.logLevel }
        set { inner.logLevel = newValue }
    }

    var metadata: Logger.Metadata {
        get { inner.metadata }
        set { inner.metadata = Dictionary(uniqueKeysWithValues: newValue.map { ($0, pseudonyms.scrub($1, key: $0)) }) }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { inner[metadataKey: key] }
        set { inner[metadataKey: key] = newValue.map { pseudonyms.scrub($0, key: key) } }
    }

    func log(event: LogEvent) {
        var event = event
        event.metadata = event.metadata.map { metadata in
            Dictionary(uniqueKeysWithValues: metadata.map { ($0, pseudonyms.scrub($1, key: $0)) })
        }
        inner.log(event: event)
    }
}
