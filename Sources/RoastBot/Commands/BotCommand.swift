import RoastCore

/// Every command the bot understands. Routing is an exhaustive `switch` over this enum, and the same
/// enum generates `/help` and the platform's command menu, so the three can never disagree.
public enum BotCommand: String, Sendable, CaseIterable, Hashable {
    case start
    case help
    case roast
    case mood
    case streak
    case badges
    case collections
    case favorites
    case history
    case stats
    case top
    case settings
    case remind
    case forgetme
    case export

    /// Who may see the command in menus.
    public enum Audience: Sendable { case everyone, admins }

    public var audience: Audience {
        switch self {
        case .settings: .admins
        default: .everyone
        }
    }

    /// The usage line shown in `/help`, e.g. `/roast [category] [1-5]`.
    public func usage(in language: Language) -> String {
        switch (self, language) {
        case (.roast, .en): "/roast [category] [1-5] [mood]"
        case (.roast, .vi): "/roast [chủ đề] [1-5] [tâm trạng]"
        case (.mood, .en): "/mood [stressed|frustrated|bored|tired|annoyed|off]"
        case (.mood, .vi): "/mood [stressed|frustrated|bored|tired|annoyed|off]"
        case (.history, .en): "/history [mood] [category]"
        case (.history, .vi): "/history [tâm trạng] [chủ đề]"
        case (.remind, _): "/remind on|off"
        default: "/" + rawValue
        }
    }

    /// One line describing the command, ≤ 256 characters (the platform's limit for menus).
    public func summary(in language: Language) -> String {
        switch (self, language) {
        case (.start, .en): "Say hello and see how the bot works"
        case (.start, .vi): "Chào bot và xem bot làm được gì"
        case (.help, .en): "All commands"
        case (.help, .vi): "Danh sách lệnh"
        case (.roast, .en): "Get a light-hearted workplace roast"
        case (.roast, .vi): "Nhận một câu roast công sở vui vẻ"
        case (.mood, .en): "Set your mood for today"
        case (.mood, .vi): "Chọn tâm trạng hôm nay"
        case (.streak, .en): "Your streak in this chat"
        case (.streak, .vi): "Chuỗi ngày của bạn trong nhóm này"
        case (.badges, .en): "Your badges and progress"
        case (.badges, .vi): "Huy hiệu và tiến độ của bạn"
        case (.collections, .en): "Roast collections, seasonal first"
        case (.collections, .vi): "Các bộ sưu tập roast"
        case (.favorites, .en): "Your ⭐ roasts"
        case (.favorites, .vi): "Các roast bạn đã ⭐"
        case (.history, .en): "Your recent roasts and reactions"
        case (.history, .vi): "Roast gần đây và phản ứng của bạn"
        case (.stats, .en): "Your Roast Stats"
        case (.stats, .vi): "Thống kê roast của bạn"
        case (.top, .en): "This chat's leaderboard"
        case (.top, .vi): "Bảng xếp hạng của nhóm"
        case (.settings, .en): "Chat settings (admins)"
        case (.settings, .vi): "Cài đặt nhóm (quản trị viên)"
        case (.remind, .en): "Turn your streak reminders on or off"
        case (.remind, .vi): "Bật/tắt nhắc giữ chuỗi"
        case (.forgetme, .en): "Delete your data in this chat"
        case (.forgetme, .vi): "Xoá dữ liệu của bạn trong nhóm này"
        case (.export, .en): "Export your data as JSON"
        case (.export, .vi): "Xuất dữ liệu của bạn (JSON)"
        }
    }
}
