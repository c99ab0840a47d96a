import Foundation
import RoastCore

extension BotSettings {
    /// Loads `file` (if given), applies the environment on top and then `--webhook` (`webhookOption`),
    /// and checks every value. Each error is one line naming what the operator wrote.
    static func load(file: String?, environment: [String: String], webhookOption: String? = nil) throws(SettingsError) -> BotSettings {
        var settings = BotSettings()
        if let file { try settings.apply(file: file) }
        try settings.apply(environment: environment)
        if let webhookOption {
            try settings.assign("webhook.url", .text(webhookOption), from: .option("--webhook"))
        }
        try settings.validate()
        return settings
    }

    /// The keys of the settings file, by section ("" is the top level). Unknown keys are refused so
    /// that a typo is not silently ignored; every key here has a case in ``assign(_:_:from:)``.
    static let fileKeys: [String: [String]] = [
        "": [
            "abuse", "ai", "backup", "blocklist", "collections", "database", "library", "log_format", "log_level", "metrics",
            "retention_days", "seed", "shutdown_grace", "telegram", "throttle", "webhook",
        ],
        "telegram": ["api_url", "connect_timeout", "poll_timeout", "request_timeout", "token_file"],
        "throttle": ["global_per_second", "per_chat_interval", "per_group_per_minute", "window_margin"],
        "abuse": ["cooldown", "limit", "window"],
        "ai": ["base_url", "enabled", "model", "timeout"],
        "metrics": ["address"],
        "webhook": ["address", "max_body_bytes", "max_connections", "url"],
        "backup": ["directory", "keep", "time"],
    ]

    /// The environment variables and the setting each one sets (named by its file key; the clock's
    /// have no file key). `TELEGRAM_BOT_TOKEN` and `ROASTBOT_AI_KEY` are secrets, read apart.
    static let environmentVariables: [(variable: String, key: String)] = [
        ("TELEGRAM_API_URL", "telegram.api_url"), ("DISCORD_API_URL", "discord.api_url"),
        ("DISCORD_COMMAND_GUILD", "discord.command_guild"), ("ROASTBOT_AI_URL", "ai.base_url"), ("ROASTBOT_AI_MODEL", "ai.model"),
        ("ROASTBOT_BLOCKLIST", "blocklist"), ("ROASTBOT_DB", "database"), ("ROASTBOT_LIBRARY", "library"),
        ("ROASTBOT_COLLECTIONS", "collections"), ("ROASTBOT_LOG_LEVEL", "log_level"), ("ROASTBOT_LOG_FORMAT", "log_format"),
        ("ROASTBOT_STORE_FAULT_FILE", "store_fault_file"), ("ROASTBOT_METRICS_ADDRESS", "metrics.address"),
        ("ROASTBOT_WEBHOOK_URL", "webhook.url"), ("ROASTBOT_WEBHOOK_ADDRESS", "webhook.address"),
        ("ROASTBOT_BACKUP_DIR", "backup.directory"), ("ROASTBOT_BACKUP_TIME", "backup.time"), ("ROASTBOT_BACKUP_KEEP", "backup.keep"),
        ("ROASTBOT_ABUSE_LIMIT", "abuse.limit"), ("ROASTBOT_RETENTION_DAYS", "retention_days"), ("ROASTBOT_SEED", "seed"),
        ("ROASTBOT_CLOCK_START", "clock_start"), ("ROASTBOT_CLOCK_RATE", "clock_rate"),
    ]

