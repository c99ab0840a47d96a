import ChatPlatform
import Foundation
import RoastCore

/// Sentences of the schedules, settings, privacy, sharing and abuse features, in Vietnamese and English.
extension Phrasebook {
    private func say(_ vi: String, _ en: String) -> String { language == .vi ? vi : en }

    // MARK: Roast of the Day and reminders

    public var roastOfTheDay: String { say("Roast của ngày", "Roast of the Day") }

    /// The Roast of the Day's streak line: "🔥 Chuỗi dẫn đầu: 🥇 Mai 12 ngày · 🥈 An 9 ngày".
    public func streakLeaders(_ leaders: [(medal: String, name: String, days: Int)]) -> String {
        guard !leaders.isEmpty else {
            return say("🔥 Chưa ai giữ chuỗi ngày nào — gõ /roast để mở màn!", "🔥 No streaks going yet — send /roast to start one!")
        }
        let list = leaders.map { "\($0.medal) \($0.name) \(say("\($0.days) ngày", $0.days == 1 ? "1 day" : "\($0.days) days"))" }
        return say("🔥 Chuỗi dẫn đầu: ", "🔥 Streak leaders: ") + list.joined(separator: " · ")
    }

    public var reminderTitle: String { say("⏰ Sắp mất chuỗi rồi!", "⏰ Streaks in danger!") }

    public var reminderBody: String {
        say(
            "Chuỗi của các bạn sẽ đứt lúc nửa đêm nay. Gõ /roast để giữ lửa nhé 🔥 (Tắt nhắc: /remind off)",
            "Your streak breaks at midnight tonight. Send /roast to keep it alive 🔥 (Turn reminders off: /remind off)")
    }

    // MARK: Settings

    /// The panel's title: a group's settings, or simply the settings of a private chat.
    public func settingsTitle(inGroup: Bool) -> String {
        inGroup ? say("⚙️ Cài đặt nhóm", "⚙️ Group settings") : say("⚙️ Cài đặt", "⚙️ Settings")
    }

    public var settingsAdminsOnly: String {
        say(
            "Xin lỗi, chỉ quản trị viên của nhóm mới đổi được cài đặt. Nhờ admin giúp nhé 🙏",
            "Sorry, only this group's admins can change its settings. Ask an admin 🙏")
    }

    /// Under the settings a member who may not change them sees.
    public var settingsReadOnly: String {
        say("👀 Các cài đặt này chỉ quản trị viên của nhóm mới đổi được.", "👀 Only this group's admins can change these settings.")
    }

    public var settingsSaved: String { say("Đã lưu ✅", "Saved ✅") }

    public func settingsUsage() -> String {
        say(
            "Cách dùng: /settings [language vi|en] [timezone Khu_vực/Thành_phố] [time HH:mm] [daily on|off] [weekdays on|off] [categories họp kpi…|all] [spice 1-5] [reminders on|off] [banners on|off] [ai on|off] [topic here|general]",
            "Usage: /settings [language vi|en] [timezone Area/City] [time HH:mm] [daily on|off] [weekdays on|off] [categories meetings kpis…|all] [spice 1-5] [reminders on|off] [banners on|off] [ai on|off] [topic here|general]"
        )
    }

    /// What was wrong with a typed setting, in one sentence naming what the setting takes.
    public func settingError(_ error: SettingChange.ParseError) -> String {
        switch error {
        case .usage: return settingsUsage()
        case .unknownTimeZone(let name): return unknownTimeZone(name)
        case .spiceOutOfRange(let value):
            return say(
                "Độ cay là 1–5 (không phải “\(value)”), ví dụ: /settings spice 3", "Spice is 1–5 (not “\(value)”), e.g. /settings spice 3")
        case .unknownLanguage(let value):
            return say(
                "Ngôn ngữ là vi (Tiếng Việt) hoặc en (English), không phải “\(value)”.",
                "The language is vi (Tiếng Việt) or en (English), not “\(value)”.")
        case .badTime(let value):
            return say(
                "Giờ đăng viết HH:MM, từ 00:00–23:59 (không phải “\(value)”), ví dụ: /settings time 08:30",
                "The time is HH:MM, 00:00–23:59 (not “\(value)”), e.g. /settings time 08:30")
        case .unknownCategories(let words):
            let list = words.prefix(5).map { "“\($0)”" }.joined(separator: ", ")
            let names = RoastCategory.allCases.map { $0.name(in: language) }.joined(separator: ", ")
            return say(
                "Mình không biết chủ đề \(list). Các chủ đề: \(names) (hoặc all).",
                "No category \(list). The categories: \(names) (or all).")
        case .notOnOff(let key, let value):
            return say("“\(key)” nhận on hoặc off, không phải “\(value)”.", "“\(key)” takes on or off, not “\(value)”.")
        }
    }

    public func unknownTimeZone(_ name: String) -> String {
        say(
            "“\(name)” không phải múi giờ IANA hợp lệ. Ví dụ: Asia/Ho_Chi_Minh, Europe/Berlin, America/New_York.",
            "“\(name)” is not a valid IANA timezone. Examples: Asia/Ho_Chi_Minh, Europe/Berlin, America/New_York.")
    }

