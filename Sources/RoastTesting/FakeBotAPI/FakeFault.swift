/// A failure the fake produces instead of (or around) a normal answer, scripted by tests.
public enum FakeFault: Sendable, Equatable {
    /// 429 with `parameters.retry_after`, like Telegram's flood control.
    case tooManyRequests(retryAfter: Int)
    /// A proxy-style failure: this status (500, 502, …) with an HTML body.
    case serverError(status: Int)
    /// Closes the connection without any response; the method is not applied.
    case dropConnection
    /// Applies the method, then answers 200 with the first half of its JSON body.
    case truncatedJSON
    /// Waits this many seconds, then answers normally.
    case delay(seconds: Double)
    /// Never answers; the request hangs until the client gives up or the fake stops.
    case stall
    /// Any Bot API error: `{"ok":false,"error_code":code,"description":…}` with optional `parameters`.
    case apiError(code: Int, description: String)
    /// 400 "group chat was upgraded to a supergroup chat" with `parameters.migrate_to_chat_id`.
    case migrated(toChatID: Int64)
}
