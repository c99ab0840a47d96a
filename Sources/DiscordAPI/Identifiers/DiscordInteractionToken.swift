/// The continuation token of one interaction: it authorizes the callback, `@original` edits and followups for
/// 15 minutes, and goes into those URLs' paths.
///
/// It is a credential, so printing, dumping or reflecting it shows `<redacted>`. It encodes as its plain text so
/// that an adapter can keep a deferred answer in its outbox; it must not be logged.
/// <https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object>
public struct DiscordInteractionToken: Sendable, Hashable, Codable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    public let secret: String

    public init(_ secret: String) { self.secret = secret }

    public init(from decoder: any Decoder) throws {
        secret = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(secret)
    }

    public var description: String { "<redacted>" }
    public var debugDescription: String { "DiscordInteractionToken(<redacted>)" }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }

    /// A stable, non-reversible 64-bit FNV-1a digest of the token: how rate-limit buckets keyed on
    /// `webhook_id + token` name it without keeping the secret in a key.
    var digest: UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in secret.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
