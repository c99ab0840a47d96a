import ChatPlatform

/// Telegram's limits on inline keyboards, checked before a message is sent.
///
/// See https://core.telegram.org/bots/api#inlinekeyboardbutton: `callback_data` is 1–64 bytes.
/// An oversize payload is a bug in how the bot encodes it, so it is reported, never truncated
/// (a truncated payload would decode to a different action).
public enum CallbackData {
    /// The largest `callback_data` Telegram accepts, in bytes of UTF-8.
    public static let maxBytes = 64
    /// The most buttons one inline keyboard may hold.
    public static let maxButtons = 100

    /// Checks one payload: 1…``maxBytes`` bytes of UTF-8.
    public static func validate(_ data: String, row: Int = 0, column: Int = 0) throws(RenderingError) {
        let bytes = data.utf8.count
        guard bytes > 0 else { throw .emptyCallbackData(row: row, column: column) }
        guard bytes <= maxBytes else { throw .callbackDataTooLong(row: row, column: column, bytes: bytes) }
    }

    /// Checks a whole keyboard: at most ``maxButtons`` buttons, each with a non-blank label and a
    /// valid payload. The first problem found (row by row) is thrown.
    public static func validate(_ buttons: [[Button]]) throws(RenderingError) {
        let count = buttons.reduce(0) { $0 + $1.count }
        guard count <= maxButtons else { throw .tooManyButtons(count: count) }
        for (rowIndex, row) in buttons.enumerated() {
            for (columnIndex, button) in row.enumerated() {
                guard button.label.contains(where: { !$0.isWhitespace }) else {
                    throw .emptyLabel(row: rowIndex, column: columnIndex)
                }
                try validate(button.data, row: rowIndex, column: columnIndex)
            }
        }
    }
}
