/// A chat member's status, as `getChatMember` and `my_chat_member` updates report it.
public enum FakeMemberStatus: String, Sendable, Hashable {
    case creator, administrator, member, restricted, left, kicked

    /// https://core.telegram.org/bots/api#chatmember
    func json(user: FakeUser) -> FakeJSON {
        var members: [String: FakeJSON] = ["status": .string(rawValue), "user": user.json]
        switch self {
        case .creator:
            members["is_anonymous"] = false
        case .administrator:
            members["can_be_edited"] = false
            members["is_anonymous"] = false
            members["can_manage_chat"] = true
            members["can_delete_messages"] = true
            members["can_restrict_members"] = true
            members["can_promote_members"] = false
            members["can_change_info"] = true
            members["can_invite_users"] = true
            members["can_pin_messages"] = true
        case .restricted:
            members["is_member"] = true
            members["can_send_messages"] = true
            members["until_date"] = 0
        case .kicked:
            members["until_date"] = 0
        case .member, .left:
            break
        }
        return .object(members)
    }
}
