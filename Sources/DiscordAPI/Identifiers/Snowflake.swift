import Foundation

/// A Discord id, typed by what it names (`Snowflake<DiscordUser>` is a user id, `Snowflake<DiscordChannel>` a
/// channel id), so that a channel id can never be passed where a user id is expected.
///
/// Discord sends snowflakes as JSON strings of up to 64 bits; they fit `Int64` until about 2084 (42 timestamp bits
/// from 2015). Decoding also accepts a JSON number, encoding always writes a string.
/// <https://discord.com/developers/docs/reference#snowflakes>
public struct Snowflake<Entity>: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: Int64

    public init(rawValue: Int64) { self.rawValue = rawValue }
    public init(_ rawValue: Int64) { self.rawValue = rawValue }

    /// Parses the decimal text Discord sends; nil for anything else (negative, too large, not digits).
    public init?(_ text: some StringProtocol) {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int64(text) else { return nil }
        self.rawValue = value
    }

    public var description: String { String(rawValue) }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Milliseconds since the Discord epoch (the first second of 2015, UTC) when the id was made.
    public var millisecondsSinceDiscordEpoch: Int64 { rawValue >> 22 }

    /// When the id was made: an interaction has no date field, so its id is its time.
    public var timestamp: Date {
        Date(timeIntervalSince1970: Double(millisecondsSinceDiscordEpoch + Self.discordEpochMilliseconds) / 1000)
    }

    /// The smallest id made at `date` (worker, process and increment all zero), for comparisons by time.
    public static func earliest(at date: Date) -> Self {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down)) - discordEpochMilliseconds
        return Self(max(0, milliseconds) << 22)
    }

    /// 2015-01-01T00:00:00Z in milliseconds since 1970.
    public static var discordEpochMilliseconds: Int64 { 1_420_070_400_000 }
}

extension Snowflake: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            guard let value = Self(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a snowflake")
            }
            self = value
        } else {
            let number = try container.decode(Int64.self)
            guard number >= 0 else { throw DecodingError.dataCorruptedError(in: container, debugDescription: "negative snowflake") }
            self.rawValue = number
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(String(rawValue))
    }
}

public typealias DiscordUserID = Snowflake<DiscordUser>
public typealias DiscordGuildID = Snowflake<DiscordGuild>
public typealias DiscordChannelID = Snowflake<DiscordChannel>
public typealias DiscordMessageID = Snowflake<DiscordMessage>
public typealias DiscordApplicationID = Snowflake<DiscordApplication>
public typealias DiscordInteractionID = Snowflake<DiscordInteraction>
public typealias DiscordCommandID = Snowflake<DiscordRegisteredCommand>
public typealias DiscordAttachmentID = Snowflake<DiscordAttachment>
public typealias DiscordEmojiID = Snowflake<DiscordEmoji>
public typealias DiscordRoleID = Snowflake<DiscordRole>
public typealias DiscordWebhookID = Snowflake<DiscordWebhook>

/// The application (the bot's app) as READY names it: its id is what interaction webhooks and command
/// registration are addressed to. <https://discord.com/developers/docs/resources/application>
public struct DiscordApplication: Sendable, Hashable, Codable {
    public var id: DiscordApplicationID
    public var flags: Int?

    public init(id: DiscordApplicationID, flags: Int? = nil) {
        self.id = id
        self.flags = flags
    }
}

/// A guild role; only its id is used (as the tag of ``DiscordRoleID``).
public enum DiscordRole {}

/// A webhook; interaction responses are posted by the application's webhook (its id is the application id).
public enum DiscordWebhook {}
