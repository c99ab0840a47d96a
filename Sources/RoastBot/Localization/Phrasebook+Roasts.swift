import RoastCore

/// Strings of moods, favorites, history and stats, in Vietnamese and English.
extension Phrasebook {
    private func choose(_ vi: String, _ en: String) -> String { language == .vi ? vi : en }

    // MARK: Moods

    public var moodQuestion: String { choose("Hôm nay bạn thấy thế nào?", "How are you feeling today?") }

    public func moodCurrent(_ mood: Mood?) -> String {
        guard let mood else { return choose("Chưa chọn tâm trạng cho hôm nay.", "No mood set for today.") }
        return choose("Hôm nay: \(mood.emoji) \(mood.name(in: .vi)).", "Today: \(mood.emoji) \(mood.name(in: .en)).")
    }

    public var moodOffLabel: String { choose("🙂 Bình thường", "🙂 Off") }

    public func moodSet(_ mood: Mood) -> String {
        choose(
            "Đã ghi nhận tâm trạng hôm nay: \(mood.emoji) \(mood.name(in: .vi)). Roast hôm nay sẽ \(moodToneVI(mood)).",
            "Today's mood: \(mood.emoji) \(mood.name(in: .en)). Today's roasts will be \(mood.promptModifier).")
    }

    public var moodCleared: String {
        choose("Đã bỏ tâm trạng hôm nay — roast trở lại như thường.", "Mood cleared for today — roasts are back to normal.")
    }

    public func moodUnknown(_ word: String) -> String {
        choose(
            "Mình chưa hiểu “\(word)”. Thử: căng thẳng, bực bội, chán, mệt, khó chịu — hoặc off.",
            "I didn't get “\(word)”. Try: stressed, frustrated, bored, tired, annoyed — or off.")
    }

    private func moodToneVI(_ mood: Mood) -> String {
        switch mood {
        case .stressed: "nhẹ nhàng, động viên"
        case .frustrated: "xả stress, dễ đồng cảm"
        case .bored: "sáng tạo, bất ngờ"
        case .tired: "tiếp năng lượng, động lực"
        case .annoyed: "thấu hiểu và hài hước"
        }
    }

    // MARK: Favorites

    public func favoritesTitle(page: Int, pages: Int) -> String {
        choose("⭐ Roast yêu thích của bạn (trang \(page)/\(pages))", "⭐ Your favorite roasts (page \(page)/\(pages))")
    }

    public var favoritesEmpty: String {
        choose("Bạn chưa ⭐ roast nào. Bấm ⭐ dưới một câu roast để lưu lại nhé.", "No ⭐ roasts yet. Press ⭐ under a roast to keep it.")
    }

    public var previousPage: String { choose("◀️ Trước", "◀️ Previous") }
    public var nextPage: String { choose("Sau ▶️", "Next ▶️") }

    // MARK: History

    public func historyTitle(mood: Mood?, category: RoastCategory?) -> String {
        var filters: [String] = []
        if let mood { filters.append("\(mood.emoji) \(mood.name(in: language))") }
        if let category { filters.append("\(category.emoji) \(category.name(in: language))") }
        let suffix = filters.isEmpty ? "" : " · " + filters.joined(separator: " · ")
        return choose("🕘 Roast gần đây của bạn", "🕘 Your recent roasts") + suffix
    }

    /// `/history` with nothing to show: with a mood or category asked, none matches it; else there
    /// is no roast yet.
    public func historyEmpty(filtered: Bool) -> String {
        filtered
            ? choose(
                "Không có roast nào khớp bộ lọc. Gõ /history để xem tất cả.", "None matches the filter. Type /history to see them all.")
            : choose("Bạn chưa có roast nào. Gõ /roast để bắt đầu!", "No roast yet. Type /roast to start!")
    }

    /// `/history` with words it did not understand: it takes a mood and a category.
    public func unknownHistoryWords(_ words: [String]) -> String {
        let list = words.prefix(5).map { "“\($0)”" }.joined(separator: ", ")
        let moods = Mood.allCases.map { $0.name(in: language).lowercased() }.joined(separator: ", ")
        let categories = RoastCategory.allCases.map { $0.name(in: language).lowercased() }.joined(separator: ", ")
        return choose(
            "Mình chưa hiểu \(list) — bỏ qua nhé. /history lọc theo tâm trạng (\(moods)) và chủ đề (\(categories)).",
            "I didn't get \(list), so I ignored it. /history filters by mood (\(moods)) and category (\(categories)).")
    }

    public var historyNoReaction: String { choose("chưa chấm", "not rated") }

    // MARK: Stats

    public var statsTitle: String { choose("📊 Thống kê roast của bạn", "📊 Your Roast Stats") }
    public func statsRequested(_ count: Int, favorites: Int) -> String {
        choose("Đã nhận \(count) roast · \(favorites) ⭐", "\(count) roasts received · \(favorites) ⭐")
    }
    public var statsReceived: String {
        choose("Người khác phản ứng với roast của bạn", "How others reacted to your roasts")
    }
    public var statsGiven: String { choose("Bạn đã chấm", "Reactions you gave") }
    public var statsCategories: String { choose("Chủ đề", "Categories") }
    public var statsSpice: String { choose("Độ cay", "Spice") }
    /// The title of the group's totals: its roasts, then everyone's reactions under it.
    public func statsChat(roasts: Int) -> String {
        choose(
            "Cả nhóm: \(roasts) roast — phản ứng của mọi người",
            "This group: \(roasts == 1 ? "1 roast" : "\(roasts) roasts") — everyone's reactions")
    }
    public var statsNothingYet: String { choose("chưa có", "nothing yet") }
    public var statsNoReactionsYet: String { choose("chưa ai phản ứng", "no reactions yet") }
}
