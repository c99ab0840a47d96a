// swift-format-ignore-file: AlwaysUseLowerCamelCase

// Decoding structs mirror snake_case JSON keys.
import Foundation
import RoastCore

/// Why the settings cannot be used; each description is one line for the operator.
enum SettingsError: Error, CustomStringConvertible, Sendable, Hashable {
    case unreadableFile(path: String, reason: String)
    case malformedFile(path: String, reason: String)
    case invalidValue(key: String, value: String, expected: String)

    public var description: String {
        switch self {
        case .unreadableFile(let path, let reason): "cannot read config file \(path): \(reason)"
        case .malformedFile(let path, let reason): "config file \(path) is not valid: \(reason)"
        case .invalidValue(let key, let value, let expected): "setting \(key) = \"\(value)\" is invalid: expected \(expected)"
        }
    }
}

extension BotSettings {
    /// Loads `file` (if given) and applies the environment on top.
    static func load(file: String?, environment: [String: String]) throws(SettingsError) -> BotSettings {
        var settings = BotSettings()
        if let file { try settings.apply(file: file) }
        try settings.apply(environment: environment)
        return settings
    }

    /// The JSON file's shape. Unknown keys are rejected so that a typo is not silently ignored.
    private struct File: Decodable {
        struct Telegram: Decodable {
            var api_url: String?
            var poll_timeout: Int?
            var connect_timeout: Double?
            var request_timeout: Double?
            var token_file: String?
        }
        struct Throttle: Decodable {
            var per_chat_interval: Double?
            var window_margin: Double?
            var per_group_per_minute: Int?
            var global_per_second: Int?
        }
        struct AI: Decodable {
            var enabled: Bool?
            var base_url: String?
            var model: String?
            var timeout: Double?
        }
        struct Abuse: Decodable {
            var limit: Int?
            var window: Double?
            var cooldown: Double?
        }
        struct Metrics: Decodable {
            var address: String?
        }
        struct Webhook: Decodable {
            var url: String?
            var address: String?
            var max_connections: Int?
            var max_body_bytes: Int?
        }
        struct Backup: Decodable {
            var directory: String?
            var time: String?
            var keep: Int?
        }
        var telegram: Telegram?
        var abuse: Abuse?
        var metrics: Metrics?
        var webhook: Webhook?
        var backup: Backup?
        var log_format: String?
        var throttle: Throttle?
        var ai: AI?
        var blocklist: String?
        var database: String?
        var library: String?
        var collections: String?
        var log_level: String?
        var seed: UInt64?
        var shutdown_grace: Double?
        var retention_days: Int?
    }

    private static let knownKeys: [String: Set<String>] = [
        "": [
            "telegram", "throttle", "abuse", "ai", "blocklist", "database", "library", "collections", "log_level", "seed", "shutdown_grace",
            "retention_days", "metrics", "webhook", "backup", "log_format", "_comment",
        ],
        "metrics": ["address", "_comment"],
        "webhook": ["url", "address", "max_connections", "max_body_bytes", "_comment"],
        "backup": ["directory", "time", "keep", "_comment"],
        "abuse": ["limit", "window", "cooldown", "_comment"],
        "ai": ["enabled", "base_url", "model", "timeout", "_comment"],
        "telegram": ["api_url", "poll_timeout", "connect_timeout", "request_timeout", "token_file", "_comment"],
        "throttle": ["per_chat_interval", "per_group_per_minute", "global_per_second", "window_margin", "_comment"],
    ]

