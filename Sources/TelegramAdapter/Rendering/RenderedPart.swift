import ChatPlatform

/// One Telegram message produced from an ``OutgoingMessage``: HTML for `parse_mode=HTML` and the
/// inline keyboard rows to attach.
///
/// A long message becomes several parts; only the last one carries buttons, so that the buttons
/// sit under the end of the text.
public struct RenderedPart: Sendable, Hashable {
    /// Telegram HTML, balanced and escaped; its visible text fits the splitter's limit.
    public var html: String
    /// Inline keyboard rows; empty when the part has no buttons. Never contains an empty row.
    public var buttons: [[Button]]

    public init(html: String, buttons: [[Button]] = []) {
        self.html = html
        self.buttons = buttons
    }
}