    public func settingChanged(_ line: String) -> String { say("✅ Đã đổi: \(line)", "✅ Changed: \(line)") }

    public var labelLanguage: String { say("Ngôn ngữ", "Language") }
    public var labelTimeZone: String { say("Múi giờ", "Timezone") }
    public var labelDaily: String { say("Roast của ngày", "Roast of the Day") }
    public var labelWeekdays: String { say("Chỉ ngày thường", "Weekdays only") }
    public var labelSpice: String { say("Độ cay tối đa", "Max spice") }
    public var labelReminders: String { say("Nhắc giữ chuỗi", "Streak reminders") }

    /// The reminders line of `/settings`: what the switch really does — each member still opts in.
    public func remindersSetting(_ on: Bool) -> String {
        on
            ? say(
                "bật — 22:00 gọi tên ai đã gõ /remind on mà chuỗi sắp đứt",
                "on — at 22:00, mentions those who typed /remind on and whose streak is about to break")
            : say("tắt — không nhắc ai trong nhóm này", "off — nobody here is reminded")
    }
    public var labelBanners: String { say("Banner mùa lễ", "Seasonal banners") }
    public var labelAI: String { say("Roast bằng AI", "AI roasts") }
    /// The AI line of the panel when the operator configured no AI provider.
    public var aiNotConfigured: String { say("chưa cấu hình (roast lấy từ kho có sẵn)", "not configured (roasts come from the library)") }

    /// The answer to `/settings ai on|off` when there is no AI provider to switch.
    public var aiNotConfiguredExplained: String {
        say(
            "Bot này chưa được cấu hình nhà cung cấp AI nên không có gì để bật/tắt — mọi roast đến từ kho có sẵn.",
            "This bot has no AI provider configured, so there is nothing to switch — every roast comes from the library.")
    }
    public var labelTime: String { say("Giờ đăng", "Post time") }
    public var labelPostTopic: String { say("Chủ đề đăng bài định kỳ", "Topic for scheduled posts") }

    /// Where scheduled posts go: a forum topic, or the chat's main thread.
    /// Where scheduled posts go: `topic`; without one the main thread, or in a chat without one
    /// (`mainThread` false: a Discord server) wherever the bot was last asked something.
    public func postTopic(_ topic: TopicID?, mainThread: Bool = true) -> String {
        guard let topic else {
            return mainThread ? say("General (chung)", "General") : say("nơi mình được gọi gần nhất", "wherever I was last asked")
        }
        return say("chủ đề #\(topic.rawValue)", "topic #\(topic.rawValue)")
    }

    /// A timezone in words: "Giờ Việt Nam (UTC+7)" for the ones offered as buttons, else its IANA
    /// name with its UTC offset at `date` ("Asia/Kathmandu (UTC+5:45)").
    public func timeZoneName(_ identifier: String, at date: Date) -> String {
        let offset = Self.utcOffset(identifier, at: date)
        let city: (vi: String, en: String)? =
            switch identifier {
            case "Asia/Ho_Chi_Minh": ("Giờ Việt Nam", "Vietnam time")
            case "Asia/Singapore": ("Giờ Singapore", "Singapore time")
            case "Asia/Tokyo": ("Giờ Tokyo", "Tokyo time")
            case "Europe/Berlin": ("Giờ Berlin", "Berlin time")
            case "Europe/London": ("Giờ London", "London time")
            case "America/New_York": ("Giờ New York", "New York time")
            default: nil
            }
        guard identifier != "UTC" else { return "UTC" }
        guard let city else { return "\(identifier) (\(offset))" }
        return say(city.vi, city.en) + " (\(offset))"
    }

    /// "UTC+7", "UTC+5:45", "UTC-3:30", "UTC+0".
    static func utcOffset(_ identifier: String, at date: Date) -> String {
        let seconds = TimeZone(identifier: identifier)?.secondsFromGMT(for: date) ?? 0
        let minutes = abs(seconds) / 60
        let sign = seconds < 0 ? "-" : "+"
        return "UTC\(sign)\(minutes / 60)" + (minutes % 60 == 0 ? "" : ":" + (minutes % 60).zeroPadded(to: 2))
    }

    public var labelDailyCategories: String { say("Chủ đề của Roast của ngày", "Roast of the Day categories") }

    /// The categories by name ("Họp hành, KPI"), or "every category" for none chosen.
    public func categoryList(_ categories: Set<RoastCategory>) -> String {
        guard !categories.isEmpty, categories.count < RoastCategory.allCases.count else { return say("tất cả chủ đề", "every category") }
        return RoastCategory.allCases.filter(categories.contains).map { $0.name(in: language) }.joined(separator: ", ")
    }

    /// A language by its own name: "Tiếng Việt", "English".
    public func languageName(_ language: Language) -> String {
        switch language {
        case .vi: "Tiếng Việt"
        case .en: "English"
        }
    }

