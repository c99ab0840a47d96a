import ChatPlatform

/// Telegram's limits on what the bot gets back — a button's `callback_data` and an inline result's
/// id, both 1–64 bytes — and on inline keyboards, checked before anything is sent. One rule with one
/// policy: an oversize payload is a bug in how the bot encodes it, so the whole message (or inline
/// answer) is refused and reported, never truncated (a truncated payload would decode to a different
/// action) nor left out silently. The core learns the limit from the profile
/// (``PlatformProfile/buttonPayloadLimit``).
///
/// See https://core.telegram.org/bots/api#inlinekeyboardbutton and #inlinequeryresultarticle.
public enum CallbackData {
    /// The largest `callback_data` (and inline result id) Telegram accepts, in bytes of UTF-8.
    public static let maxBytes = 64
    /// The most buttons one inline keyboard may hold.
    public static let maxButtons = 100

    /// Checks one payload: 1…``maxBytes`` bytes of UTF-8.
    public static func validate(_ data: String, row: Int = 0, column: Int = 0) throws(RenderingError) {
        let bytes = data.utf8.count
        guard bytes > 0 else { throw .emptyCallbackData(row: row, column: column) }
        guard bytes <= maxBytes else { throw .callbackDataTooLong(row: row, column: column, bytes: bytes) }
    }

    /// Checks a deep link's start payload: 1…64 characters of `A-Z a-z 0-9 _ -` (Telegram's rule for
    /// `t.me/<bot>?start=`).
    public static func validateStart(_ payload: String, row: Int = 0, column: Int = 0) throws(RenderingError) {
        let allowed = payload.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
        guard allowed, (1...maxBytes).contains(payload.utf8.count) else { throw .invalidStartPayload(row: row, column: column) }
    }

    /// Checks the ids of inline results, in order: each 1…``maxBytes`` bytes of UTF-8.
    public static func validate(resultIDs ids: [String]) throws(RenderingError) {
        for (index, id) in ids.enumerated() {
            let bytes = id.utf8.count
            guard (1...maxBytes).contains(bytes) else { throw .invalidResultID(index: index, bytes: bytes) }
        }
    }

    /// Checks a whole keyboard: at most ``maxButtons`` buttons, each with a non-blank label and a
    /// valid payload (or deep link). The first problem found (row by row) is thrown.
    public static func validate(_ buttons: [[Button]]) throws(RenderingError) {
        let count = buttons.reduce(0) { $0 + $1.count }
        guard count <= maxButtons else { throw .tooManyButtons(count: count) }
        for (rowIndex, row) in buttons.enumerated() {
            for (columnIndex, button) in row.enumerated() {
                guard button.label.contains(where: { !$0.isWhitespace }) else {
                    throw .emptyLabel(row: rowIndex, column: columnIndex)
                }
                if let start = button.startsPrivateChat {
                    try validateStart(start, row: rowIndex, column: columnIndex)
                } else {
                    try validate(button.data, row: rowIndex, column: columnIndex)
                }
            }
        }
    }
}
