/// What the session does after the server closed the connection, by close code (nil: the
/// connection dropped without a close frame).
///
/// Source: discord-api-docs `topics/opcodes-and-status-codes.mdx` ("Gateway Close Event Codes") and
/// `events/gateway.mdx` ("Resuming"): 4004 and 4010–4014 are final; 4007 (invalid seq) and 4009 (session
/// timed out) need a new session; 4003 (not authenticated) means the session is gone; anything else,
/// a drop included, may be resumed.
enum GatewayCloseAction: Sendable, Hashable {
    case resume
    case identify
    case final(GatewayFinalError)

    init(closeCode code: Int?, intents: GatewayIntents) {
        guard let code else {
            self = .resume
            return
        }
        if let final = GatewayFinalError(closeCode: code, intents: intents) {
            self = .final(final)
            return
        }
        switch code {
        case 4003, 4007, 4009: self = .identify
        default: self = .resume
        }
    }
}
