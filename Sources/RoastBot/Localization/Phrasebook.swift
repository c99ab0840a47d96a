import ChatPlatform
import RoastCore

/// Every user-facing sentence of the bot, in Vietnamese and English.
///
/// Views compose these into messages; handlers never write user-facing text themselves.
public struct Phrasebook: Sendable {
    public let language: Language

    public init(_ language: Language) { self.language = language }

    private func pick(_ vi: String, _ en: String) -> String { language == .vi ? vi : en }

    // MARK: Greeting and help

    public func greeting(name: String) -> String {
        pick(
            "Chào \(name)! Mình là RoastMeLater — chuyên gia “nướng” nhẹ nhàng những nỗi khổ công sở: deadline, họp hành, KPI, review code… Cười một chút cho bớt stress nhé 😄",
            "Hi \(name)! I'm RoastMeLater — light-hearted roasts of office life: deadlines, meetings, KPIs, code reviews… A laugh a day keeps the burnout away 😄"
        )
    }

    public var howToStart: String {
        pick(
            "Gõ /roast để nhận một câu roast, bấm 😂 🔥 😐 👎 để chấm điểm. Thêm chủ đề và độ cay: /roast họp 3.",
            "Type /roast for a roast and rate it with 😂 🔥 😐 👎. Add a topic and a spice level: /roast meetings 3.")
    }

    public var helpTitle: String { pick("Các lệnh của bot", "Commands") }

    public var helpCategories: String { pick("Chủ đề", "Categories") }

    public var helpSpice: String {
        pick(
            "Độ cay 1–5: 1 dễ thương · 2 chơi chữ · 3 mỉa mai · 4 sắc sảo · 5 cay xé nhưng văn minh.",
            "Spice 1–5: 1 gentle · 2 witty · 3 sarcastic · 4 sharp · 5 savage but clever.")
    }

    public var helpPrivacy: String {
        pick(
            "Dữ liệu chỉ nằm trên máy chủ của bot, không gửi đi đâu khác.",
            "Your data stays on the bot's server; nothing is sent anywhere else.")
    }

    /// The tip for a group on a platform that shows the bot native reactions only while it is an
    /// admin: `platform`'s name, and its `emoji` that count (`🤣 🔥 😐 👎`).
    public func groupAdminHint(platform: String, emoji: String) -> String {
        pick(
            "Mẹo: thêm bot làm quản trị viên để bot đếm cả reaction gốc của \(platform) (\(emoji)).",
            "Tip: make the bot an admin so it can count \(platform)'s native reactions (\(emoji)) too.")
    }

    // MARK: Roasts

    /// Followed by a mention of the requester.
    public var roastForPrefix: String { pick("Roast cho ", "Roast for ") }
    public var roastOfTheMoment: String { pick("Roast", "Roast") }

    public var noRoastAvailable: String {
        pick(
            "Kho roast đang trống trơn — chắc đi họp hết rồi. Thử lại sau nhé!",
            "The roast library is empty — probably stuck in a meeting. Try again later!")
    }

    public func unknownRoastWords(_ words: [String]) -> String {
        let list = words.prefix(5).map { "“\($0)”" }.joined(separator: ", ")
        return pick(
            "Mình chưa hiểu \(list) — bỏ qua nhé. Chủ đề: deadline, họp, kpi, review code, việc, đồng nghiệp, sếp, chung; độ cay 1–5.",
            "I didn't get \(list), so I ignored it. Topics: deadlines, meetings, kpis, code reviews, workload, colleagues, management, general; spice 1–5."
        )
    }

    /// Said when a request asked for more spice than the chat's cap: the group's admins set it, or
    /// in a private chat the person did.
    public func spiceCapped(to level: SpiceLevel, inGroup: Bool) -> String {
        inGroup
            ? pick("Nhóm này giới hạn độ cay tối đa \(level.rawValue).", "This group caps spice at \(level.rawValue).")
            : pick(
                "Bạn đã đặt độ cay tối đa \(level.rawValue) (đổi: /settings spice 5).",
                "You capped spice at \(level.rawValue) (change it: /settings spice 5).")
    }

    // MARK: Reactions

    public func reacted(_ kind: ReactionKind) -> String {
        pick("Đã ghi nhận \(kind.rawValue)", "Got it \(kind.rawValue)")
    }

    public func reactionRemoved(_ kind: ReactionKind) -> String {
        pick("Đã bỏ \(kind.rawValue)", "Removed \(kind.rawValue)")
    }

    public var favoriteAdded: String { pick("Đã thêm vào ⭐ yêu thích", "Added to ⭐ favorites") }
    public var favoriteRemoved: String { pick("Đã bỏ khỏi ⭐ yêu thích", "Removed from ⭐ favorites") }
    public var anotherComing: String { pick("Thêm một câu nữa đây 🔁", "Another one coming 🔁") }

    public var staleButton: String {
        pick(
            "Nút này đã cũ hoặc không hợp lệ — gõ /roast để nhận câu mới nhé.",
            "This button is stale or invalid — type /roast for a fresh one.")
    }

    // MARK: Errors and fallbacks

    public func unknownCommand(_ name: String) -> String {
        pick(
            "Lệnh /\(name) chưa có trong thực đơn. Gõ /help để xem các lệnh.",
            "/\(name) isn't on the menu. Type /help to see the commands.")
    }

    public var mentionHint: String {
        pick(
            "Muốn bị roast thì gõ /roast, hoặc nhắc mình kèm chủ đề, ví dụ “roast tui vụ họp hành”.",
            "Want a roast? Type /roast, or mention me with a topic, like “roast me about meetings”.")
    }

    /// How to switch the chat's language, written in both languages so that whoever does not read
    /// the chat's one still finds it.
    public var languageSwitchHint: String {
        pick(
            "🌐 Đổi ngôn ngữ: /settings language en — Switch to English: /settings language en",
            "🌐 Switch language: /settings language vi — Chuyển sang tiếng Việt: /settings language vi")
    }

    /// The last line of `/start` and `/help`: how to switch to the other language, written in it.
    public var otherLanguageHint: String {
        pick("🌐 English: /settings language en", "🌐 Tiếng Việt: /settings language vi")
    }

    public var welcomeToGroup: String {
        pick(
            "Xin chào cả nhà! Mình là RoastMeLater 🔥 Gõ /roast để bắt đầu, /help để xem lệnh.",
            "Hello, team! I'm RoastMeLater 🔥 Type /roast to start, /help for the commands.")
    }
}
