/// The picture's shape: a square post or a 9:16 story.
public enum CardFormat: String, Sendable, Hashable, Codable, CaseIterable {
    /// 1080×1080, for chats and feeds.
    case post
    /// 1080×1920 (9:16), for stories.
    case story

    public var width: Int { 1_080 }

    public var height: Int {
        switch self {
        case .post: 1_080
        case .story: 1_920
        }
    }
}
