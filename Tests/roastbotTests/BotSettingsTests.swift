import Foundation
import TelegramAdapter
import Testing

@testable import roastbot

struct BotSettingsTests {
    static func file(_ json: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("settings-\(UUID().uuidString).json").path
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func defaultsApplyWithoutFileOrEnvironment() throws {
        let settings = try BotSettings.load(file: nil, environment: [:])
        #expect(settings.telegram.token == nil)
        #expect(settings.telegram.apiURL == "https://api.telegram.org")
        #expect(settings.telegram.pollTimeout == 50)
        #expect(settings.throttle.globalPerSecond == 30)
        #expect(settings.logLevel == "info")
        #expect(settings.clockStart == nil)
        #expect(settings.retentionDays == 30)
    }

    @Test func theExampleFileHoldsTheDefaults() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let example = try BotSettings.load(file: root.appendingPathComponent("config/roastbot.example.json").path, environment: [:])
        var defaults = try BotSettings.load(file: nil, environment: [:])
        // The example names an AI provider to show the shape; there is no default one.
        defaults.ai.baseURL = example.ai.baseURL
        defaults.ai.model = example.ai.model
        // The database's default depends on the mode; the example names the Telegram one.
        defaults.databasePath = BotSettings.defaultTelegramDatabase
        // Where each value came from is not a value.
        defaults.sources = example.sources
        #expect(example == defaults)
    }

    @Test func retentionComesFromTheFileOrTheEnvironment() throws {
        #expect(try BotSettings.load(file: try Self.file(#"{"retention_days": 7}"#), environment: [:]).retentionDays == 7)
        #expect(try BotSettings.load(file: nil, environment: ["ROASTBOT_RETENTION_DAYS": "90"]).retentionDays == 90)
    }

