/// Why a message cannot be rendered for Discord. Each is a bug in how the bot built the message (an oversize
/// payload, too many buttons): the whole message is refused and reported, never truncated (a truncated `custom_id`
/// would decode to a different action) nor sent without its buttons.
public enum DiscordRenderingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing to post: no text, no buttons.
    case emptyMessage
    /// A button's payload is empty.
    case emptyCustomID(row: Int, column: Int)
    /// A button's payload is longer than Discord's `custom_id` (100).
    case customIDTooLong(row: Int, column: Int, bytes: Int)
    /// A button's label is blank.
    case emptyLabel(row: Int, column: Int)
    /// More buttons than one message holds (5 rows of 5).
    case tooManyButtons(count: Int)
    /// A button that opens the private chat with a start payload: Discord has no such link.
    case deepLinkUnsupported(row: Int, column: Int)
    /// Two buttons of one message carry the same payload (Discord refuses repeated `custom_id`s).
    case repeatedCustomID(row: Int, column: Int)

    public var description: String {
        switch self {
        case .emptyMessage: "empty message"
        case .emptyCustomID(let row, let column): "button \(row).\(column) has an empty payload"
        case .customIDTooLong(let row, let column, let bytes): "button \(row).\(column) payload has \(bytes) bytes (at most 100)"
        case .emptyLabel(let row, let column): "button \(row).\(column) has a blank label"
        case .tooManyButtons(let count): "\(count) buttons (at most 25)"
        case .deepLinkUnsupported(let row, let column): "button \(row).\(column) is a deep link, which Discord does not have"
        case .repeatedCustomID(let row, let column): "button \(row).\(column) repeats a payload of the same message"
        }
    }
}
