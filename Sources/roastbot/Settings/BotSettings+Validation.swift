import Foundation
import RoastCore

extension BotSettings {
    /// What each setting expects, as the operator reads it in an error: one place for a value of the
    /// wrong kind (in the file or the environment) and a value out of range.
    static let expectations: [String: String] = [
        "telegram.api_url": "an http(s) URL",
        "discord.api_url": "an http(s) URL, version included (https://discord.com/api/v10)",
        "discord.command_guild": "a server id (a snowflake)",
        "telegram.poll_timeout": "seconds, 0–50",
        "telegram.connect_timeout": "seconds > 0",
        "telegram.request_timeout": "seconds > 0",
        "telegram.token_file": "a file path",
        "throttle.per_chat_interval": "seconds ≥ 0",
        "throttle.per_group_per_minute": "a count ≥ 1",
        "throttle.global_per_second": "a count ≥ 1",
        "throttle.window_margin": "seconds, 0–1",
        "abuse.limit": "a count ≥ 0 (0 = off)",
        "abuse.window": "seconds > 0",
        "abuse.cooldown": "seconds ≥ 0",
        "ai.enabled": "true or false",
        "ai.base_url": "an http(s) URL",
        "ai.model": "a model name",
        "ai.timeout": "seconds, more than 0 and at most 60",
        "blocklist": "a file path",
        "database": "a file path",
        "library": "a folder path",
        "collections": "a file path",
        "store_fault_file": "a file path",
        "log_level": "trace, debug, info, notice, warning, error or critical",
        "log_format": "text or json",
        "seed": "a whole number ≥ 0",
        "shutdown_grace": "seconds ≥ 0",
        "retention_days": "whole days, 1–3650",
        "metrics.address": "host:port with an IP address, e.g. 127.0.0.1:9464 or [::1]:9464",
        "webhook.url": "an https URL without query, e.g. https://bot.example.com/telegram",
        "webhook.address": "host:port with an IP address, e.g. 127.0.0.1:8081 or [::1]:8081",
        "webhook.max_connections": "1–100",
        "webhook.max_body_bytes": "1024 bytes to 64 MB",
        "backup.directory": "a folder path",
        "backup.time": "HH:MM, the machine's local time",
        "backup.keep": "a count, 1–3650",
        "clock_start": "an ISO 8601 instant like 2026-02-10T08:55:00+07:00",
        "clock_rate": "a positive number",
    ]

    static func expectation(_ key: String) -> String {
        expectations[key] ?? "a valid value"
    }

    /// Checks every value's range; the first that fails is an error naming where it came from.
    func validate() throws(SettingsError) {
        let checks: [(key: String, holds: Bool, value: String)] = [
            ("telegram.api_url", Self.isHTTPURL(telegram.apiURL), telegram.apiURL),
            ("discord.api_url", Self.isHTTPURL(discord.apiURL), discord.apiURL),
            ("discord.command_guild", (discord.commandGuild ?? 1) > 0, "\(discord.commandGuild ?? 0)"),
            ("telegram.poll_timeout", (0...50).contains(telegram.pollTimeout), "\(telegram.pollTimeout)"),
            ("telegram.connect_timeout", telegram.connectTimeout > 0, "\(telegram.connectTimeout)"),
            ("telegram.request_timeout", telegram.requestTimeout > 0, "\(telegram.requestTimeout)"),
            ("throttle.per_chat_interval", throttle.perChatInterval >= 0, "\(throttle.perChatInterval)"),
            ("throttle.per_group_per_minute", throttle.perGroupPerMinute > 0, "\(throttle.perGroupPerMinute)"),
            ("throttle.global_per_second", throttle.globalPerSecond > 0, "\(throttle.globalPerSecond)"),
            ("throttle.window_margin", (0...1).contains(throttle.margin), "\(throttle.margin)"),
            ("ai.base_url", ai.baseURL.map(Self.isHTTPURL) ?? true, ai.baseURL ?? ""),
            ("ai.timeout", ai.timeout > 0 && ai.timeout <= 60, "\(ai.timeout)"),
            ("abuse.limit", abuse.limit >= 0, "\(abuse.limit)"),
            ("abuse.window", abuse.window > 0, "\(abuse.window)"),
            ("abuse.cooldown", abuse.cooldown >= 0, "\(abuse.cooldown)"),
            ("retention_days", (1...3650).contains(retentionDays), "\(retentionDays)"),
            ("shutdown_grace", shutdownGrace >= 0, "\(shutdownGrace)"),
            ("webhook.url", webhook.url.map(Self.isWebhookURL) ?? true, webhook.url ?? ""),
            ("webhook.max_connections", (1...100).contains(webhook.maxConnections), "\(webhook.maxConnections)"),
            ("webhook.max_body_bytes", (1_024...(64 << 20)).contains(webhook.maxBodyBytes), "\(webhook.maxBodyBytes)"),
            ("backup.time", LocalTime(backup.time) != nil, backup.time),
            ("backup.keep", (1...3650).contains(backup.keep), "\(backup.keep)"),
            ("clock_rate", clockRate > 0, "\(clockRate)"),
        ]
        guard let failed = checks.first(where: { !$0.holds }) else { return }
        let source = sources[failed.key]
        throw .invalidValue(
            source?.origin ?? .defaultValue(key: failed.key), value: source?.written ?? failed.value,
            expected: Self.expectation(failed.key))
    }

    /// The path the webhook is served at: its URL's path (`/` when it has none).
    var webhookPath: String? {
        guard let url = webhook.url.flatMap(URL.init(string:)) else { return nil }
        return url.path.isEmpty ? "/" : url.path
    }

    private static func isHTTPURL(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme else { return false }
        return ["http", "https"].contains(scheme) && url.host != nil
    }

    private static func isWebhookURL(_ text: String) -> Bool {
        guard let url = URL(string: text) else { return false }
        return isHTTPURL(text) && url.query == nil && url.fragment == nil
    }
}
