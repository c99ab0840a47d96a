/// A user's membership in a chat. <https://core.telegram.org/bots/api#chatmember>
///
/// Telegram sends one of six shapes distinguished by `status`; this type keeps the fields the bot
/// needs and tolerates statuses added later.
public struct ChatMember: Sendable, Hashable, Codable {
    /// The membership status; unknown future statuses decode as themselves.
    public struct Status: RawRepresentable, Sendable, Hashable, Codable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let creator = Status(rawValue: "creator")
        public static let administrator = Status(rawValue: "administrator")
        public static let member = Status(rawValue: "member")
        public static let restricted = Status(rawValue: "restricted")
        public static let left = Status(rawValue: "left")
        public static let kicked = Status(rawValue: "kicked")
    }

    public var status: Status
    public var user: User
    /// For `restricted` only: whether the user is still in the chat.
    public var isMember: Bool?
    /// For `restricted`, `kicked` and `member`: when the restriction ends (unix time; 0 = forever).
    public var untilDate: Int64?

    public init(status: Status, user: User, isMember: Bool? = nil, untilDate: Int64? = nil) {
        self.status = status
        self.user = user
        self.isMember = isMember
        self.untilDate = untilDate
    }

    /// Whether the user is in the chat (creator, administrator, member, or restricted but present).
    public var isPresent: Bool {
        switch status {
        case .creator, .administrator, .member: true
        case .restricted: isMember ?? false
        default: false
        }
    }

    enum CodingKeys: String, CodingKey {
        case status, user
        case isMember = "is_member"
        case untilDate = "until_date"
    }
}