    @Test func environmentOverridesTheFile() throws {
        let path = try Self.file(#"{"telegram": {"api_url": "http://127.0.0.1:9000", "poll_timeout": 20}, "log_level": "debug"}"#)
        let settings = try BotSettings.load(
            file: path,
            environment: [
                "TELEGRAM_API_URL": "http://127.0.0.1:9999", "TELEGRAM_BOT_TOKEN": " 1:abc \n", "ROASTBOT_DB": "/tmp/x.sqlite",
                "ROASTBOT_CLOCK_START": "2026-02-10T08:55:00+07:00", "ROASTBOT_CLOCK_RATE": "3600",
            ])
        #expect(settings.telegram.apiURL == "http://127.0.0.1:9999")
        #expect(settings.telegram.pollTimeout == 20)
        #expect(settings.telegram.token == "1:abc")
        #expect(settings.databasePath == "/tmp/x.sqlite")
        #expect(settings.logLevel == "debug")
        #expect(settings.clockRate == 3600)
        #expect(settings.clockStart == Date(timeIntervalSince1970: 1_770_688_500))
        #expect(try BotSettings.load(file: nil, environment: ["ROASTBOT_ABUSE_LIMIT": "0"]).abuse.limit == 0)
    }

    @Test(arguments: [
        (#"{"telegram": {"poll_timeout": "fifty"}}"#, #"telegram.poll_timeout is "fifty""#),
        (#"{"telegrm": {}}"#, "unknown key telegrm"),
        (#"{"telegram": {"pol_timeout": 5}}"#, "unknown key telegram.pol_timeout"),
        (#"{"log_level": "loud"}"#, #"log_level is "loud""#),
        (#"{"telegram": {"poll_timeout": 99}}"#, "seconds, 0–50"),
        (#"not json"#, "not valid JSON"),
        (#"[1, 2]"#, "the top level is not an object"),
        (#"{"telegram": {"api_url": "ftp://x"}}"#, "an http(s) URL"),
        (#"{"retention_days": 0}"#, "whole days, 1–3650"),
    ])
    func badFilesGetOneClearLine(json: String, expected: String) throws {
        let path = try Self.file(json)
        #expect {
            try BotSettings.load(file: path, environment: [:])
        } throws: { error in
            let text = String(describing: error)
            return text.contains(expected) && !text.contains("\n")
        }
    }

    @Test func missingFileIsAClearError() {
        #expect(throws: SettingsError.self) { try BotSettings.load(file: "/nonexistent/roastbot.json", environment: [:]) }
    }

    @Test(arguments: [
        ("ROASTBOT_CLOCK_RATE", "0"), ("ROASTBOT_CLOCK_RATE", "fast"), ("ROASTBOT_CLOCK_START", "yesterday"), ("ROASTBOT_SEED", "-1"),
        ("ROASTBOT_ABUSE_LIMIT", "-2"), ("ROASTBOT_ABUSE_LIMIT", "many"), ("ROASTBOT_RETENTION_DAYS", "forever"),
        ("ROASTBOT_RETENTION_DAYS", "-3"),
    ])
    func badEnvironmentValuesAreRejected(key: String, value: String) {
        #expect(throws: SettingsError.self) { try BotSettings.load(file: nil, environment: [key: value]) }
    }

    @Test func tokenFileReadableByOthersIsRefused() throws {
        let token = FileManager.default.temporaryDirectory.appendingPathComponent("token-\(UUID().uuidString)").path
        try "123:SECRET".write(toFile: token, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: token)
        let path = try Self.file(#"{"telegram": {"token_file": "\#(token)"}}"#)
        #expect {
            try BotSettings.load(file: path, environment: [:])
        } throws: { error in
            String(describing: error).contains("chmod 600") && !String(describing: error).contains("SECRET")
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: token)
        #expect(try BotSettings.load(file: path, environment: [:]).telegram.token == "123:SECRET")
    }

    /// Every error names what the operator wrote (the file's key, or the variable), the value as
    /// written, and what is expected, in one line; `FILE` stands for the settings file's path.
    @Test(arguments: [
        (#"{"throttle": {"per_chat_interval": -5}}"#, "FILE: throttle.per_chat_interval is -5: expected seconds ≥ 0"),
        (#"{"retention_days": "thirty"}"#, #"FILE: retention_days is "thirty": expected whole days, 1–3650"#),
        (#"{"telegram": {"poll_timeout": "fifty"}}"#, #"FILE: telegram.poll_timeout is "fifty": expected seconds, 0–50"#),
        (#"{"telegram": {"connect_timeout": -1}}"#, "FILE: telegram.connect_timeout is -1: expected seconds > 0"),
        (#"{"abuse": {"window": 0}}"#, "FILE: abuse.window is 0: expected seconds > 0"),
        (#"{"seed": -1}"#, "FILE: seed is -1: expected a whole number ≥ 0"),
        (#"{"ai": {"enabled": "yes"}}"#, #"FILE: ai.enabled is "yes": expected true or false"#),
        (#"{"ai": {"enabled": 1}}"#, "FILE: ai.enabled is 1: expected true or false"),
        (#"{"retention_days": true}"#, "FILE: retention_days is true: expected whole days, 1–3650"),
        (#"{"retention_days": 7.5}"#, "FILE: retention_days is 7.5: expected whole days, 1–3650"),
        (#"{"database": 5}"#, "FILE: database is 5: expected a file path"),
        (
            #"{"throttle": 5}"#,
            "FILE: throttle is 5: expected an object with global_per_second, per_chat_interval, per_group_per_minute, window_margin"
        ),
        (
            #"{"throttle": {"per_chat_intervall": 1}}"#,
            "FILE: unknown key throttle.per_chat_intervall: expected global_per_second, per_chat_interval, per_group_per_minute, window_margin"
        ),
        (#"[1, 2]"#, "FILE: the top level is not an object: expected an object of settings (see config/roastbot.example.json)"),
    ])
    func fileErrorsNameTheKeyTheValueAndWhatIsExpected(json: String, line: String) throws {
        let path = try Self.file(json)
        #expect {
            try BotSettings.load(file: path, environment: [:])
        } throws: { error in
            String(describing: error) == line.replacingOccurrences(of: "FILE", with: path)
        }
    }

    /// Invalid JSON is located by line and column.
    @Test func invalidJSONSaysWhere() throws {
        let path = try Self.file("{\n  \"retention_days\": 30,\n  \"log_level\": info\n}\n")
        #expect {
            try BotSettings.load(file: path, environment: [:])
        } throws: { error in
            let text = String(describing: error)
            return text.hasPrefix("\(path): not valid JSON at line 3, column ") && !text.contains("\n")
        }
    }

    /// An error in a value from the environment names the variable, not the file's key.
    @Test(arguments: [
        ("ROASTBOT_RETENTION_DAYS", "0", #"ROASTBOT_RETENTION_DAYS is "0": expected whole days, 1–3650"#),
        ("ROASTBOT_RETENTION_DAYS", "forever", #"ROASTBOT_RETENTION_DAYS is "forever": expected whole days, 1–3650"#),
        (
            "ROASTBOT_LOG_LEVEL", "Loud",
            #"ROASTBOT_LOG_LEVEL is "Loud": expected trace, debug, info, notice, warning, error or critical"#
        ),
        ("TELEGRAM_API_URL", "ftp://x", #"TELEGRAM_API_URL is "ftp://x": expected an http(s) URL"#),
        ("ROASTBOT_AI_URL", "nope", #"ROASTBOT_AI_URL is "nope": expected an http(s) URL"#),
        ("ROASTBOT_BACKUP_KEEP", "0", #"ROASTBOT_BACKUP_KEEP is "0": expected a count, 1–3650"#),
        ("ROASTBOT_BACKUP_TIME", "4am", #"ROASTBOT_BACKUP_TIME is "4am": expected HH:MM, the machine's local time"#),
        ("ROASTBOT_CLOCK_RATE", "fast", #"ROASTBOT_CLOCK_RATE is "fast": expected a positive number"#),
        ("ROASTBOT_ABUSE_LIMIT", "-2", #"ROASTBOT_ABUSE_LIMIT is "-2": expected a count ≥ 0 (0 = off)"#),
    ])
    func environmentErrorsNameTheVariable(variable: String, value: String, line: String) {
        #expect {
            try BotSettings.load(file: nil, environment: [variable: value])
        } throws: { error in
            String(describing: error) == line
        }
    }

    /// The environment's value is judged and named even when the file holds a good one.
    @Test func anEnvironmentValueOverAGoodFileValueIsNamedAsTheVariable() throws {
        let path = try Self.file(#"{"retention_days": 7, "webhook": {"url": "https://bot.example.com/tg"}}"#)
        #expect {
            try BotSettings.load(file: path, environment: ["ROASTBOT_RETENTION_DAYS": "9999"])
        } throws: { error in
            String(describing: error) == #"ROASTBOT_RETENTION_DAYS is "9999": expected whole days, 1–3650"#
        }
        #expect {
            try BotSettings.load(file: path, environment: ["ROASTBOT_WEBHOOK_URL": "ftp://x"])
        } throws: { error in
            String(describing: error).hasPrefix(#"ROASTBOT_WEBHOOK_URL is "ftp://x": expected an https URL"#)
        }
    }

    /// A token that cannot be a bot token is refused before anything is sent: one line naming the
    /// variable (or the file key), never the token itself.
    @Test(arguments: ["123:abc def", "123:abc\ndef", "abc", "123:", "123:abc/def"])
    func aMalformedTokenIsRefusedByName(token: String) {
        #expect {
            try BotSettings.load(file: nil, environment: ["TELEGRAM_BOT_TOKEN": token])
        } throws: { error in
            let text = String(describing: error)
            return text.hasPrefix("TELEGRAM_BOT_TOKEN is not a bot token") && !text.contains(token) && !text.contains("\n")
        }
    }

    /// The AI key goes into a request header: a space or a line break inside it would only show as
    /// failed AI calls. It is refused by name, never shown.
    @Test(arguments: ["sk-SECRET part", "sk-SECRET\npart"])
    func aMalformedAIKeyIsRefusedByName(key: String) {
        #expect {
            try BotSettings.load(file: nil, environment: ["ROASTBOT_AI_KEY": key])
        } throws: { error in
            let text = String(describing: error)
            return text.hasPrefix("ROASTBOT_AI_KEY is not an API key") && !text.contains("SECRET") && !text.contains("\n")
        }
    }

    @Test func aMalformedTokenFileIsRefusedByItsKey() throws {
        let token = FileManager.default.temporaryDirectory.appendingPathComponent("token-\(UUID().uuidString)").path
        try "123:SECRET with spaces".write(toFile: token, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: token)
        let path = try Self.file(#"{"telegram": {"token_file": "\#(token)"}}"#)
        #expect {
            try BotSettings.load(file: path, environment: [:])
        } throws: { error in
            let text = String(describing: error)
            return text.hasPrefix("\(path): telegram.token_file (\(token)) does not hold a bot token") && !text.contains("SECRET")
        }
    }

    @Test(arguments: ["123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw", "1:abc", "42:a_b-C"])
    func wellFormedTokensAreTaken(token: String) throws {
        #expect(try BotSettings.load(file: nil, environment: ["TELEGRAM_BOT_TOKEN": token]).telegram.token == token)
    }
}
