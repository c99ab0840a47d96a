/// The bot token, kept out of every description: printing it, interpolating it or dumping it shows
/// a placeholder, so a log line or an error can never carry it. Only Identify and Resume encode it.
public struct GatewayToken: Sendable, Hashable, Encodable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    let secret: String

    public init(_ secret: String) {
        self.secret = secret
    }

    public var description: String { "<redacted token>" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: []) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(secret)
    }
}