    mutating func apply(file path: String) throws(SettingsError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadableFile(path: path, reason: (error as NSError).localizedFailureReason ?? "no such file or not readable")
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .notJSON(path: path, JSONErrorLocation(error, in: data))
        }
        guard let root = object as? [String: Any] else {
            throw .malformedFile(
                path: path, reason: "the top level is not an object", expected: "an object of settings (see config/roastbot.example.json)")
        }
        for section in Self.fileKeys[""] ?? [] {
            guard let keys = Self.fileKeys[section], let value = root[section] else { continue }
            guard value is [String: Any] else {
                throw .invalidValue(
                    .file(path: path, key: section), value: Self.written(json: value),
                    expected: "an object with " + keys.joined(separator: ", "))
            }
        }
        for (section, keys) in Self.fileKeys.sorted(by: { $0.key < $1.key }) {
            let dictionary = section.isEmpty ? root : (root[section] as? [String: Any] ?? [:])
            let known = Set(keys + ["_comment"])
            if let unknown = dictionary.keys.sorted().first(where: { !known.contains($0) }) {
                let listed = section.isEmpty ? "" : section + "."
                throw .malformedFile(path: path, reason: "unknown key \(listed)\(unknown)", expected: keys.joined(separator: ", "))
            }
        }
        for (section, keys) in Self.fileKeys.sorted(by: { $0.key < $1.key }) {
            let dictionary = section.isEmpty ? root : (root[section] as? [String: Any] ?? [:])
            for name in keys where !(section.isEmpty && Self.fileKeys[name] != nil) {
                guard let value = dictionary[name] else { continue }
                let key = section.isEmpty ? name : "\(section).\(name)"
                try assign(key, .json(value), from: .file(path: path, key: key))
            }
        }
    }

    mutating func apply(environment: [String: String]) throws(SettingsError) {
        if let token = environment["TELEGRAM_BOT_TOKEN"]?.trimmingCharacters(in: .whitespacesAndNewlines), !token.isEmpty {
            try Self.checkToken(token, origin: .environment("TELEGRAM_BOT_TOKEN"), file: nil)
            telegram.token = token
            sources["telegram.token"] = Source(origin: .environment("TELEGRAM_BOT_TOKEN"), written: "(secret)")
        }
        if let token = environment["DISCORD_BOT_TOKEN"]?.trimmingCharacters(in: .whitespacesAndNewlines), !token.isEmpty {
            if let bad = token.first(where: { $0.isWhitespace || $0.unicodeScalars.contains { $0.properties.generalCategory == .control } })
            {
                throw .malformedSecret(
                    .environment("DISCORD_BOT_TOKEN"), file: nil, what: "a bot token", problem: "it contains \(Self.name(of: bad))",
                    expected: "the token as the Developer Portal gives it, without spaces or line breaks")
            }
            discord.token = token
            sources["discord.token"] = Source(origin: .environment("DISCORD_BOT_TOKEN"), written: "(secret)")
        }
        if let key = environment["ROASTBOT_AI_KEY"]?.trimmingCharacters(in: .whitespacesAndNewlines), !key.isEmpty {
            if let bad = key.first(where: { $0.isWhitespace || $0.unicodeScalars.contains { $0.properties.generalCategory == .control } }) {
                throw .malformedSecret(
                    .environment("ROASTBOT_AI_KEY"), file: nil, what: "an API key", problem: "it contains \(Self.name(of: bad))",
                    expected: "the key as the provider gives it, without spaces or line breaks")
            }
            ai.key = key
        }
        for (variable, key) in Self.environmentVariables {
            guard let value = environment[variable], !value.isEmpty else { continue }
            try assign(key, .text(value), from: .environment(variable))
        }
    }

    /// Where the value of `key` came from (its file key when it is the default).
    func origin(of key: String) -> SettingOrigin {
        sources[key]?.origin ?? .defaultValue(key: key)
    }

    // MARK: - One setting

    /// A value as the file or the environment gives it.
    enum Written {
        case json(Any)
        case text(String)
    }

    /// Sets the setting `key` from `value`, remembering where it came from; a value of the wrong
    /// kind is an error naming `origin`, the value as written and what the key expects.
    mutating func assign(_ key: String, _ value: Written, from origin: SettingOrigin) throws(SettingsError) {
        let written =
            switch value {
            case .json(let json): Self.written(json: json)
            case .text(let text): Self.written(text: text)
            }
        sources[key] = Source(origin: origin, written: written)
        let wrong = SettingsError.invalidValue(origin, value: written, expected: Self.expectation(key))
        func need<Value>(_ parsed: Value?) throws(SettingsError) -> Value {
            guard let parsed else { throw wrong }
            return parsed
        }
        switch key {
        case "telegram.api_url": telegram.apiURL = try need(Self.string(value))
        case "discord.api_url": discord.apiURL = try need(Self.string(value))
        case "discord.command_guild": discord.commandGuild = Int64(try need(Self.int(value)))
        case "telegram.poll_timeout": telegram.pollTimeout = try need(Self.int(value))
        case "telegram.connect_timeout": telegram.connectTimeout = try need(Self.double(value))
        case "telegram.request_timeout": telegram.requestTimeout = try need(Self.double(value))
        case "telegram.token_file":
            let path = try need(Self.string(value))
            let token = try Self.readToken(path, origin: origin)
            try Self.checkToken(token, origin: origin, file: path)
            telegram.token = token
            sources["telegram.token"] = Source(origin: origin, written: written)
        case "throttle.per_chat_interval": throttle.perChatInterval = try need(Self.double(value))
        case "throttle.per_group_per_minute": throttle.perGroupPerMinute = try need(Self.int(value))
        case "throttle.global_per_second": throttle.globalPerSecond = try need(Self.int(value))
        case "throttle.window_margin": throttle.margin = try need(Self.double(value))
        case "abuse.limit": abuse.limit = try need(Self.int(value))
        case "abuse.window": abuse.window = try need(Self.double(value))
        case "abuse.cooldown": abuse.cooldown = try need(Self.double(value))
        case "ai.enabled": ai.enabled = try need(Self.bool(value))
        case "ai.base_url":
            ai.baseURL = try need(Self.string(value))
            // Naming a provider in the environment turns AI on; in the file, `ai.enabled` does.
            if case .text = value { ai.enabled = true }
        case "ai.model": ai.model = try need(Self.string(value))
        case "ai.timeout": ai.timeout = try need(Self.double(value))
        case "blocklist": blockListPath = try need(Self.string(value))
        case "database": databasePath = try need(Self.string(value))
        case "library": libraryPath = try need(Self.string(value))
        case "collections": collectionsPath = try need(Self.string(value))
        case "store_fault_file": storeFaultFile = try need(Self.string(value))
        case "log_level":
            logLevel = try need(Self.string(value).map { $0.lowercased() }.flatMap { Self.logLevels.contains($0) ? $0 : nil })
        case "log_format":
            logFormat = try need(Self.string(value).flatMap { LogFormat(rawValue: $0.lowercased()) })
        case "seed": seed = try need(Self.unsigned(value))
        case "shutdown_grace": shutdownGrace = try need(Self.double(value))
        case "retention_days": retentionDays = try need(Self.int(value))
        case "metrics.address": metricsAddress = try need(Self.string(value).flatMap { ListenAddress($0) })
        case "webhook.url": webhook.url = try need(Self.string(value))
        case "webhook.address": webhook.address = try need(Self.string(value).flatMap { ListenAddress($0) })
        case "webhook.max_connections": webhook.maxConnections = try need(Self.int(value))
        case "webhook.max_body_bytes": webhook.maxBodyBytes = try need(Self.int(value))
        case "backup.directory": backup.directory = try need(Self.string(value))
        case "backup.time": backup.time = try need(Self.string(value))
        case "backup.keep": backup.keep = try need(Self.int(value))
        case "clock_start": clockStart = try need(Self.string(value).flatMap(Self.parseInstant))
        case "clock_rate": clockRate = try need(Self.double(value))
        default: preconditionFailure("no setting \(key)")
        }
    }

    // MARK: - Kinds of value

    private static func string(_ value: Written) -> String? {
        switch value {
        case .json(let json): json as? String
        case .text(let text): text
        }
    }

    /// A whole number: a JSON integer (not a boolean, not 1.5), or digits with an optional sign.
    private static func int(_ value: Written) -> Int? {
        switch value {
        case .json(let json): isBoolean(json) || json is String ? nil : json as? Int
        case .text(let text): Int(text.trimmingCharacters(in: .whitespaces))
        }
    }

    private static func unsigned(_ value: Written) -> UInt64? {
        switch value {
        case .json(let json): isBoolean(json) || json is String ? nil : json as? UInt64
        case .text(let text): UInt64(text.trimmingCharacters(in: .whitespaces))
        }
    }

    /// A finite number.
    private static func double(_ value: Written) -> Double? {
        let number: Double? =
            switch value {
            case .json(let json): isBoolean(json) || json is String ? nil : json as? Double
            case .text(let text): Double(text.trimmingCharacters(in: .whitespaces))
            }
        return number.flatMap { $0.isFinite ? $0 : nil }
    }

    private static func bool(_ value: Written) -> Bool? {
        switch value {
        case .json(let json): isBoolean(json) ? json as? Bool : nil
        case .text(let text): ["true": true, "false": false][text.lowercased()]
        }
    }

    /// Whether a value JSONSerialization produced is `true` or `false`: both it and numbers are
    /// `NSNumber`s, and a number 0 or 1 casts to `Bool` too; a boolean's type code is `c`.
    private static func isBoolean(_ json: Any) -> Bool {
        guard let number = json as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    // MARK: - Showing what was written

    /// A file's value as JSON (`-5`, `"thirty"`, `[1,2]`), cut after 80 characters.
    static func written(json: Any) -> String {
        let data = try? JSONSerialization.data(withJSONObject: json, options: [.fragmentsAllowed, .withoutEscapingSlashes])
        return shortened(data.map { String(decoding: $0, as: UTF8.self) } ?? "\(json)")
    }

    /// An environment value in quotes, control characters escaped (`"forever"`, `"a\nb"`).
    static func written(text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            case _ where scalar.properties.generalCategory == .control: escaped += "\\u{\(String(scalar.value, radix: 16))}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return "\"" + shortened(escaped) + "\""
    }

    private static func shortened(_ text: String) -> String {
        text.count > 80 ? String(text.prefix(80)) + "…" : text
    }

    // MARK: - Files a setting names

    /// Reads a token file, refusing one that others can read (it is a secret).
    private static func readToken(_ path: String, origin: SettingOrigin) throws(SettingsError) -> String {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let permissions = attributes[.posixPermissions] as? Int
        else { throw .unusableFile(origin, path: path, problem: "does not exist: expected the file holding the bot token") }
        guard permissions & 0o077 == 0 else {
            throw .unusableFile(origin, path: path, problem: "is readable by group or others: expected chmod 600")
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw .unusableFile(origin, path: path, problem: "is not readable text: expected the bot token")
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A bot token is digits, a colon and letters, digits, `_` or `-`: anything else (a space, a line
    /// break, a quote) cannot be a token, and sent to Telegram it would look like a network fault
    /// retried for ever. Only what is wrong is said, never the token. (The AI key, which goes into a
    /// header, is checked likewise for spaces and control characters.)
    static func checkToken(_ token: String, origin: SettingOrigin, file: String?) throws(SettingsError) {
        let parts = token.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
        let problem: String? =
            if parts.count < 2 {
                "it has no colon"
            } else if parts[0].isEmpty || !parts[0].allSatisfy(\.isASCII) || !parts[0].allSatisfy(\.isNumber) {
                "the part before the colon is not all digits"
            } else if parts[1].isEmpty {
                "nothing follows the colon"
            } else if let bad = parts[1].first(where: { !allowed.contains($0) }) {
                "it contains \(Self.name(of: bad))"
            } else {
                nil
            }
        if let problem {
            throw .malformedSecret(
                origin, file: file, what: "a bot token", problem: problem,
                expected: "digits, a colon and letters, digits, _ or - (as @BotFather gives it)")
        }
    }

    /// How an unexpected character of a token is named without showing the token.
    private static func name(of character: Character) -> String {
        switch character {
        case " ": "a space"
        case "\n", "\r\n", "\r": "a line break"
        case "\t": "a tab"
        case "\"", "'": "a quote"
        default: character.isASCII ? "the character \(character)" : "a character that is not ASCII"
        }
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
}
