/// Formatted text independent of any markup language; adapters render it (Telegram: escaped HTML).
public struct RichText: Sendable, Hashable, Codable, ExpressibleByStringLiteral {
    /// One run of text with a single style.
    public enum Span: Sendable, Hashable, Codable {
        case plain(String)
        case bold(String)
        case italic(String)
        case code(String)
        /// Mentions a person so that the platform notifies them.
        case mention(UserID, name: String)
        case link(url: String, text: String)
    }

    public var spans: [Span]

    public init(_ spans: [Span] = []) { self.spans = spans }
    public init(stringLiteral value: String) { self.spans = [.plain(value)] }
    public init(plain: String) { self.spans = [.plain(plain)] }

    /// The text without styling, as a reader sees it.
    public var plainText: String {
        spans.map { span in
            switch span {
            case .plain(let s), .bold(let s), .italic(let s), .code(let s): s
            case .mention(_, let name): name
            case .link(_, let text): text
            }
        }.joined()
    }

    public static func + (lhs: RichText, rhs: RichText) -> RichText { RichText(lhs.spans + rhs.spans) }
    public static func += (lhs: inout RichText, rhs: RichText) { lhs.spans += rhs.spans }

    public mutating func append(_ span: Span) { spans.append(span) }
}
