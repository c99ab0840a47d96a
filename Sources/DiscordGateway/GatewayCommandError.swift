/// Why ``DiscordGatewaySession/send(opcode:data:)`` refused a command.
public enum GatewayCommandError: Error, Sendable, Hashable {
    /// Over Discord's 4,096 bytes per payload (the gateway would close with 4002).
    case tooLarge(bytes: Int)
    /// Heartbeat, Identify and Resume belong to the session itself.
    case reservedOpcode(Int)
    /// The data could not be encoded as JSON.
    case unencodable
    /// The session has ended.
    case sessionEnded
}