    mutating func apply(file path: String) throws(SettingsError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadableFile(path: path, reason: (error as NSError).localizedFailureReason ?? "no such file or not readable")
        }
        let file: File
        do {
            let object = try JSONSerialization.jsonObject(with: data)
            guard let root = object as? [String: Any] else {
                throw SettingsError.malformedFile(path: path, reason: "the top level must be an object")
            }
            for (section, keys) in Self.knownKeys {
                let dictionary = section.isEmpty ? root : (root[section] as? [String: Any] ?? [:])
                if let unknown = dictionary.keys.sorted().first(where: { !keys.contains($0) }) {
                    throw SettingsError.malformedFile(path: path, reason: "unknown key \(section.isEmpty ? "" : section + ".")\(unknown)")
                }
            }
            file = try JSONDecoder().decode(File.self, from: data)
        } catch let error as SettingsError {
            throw error
        } catch let DecodingError.typeMismatch(type, context) {
            throw .malformedFile(path: path, reason: "\(Self.path(context.codingPath)) must be \(type)")
        } catch let DecodingError.valueNotFound(type, context) {
            throw .malformedFile(path: path, reason: "\(Self.path(context.codingPath)) must be \(type)")
        } catch let DecodingError.dataCorrupted(context) {
            throw .malformedFile(
                path: path, reason: context.codingPath.isEmpty ? "not JSON" : "\(Self.path(context.codingPath)) is malformed")
        } catch {
            throw .malformedFile(path: path, reason: "not JSON")
        }
        if let value = file.telegram?.api_url { telegram.apiURL = value }
        if let value = file.telegram?.poll_timeout { telegram.pollTimeout = value }
        if let value = file.telegram?.connect_timeout { telegram.connectTimeout = value }
        if let value = file.telegram?.request_timeout { telegram.requestTimeout = value }
        if let tokenFile = file.telegram?.token_file { telegram.token = try Self.readToken(tokenFile) }
        if let value = file.abuse?.limit { abuse.limit = value }
        if let value = file.abuse?.window { abuse.window = value }
        if let value = file.abuse?.cooldown { abuse.cooldown = value }
        if let value = file.throttle?.per_chat_interval { throttle.perChatInterval = value }
        if let value = file.throttle?.window_margin { throttle.margin = value }
        if let value = file.throttle?.per_group_per_minute { throttle.perGroupPerMinute = value }
        if let value = file.throttle?.global_per_second { throttle.globalPerSecond = value }
        if let value = file.ai?.enabled { ai.enabled = value }
        if let value = file.ai?.base_url { ai.baseURL = value }
        if let value = file.ai?.model { ai.model = value }
        if let value = file.ai?.timeout { ai.timeout = value }
        if let value = file.blocklist { blockListPath = value }
        if let value = file.database { databasePath = value }
        if let value = file.library { libraryPath = value }
        if let value = file.collections { collectionsPath = value }
        if let value = file.log_level { logLevel = value }
        if let value = file.seed { seed = value }
        if let value = file.shutdown_grace { shutdownGrace = value }
        if let value = file.retention_days { retentionDays = value }
        if let value = file.metrics?.address { metricsAddress = try Self.listenAddress(value, key: "metrics.address") }
        if let value = file.webhook?.url { webhook.url = value }
        if let value = file.webhook?.address { webhook.address = try Self.listenAddress(value, key: "webhook.address") }
        if let value = file.webhook?.max_connections { webhook.maxConnections = value }
        if let value = file.webhook?.max_body_bytes { webhook.maxBodyBytes = value }
        if let value = file.backup?.directory { backup.directory = value }
        if let value = file.backup?.time { backup.time = value }
        if let value = file.backup?.keep { backup.keep = value }
        if let value = file.log_format { logFormat = try Self.logFormat(value, key: "log_format") }
        try validate()
    }

    mutating func apply(environment: [String: String]) throws(SettingsError) {
        if let token = environment["TELEGRAM_BOT_TOKEN"]?.trimmingCharacters(in: .whitespacesAndNewlines), !token.isEmpty {
            telegram.token = token
        }
        if let value = environment["TELEGRAM_API_URL"], !value.isEmpty { telegram.apiURL = value }
        if let key = environment["ROASTBOT_AI_KEY"]?.trimmingCharacters(in: .whitespacesAndNewlines), !key.isEmpty { ai.key = key }
        if let value = environment["ROASTBOT_AI_URL"], !value.isEmpty {
            ai.baseURL = value
            ai.enabled = true
        }
        if let value = environment["ROASTBOT_AI_MODEL"], !value.isEmpty { ai.model = value }
        if let value = environment["ROASTBOT_BLOCKLIST"], !value.isEmpty { blockListPath = value }
        if let value = environment["ROASTBOT_DB"], !value.isEmpty { databasePath = value }
        if let value = environment["ROASTBOT_LIBRARY"], !value.isEmpty { libraryPath = value }
        if let value = environment["ROASTBOT_COLLECTIONS"], !value.isEmpty { collectionsPath = value }
        if let value = environment["ROASTBOT_LOG_LEVEL"], !value.isEmpty { logLevel = value.lowercased() }
        if let value = environment["ROASTBOT_STORE_FAULT_FILE"], !value.isEmpty { storeFaultFile = value }
        if let value = environment["ROASTBOT_METRICS_ADDRESS"], !value.isEmpty {
            metricsAddress = try Self.listenAddress(value, key: "ROASTBOT_METRICS_ADDRESS")
        }
        if let value = environment["ROASTBOT_WEBHOOK_URL"], !value.isEmpty { webhook.url = value }
        if let value = environment["ROASTBOT_WEBHOOK_ADDRESS"], !value.isEmpty {
            webhook.address = try Self.listenAddress(value, key: "ROASTBOT_WEBHOOK_ADDRESS")
        }
        if let value = environment["ROASTBOT_BACKUP_DIR"], !value.isEmpty { backup.directory = value }
        if let value = environment["ROASTBOT_BACKUP_TIME"], !value.isEmpty { backup.time = value }
        if let value = environment["ROASTBOT_BACKUP_KEEP"], !value.isEmpty {
            guard let keep = Int(value) else { throw .invalidValue(key: "ROASTBOT_BACKUP_KEEP", value: value, expected: "a count, 1–3650") }
            backup.keep = keep
        }
        if let value = environment["ROASTBOT_LOG_FORMAT"], !value.isEmpty {
            logFormat = try Self.logFormat(value, key: "ROASTBOT_LOG_FORMAT")
        }
        if let value = environment["ROASTBOT_ABUSE_LIMIT"], !value.isEmpty {
            guard let limit = Int(value), limit >= 0 else {
                throw .invalidValue(key: "ROASTBOT_ABUSE_LIMIT", value: value, expected: "a count ≥ 0 (0 = off)")
            }
            abuse.limit = limit
        }
        if let value = environment["ROASTBOT_RETENTION_DAYS"], !value.isEmpty {
            guard let days = Int(value) else {
                throw .invalidValue(key: "ROASTBOT_RETENTION_DAYS", value: value, expected: "whole days, 1–3650")
            }
            retentionDays = days
        }
        if let value = environment["ROASTBOT_SEED"], !value.isEmpty {
            guard let seed = UInt64(value) else { throw .invalidValue(key: "ROASTBOT_SEED", value: value, expected: "an unsigned integer") }
            self.seed = seed
        }
        if let value = environment["ROASTBOT_CLOCK_START"], !value.isEmpty {
            guard let start = Self.parseInstant(value) else {
                throw .invalidValue(
                    key: "ROASTBOT_CLOCK_START", value: value, expected: "an ISO 8601 instant like 2026-02-10T08:55:00+07:00")
            }
            clockStart = start
        }
        if let value = environment["ROASTBOT_CLOCK_RATE"], !value.isEmpty {
            guard let rate = Double(value), rate > 0, rate.isFinite else {
                throw .invalidValue(key: "ROASTBOT_CLOCK_RATE", value: value, expected: "a positive number")
            }
            clockRate = rate
        }
        try validate()
    }

    private func validate() throws(SettingsError) {
        guard Self.logLevels.contains(logLevel) else {
            throw .invalidValue(key: "log_level", value: logLevel, expected: Self.logLevels.joined(separator: "|"))
        }
        guard let url = URL(string: telegram.apiURL), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
            throw .invalidValue(key: "telegram.api_url", value: telegram.apiURL, expected: "an http(s) URL")
        }
        guard (0...50).contains(telegram.pollTimeout) else {
            throw .invalidValue(key: "telegram.poll_timeout", value: "\(telegram.pollTimeout)", expected: "0…50 seconds")
        }
        guard telegram.connectTimeout > 0, telegram.requestTimeout > 0 else {
            throw .invalidValue(
                key: "telegram timeouts", value: "\(telegram.connectTimeout)/\(telegram.requestTimeout)", expected: "positive seconds")
        }
        guard throttle.perChatInterval >= 0, throttle.perGroupPerMinute > 0, throttle.globalPerSecond > 0,
            (0...1).contains(throttle.margin)
        else {
            throw .invalidValue(key: "throttle", value: "\(throttle)", expected: "positive limits")
        }
        if let base = ai.baseURL {
            guard let url = URL(string: base), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
                throw .invalidValue(key: "ai.base_url", value: base, expected: "an http(s) URL")
            }
        }
        guard ai.timeout > 0, ai.timeout <= 60 else {
            throw .invalidValue(key: "ai.timeout", value: "\(ai.timeout)", expected: "0–60 seconds")
        }
        guard abuse.limit >= 0, abuse.window > 0, abuse.cooldown >= 0 else {
            throw .invalidValue(key: "abuse", value: "\(abuse)", expected: "limit ≥ 0 (0 = off), window > 0, cooldown ≥ 0")
        }
        guard (1...3650).contains(retentionDays) else {
            throw .invalidValue(key: "retention_days", value: "\(retentionDays)", expected: "whole days, 1–3650")
        }
        guard shutdownGrace >= 0 else {
            throw .invalidValue(key: "shutdown_grace", value: "\(shutdownGrace)", expected: "seconds ≥ 0")
        }
        try validateOperations()
    }

    /// The listeners, webhook mode and backups.
    func validateOperations() throws(SettingsError) {
        if let url = webhook.url {
            guard let parsed = URL(string: url), let scheme = parsed.scheme, ["http", "https"].contains(scheme), parsed.host != nil,
                parsed.query == nil, parsed.fragment == nil
            else {
                throw .invalidValue(
                    key: "webhook.url", value: url, expected: "an https URL without query, e.g. https://bot.example.com/telegram")
            }
        }
        guard (1...100).contains(webhook.maxConnections) else {
            throw .invalidValue(key: "webhook.max_connections", value: "\(webhook.maxConnections)", expected: "1–100")
        }
        guard (1_024...(64 << 20)).contains(webhook.maxBodyBytes) else {
            throw .invalidValue(key: "webhook.max_body_bytes", value: "\(webhook.maxBodyBytes)", expected: "1024 bytes to 64 MB")
        }
        guard LocalTime(backup.time) != nil else {
            throw .invalidValue(key: "backup.time", value: backup.time, expected: "HH:MM, the machine's local time")
        }
        guard (1...3650).contains(backup.keep) else {
            throw .invalidValue(key: "backup.keep", value: "\(backup.keep)", expected: "a count, 1–3650")
        }
    }

    /// The path the webhook is served at: its URL's path (`/` when it has none).
    var webhookPath: String? {
        guard let url = webhook.url.flatMap(URL.init(string:)) else { return nil }
        return url.path.isEmpty ? "/" : url.path
    }

    private static func listenAddress(_ text: String, key: String) throws(SettingsError) -> ListenAddress {
        guard let address = ListenAddress(text) else {
            throw .invalidValue(key: key, value: text, expected: "host:port with an IP address, e.g. 127.0.0.1:9464 or [::1]:9464")
        }
        return address
    }

    private static func logFormat(_ text: String, key: String) throws(SettingsError) -> LogFormat {
        guard let format = LogFormat(rawValue: text.lowercased()) else {
            throw .invalidValue(key: key, value: text, expected: LogFormat.allCases.map(\.rawValue).joined(separator: "|"))
        }
        return format
    }

    /// Reads a token file, refusing one that others can read (it is a secret).
    private static func readToken(_ path: String) throws(SettingsError) -> String {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let permissions = attributes[.posixPermissions] as? Int
        else { throw .unreadableFile(path: path, reason: "token file not found") }
        guard permissions & 0o077 == 0 else {
            throw .unreadableFile(path: path, reason: "token file must not be readable by group or others (chmod 600)")
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw .unreadableFile(path: path, reason: "token file is not readable text")
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// An RFC 3339 instant, with or without fractional seconds.
    ///
    /// Parsed with `Date.ISO8601FormatStyle` rather than `ISO8601DateFormatter`, which builds an ICU
    /// calendar and date format (megabytes of resident ICU data, milliseconds of start-up). The format
    /// style rolls an out-of-range clock time (`T25:00`) over to the next day, so hours, minutes and
    /// seconds are range-checked first.
    static func parseInstant(_ text: String) -> Date? {
        guard hasValidClockTime(text) else { return nil }
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }

    /// Whether the `HH:mm:ss` after the `T` is a time of day (hour < 24, minute < 60, second < 60).
    private static func hasValidClockTime(_ text: String) -> Bool {
        guard let separator = text.firstIndex(of: "T") else { return false }
        let fields = text[text.index(after: separator)...].prefix(8).split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 3, let hour = Int(fields[0]), let minute = Int(fields[1]), let second = Int(fields[2]) else {
            return false
        }
        return (0..<24).contains(hour) && (0..<60).contains(minute) && (0..<60).contains(second)
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.map(\.stringValue).joined(separator: ".")
    }
}
