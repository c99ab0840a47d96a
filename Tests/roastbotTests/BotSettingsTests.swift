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
        (#"{"telegram": {"poll_timeout": "fifty"}}"#, "telegram.poll_timeout must be"),
        (#"{"telegrm": {}}"#, "unknown key telegrm"),
        (#"{"telegram": {"pol_timeout": 5}}"#, "unknown key telegram.pol_timeout"),
        (#"{"log_level": "loud"}"#, "setting log_level"),
        (#"{"telegram": {"poll_timeout": 99}}"#, "0…50 seconds"),
        (#"not json"#, "not JSON"),
        (#"[1, 2]"#, "the top level must be an object"),
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
}
