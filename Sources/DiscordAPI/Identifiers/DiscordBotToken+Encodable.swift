/// The gateway's Identify and Resume carry the token in their JSON (`"token": "…"`, without the `Bot ` prefix),
/// so the gateway session encodes it; with the `Authorization` header, the only way the secret leaves this module.
/// One token type for REST and the gateway keeps one rule for what an operator may paste (spaces, `Bot `).
extension DiscordBotToken: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(secret)
    }
}