    public var settingsBack: String { say("↩️ Quay lại cài đặt", "↩️ Back to the settings") }

    public var dailyCategoriesHint: String {
        say(
            "Roast của ngày chỉ lấy từ các chủ đề được đánh dấu. Gõ tay: /settings categories họp kpi (hoặc all).",
            "The Roast of the Day comes only from the ticked categories. Typed: /settings categories meetings kpis (or all).")
    }

    public func onOff(_ on: Bool) -> String { on ? say("bật", "on") : say("tắt", "off") }

    public var settingsTimeZoneHint: String {
        say("Múi giờ khác: /settings timezone Khu_vực/Thành_phố", "Another timezone: /settings timezone Area/City")
    }

    // MARK: Privacy

    public var forgetMeConfirm: String {
        say(
            "Xoá toàn bộ dữ liệu của bạn trong nhóm này (roast, reaction, ⭐, hồ sơ)? Không thể hoàn tác.",
            "Delete all your data in this chat (roasts, reactions, ⭐, profile)? This cannot be undone.")
    }

    public var forgetMeYes: String { say("🗑 Xoá hết", "🗑 Delete everything") }
    public var forgetMeNo: String { say("Huỷ", "Cancel") }
    public var forgetMeDone: String {
        say(
            "Đã xoá dữ liệu của bạn trong nhóm này. Tạm biệt… hoặc hẹn gặp lại 👋", "Your data in this chat is gone. Bye… or see you again 👋"
        )
    }
    public var forgetMeCancelled: String { say("Đã huỷ, dữ liệu vẫn còn nguyên.", "Cancelled; nothing was deleted.") }
    public var notYourButton: String { say("Nút này không dành cho bạn.", "This button isn't yours.") }

    /// The caption of a person's export; `title` names the group it comes from (nil: this chat).
    public func exportCaption(from title: String?) -> String {
        guard let title else { return say("Dữ liệu của bạn trong cuộc trò chuyện này (JSON)", "Your data in this chat (JSON)") }
        return say("Dữ liệu của bạn trong nhóm “\(title)” (JSON)", "Your data in “\(title)” (JSON)")
    }

    /// The caption of a chat's export; `title` names the group (nil: this chat).
    public func exportChatCaption(from title: String?) -> String {
        guard let title else { return say("Dữ liệu của cuộc trò chuyện này (JSON)", "This chat's data (JSON)") }
        return say("Dữ liệu của nhóm “\(title)” (JSON)", "The data of “\(title)” (JSON)")
    }

    public var exportSentPrivately: String {
        say("📬 Mình đã gửi dữ liệu qua tin nhắn riêng cho bạn.", "📬 I sent the data to you in a private message.")
    }

    public var exportNeedsPrivateChat: String {
        say(
            "🔒 Dữ liệu chỉ được gửi qua tin nhắn riêng. Bấm nút bên dưới để mở chat riêng với mình, tệp sẽ đến ở đó.",
            "🔒 Data is only sent in a private chat. Press the button below to open one with me; the file arrives there.")
    }

    public var exportOpenPrivateChat: String { say("🔒 Mở chat riêng", "🔒 Open a private chat") }

    /// `/export` where the bot can neither write to the person privately yet, nor give them a link that
    /// opens a private chat, nor answer them privately in place.
    public var exportNeedsPrivateChatOpened: String {
        say(
            "🔒 Dữ liệu chỉ được gửi qua tin nhắn riêng. Hãy nhắn riêng cho mình rồi gõ /export ở đó nhé.",
            "🔒 Data is only sent in a private chat. Send me a private message, then type /export there.")
    }

    public var exportLinkInvalid: String {
        say(
            "Liên kết này đã dùng rồi, đã hết hạn hoặc không phải của bạn. Gõ lại /export trong nhóm nhé.",
            "This link was used, has expired or isn't yours. Type /export in the group again.")
    }
    public var exportChatAdminsOnly: String {
        say("Chỉ quản trị viên mới xuất được dữ liệu của cả nhóm.", "Only admins can export the whole chat.")
    }

    // MARK: Sharing (inline mode)

    public var inlineFavoriteTitle: String { say("⭐ Roast yêu thích", "⭐ Favorite roast") }
    public var inlineFreshTitle: String { say("🔥 Roast mới", "🔥 Fresh roast") }

    // MARK: Abuse

    public var slowDown: String {
        say(
            "Từ từ thôi nào 😅 Bạn gửi lệnh hơi nhanh — nghỉ vài giây rồi thử lại nhé.",
            "Easy there 😅 That's a lot of commands — take a few seconds and try again.")
    }

    /// The answer to a personal command (a streak, moods, badges, an export…) sent as the group or a
    /// channel rather than as a person.
    public var needsAPerson: String {
        say(
            "Lệnh này dành cho từng người: hãy gửi bằng tài khoản của chính bạn (không ẩn danh, không dưới tên kênh).",
            "This one is personal: send it as yourself, not anonymously or as a channel.")
    }
}
