import Foundation
import Testing

@testable import roastbot

/// The operator's settings: the metrics listener, webhook mode, daily backups and the log format,
/// from the file and the environment, each wrong value one clear line.
struct OperationsSettingsTests {
    @Test func everythingIsOffByDefault() throws {
        let settings = try BotSettings.load(file: nil, environment: [:])
        #expect(settings.metricsAddress == nil)
        #expect(settings.webhook.url == nil)
        #expect(settings.webhookPath == nil)
        #expect(settings.backup.directory == nil)
        #expect(settings.logFormat == .text)
        #expect(settings.webhook.address == ListenAddress(host: "127.0.0.1", port: 8081))
        #expect(settings.webhook.maxConnections == 8)
    }

    @Test func theFileSetsThemAndTheEnvironmentOverrides() throws {
        let path = try BotSettingsTests.file(
            #"""
            {"metrics": {"address": "127.0.0.1:9464"}, "log_format": "json",
             "webhook": {"url": "https://bot.example.com/tg/hook", "address": "[::1]:8443", "max_connections": 4, "max_body_bytes": 65536},
             "backup": {"directory": "/var/backups/roastbot", "time": "02:15", "keep": 14}}
            """#)
        let file = try BotSettings.load(file: path, environment: [:])
        #expect(file.metricsAddress == ListenAddress(host: "127.0.0.1", port: 9464))
        #expect(file.logFormat == .json)
        #expect(file.webhook.url == "https://bot.example.com/tg/hook")
        #expect(file.webhookPath == "/tg/hook")
        #expect(file.webhook.address == ListenAddress(host: "::1", port: 8443))
        #expect(file.webhook.maxConnections == 4 && file.webhook.maxBodyBytes == 65_536)
        #expect(file.backup == BotSettings.Backup(directory: "/var/backups/roastbot", time: "02:15", keep: 14))

        let overridden = try BotSettings.load(
            file: path,
            environment: [
                "ROASTBOT_METRICS_ADDRESS": "127.0.0.2:9000", "ROASTBOT_LOG_FORMAT": "TEXT",
                "ROASTBOT_WEBHOOK_URL": "https://other.example/",
                "ROASTBOT_WEBHOOK_ADDRESS": "localhost:9001", "ROASTBOT_BACKUP_DIR": "/srv/b", "ROASTBOT_BACKUP_TIME": "23:59",
                "ROASTBOT_BACKUP_KEEP": "2",
            ])
        #expect(overridden.metricsAddress == ListenAddress(host: "127.0.0.2", port: 9000))
        #expect(overridden.logFormat == .text)
        #expect(overridden.webhookPath == "/")
        #expect(overridden.webhook.address == ListenAddress(host: "127.0.0.1", port: 9001))
        #expect(overridden.backup == BotSettings.Backup(directory: "/srv/b", time: "23:59", keep: 2))
    }

    @Test(arguments: [
        (#"{"metrics": {"address": "example.com:9464"}}"#, "metrics.address"),
        (#"{"metrics": {"address": "127.0.0.1"}}"#, "metrics.address"),
        (#"{"metrics": {"port": 9464}}"#, "unknown key metrics.port"),
        (#"{"webhook": {"url": "ftp://bot.example.com/x"}}"#, "webhook.url"),
        (#"{"webhook": {"url": "https://bot.example.com/x?secret=1"}}"#, "webhook.url"),
        (#"{"webhook": {"url": "https://bot.example.com/x", "max_connections": 0}}"#, "webhook.max_connections"),
        (#"{"webhook": {"max_connections": 101}}"#, "1–100"),
        (#"{"webhook": {"max_body_bytes": 10}}"#, "webhook.max_body_bytes"),
        (#"{"backup": {"directory": "/b", "time": "25:00"}}"#, "backup.time"),
        (#"{"backup": {"keep": 0}}"#, "backup.keep"),
        (#"{"log_format": "xml"}"#, "text or json"),
    ])
    func badValuesGetOneClearLine(json: String, expected: String) throws {
        let path = try BotSettingsTests.file(json)
        #expect {
            try BotSettings.load(file: path, environment: [:])
        } throws: { error in
            let text = String(describing: error)
            return text.contains(expected) && !text.contains("\n")
        }
    }

    @Test(arguments: [
        ("ROASTBOT_METRICS_ADDRESS", "9464"), ("ROASTBOT_WEBHOOK_ADDRESS", "[::1]"), ("ROASTBOT_BACKUP_KEEP", "all"),
        ("ROASTBOT_BACKUP_TIME", "4am"), ("ROASTBOT_LOG_FORMAT", "yaml"), ("ROASTBOT_WEBHOOK_URL", "bot.example.com/hook"),
    ])
    func badEnvironmentValuesAreRejected(key: String, value: String) {
        #expect(throws: SettingsError.self) { try BotSettings.load(file: nil, environment: [key: value]) }
    }
}
