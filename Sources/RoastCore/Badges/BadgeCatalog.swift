/// Every badge the bot knows, in display order. Adding a badge is one entry here (or one entry in
/// `extra`, which is how the collections supply their completion badges).
public struct BadgeCatalog: Sendable, Hashable {
    public let badges: [Badge]

    /// The standard badges followed by `extra`; an extra entry with a standard id replaces it.
    public init(extra: [Badge] = []) {
        var badges = Self.standardBadges
        for badge in extra {
            if let index = badges.firstIndex(where: { $0.id == badge.id }) {
                badges[index] = badge
            } else {
                badges.append(badge)
            }
        }
        self.badges = badges
    }

    public static let standard = BadgeCatalog()

    public subscript(id: BadgeID) -> Badge? { badges.first { $0.id == id } }

    /// Badges `tally` has earned that are not in `earned` yet, in catalog order.
    public func newlyEarned(_ tally: ActivityTally, alreadyEarned earned: Set<BadgeID>) -> [Badge] {
        badges.filter { !earned.contains($0.id) && $0.progress(tally).isComplete }
    }

    // MARK: - The standard badges

    static let standardBadges: [Badge] = [
        Badge(
            id: "streak-3", icon: "🌱", category: .streak, criterion: .streakDays(3),
            name: LocalizedText(vi: "Khởi động", en: "Getting Started"),
            description: LocalizedText(vi: "Giữ chuỗi 3 ngày liên tiếp", en: "Keep a 3-day streak")),
        Badge(
            id: "streak-7", icon: "⚔️", category: .streak, criterion: .streakDays(7),
            name: LocalizedText(vi: "Chiến binh tuần", en: "Week Warrior"),
            description: LocalizedText(
                vi: "Giữ chuỗi 7 ngày — mở khoá kho roast Premium", en: "Keep a 7-day streak — unlocks the Premium roasts")),
        Badge(
            id: "streak-30", icon: "👑", category: .streak, criterion: .streakDays(30),
            name: LocalizedText(vi: "Bậc thầy tháng", en: "Monthly Master"),
            description: LocalizedText(vi: "Giữ chuỗi 30 ngày", en: "Keep a 30-day streak")),
        Badge(
            id: "roasts-10", icon: "🐣", category: .generation, criterion: .roasts(10),
            name: LocalizedText(vi: "Tân binh roast", en: "Roast Rookie"),
            description: LocalizedText(vi: "Nhận 10 câu roast", en: "Get 10 roasts")),
        Badge(
            id: "roasts-50", icon: "🍳", category: .generation, criterion: .roasts(50),
            name: LocalizedText(vi: "Khách quen", en: "Roast Regular"),
            description: LocalizedText(vi: "Nhận 50 câu roast", en: "Get 50 roasts")),
        Badge(
            id: "roasts-100", icon: "🎖️", category: .generation, criterion: .roasts(100),
            name: LocalizedText(vi: "Cựu binh roast", en: "Roast Veteran"),
            description: LocalizedText(vi: "Nhận 100 câu roast", en: "Get 100 roasts")),
        Badge(
            id: "explorer", icon: "🧭", category: .exploration, criterion: .categoriesTried(RoastCategory.allCases.count),
            name: LocalizedText(vi: "Nhà thám hiểm", en: "Explorer"),
            description: LocalizedText(vi: "Thử đủ 8 chủ đề", en: "Try all 8 categories")),
        Badge(
            id: "spice-adventurer", icon: "🌶️", category: .exploration, criterion: .spiceLevelsTried(SpiceLevel.all.count),
            name: LocalizedText(vi: "Thánh ăn cay", en: "Spice Adventurer"),
            description: LocalizedText(vi: "Thử đủ 5 mức cay", en: "Try all 5 spice levels")),
        Badge(
            id: "favorites-1", icon: "⭐", category: .favorites, criterion: .favorites(1),
            name: LocalizedText(vi: "Fan đầu tiên", en: "First Favorite"),
            description: LocalizedText(vi: "⭐ một câu roast", en: "⭐ a roast")),
        Badge(
            id: "favorites-10", icon: "🌟", category: .favorites, criterion: .favorites(10),
            name: LocalizedText(vi: "Nhà sưu tầm", en: "Curator"),
            description: LocalizedText(vi: "⭐ 10 câu roast", en: "⭐ 10 roasts")),
        Badge(
            id: "shares-1", icon: "📤", category: .sharing, criterion: .shares(1),
            name: LocalizedText(vi: "Lan toả", en: "Spreader"),
            description: LocalizedText(vi: "Chia sẻ một câu roast (chế độ inline)", en: "Share a roast (inline mode)")),
        Badge(
            id: "shares-10", icon: "📣", category: .sharing, criterion: .shares(10),
            name: LocalizedText(vi: "Loa phường", en: "Town Crier"),
            description: LocalizedText(vi: "Chia sẻ 10 câu roast", en: "Share 10 roasts")),
        Badge(
            id: "fire-10", icon: "🔥", category: .generation, criterion: .fireReceived(10),
            name: LocalizedText(vi: "Nóng hổi", en: "Crowd Warmer"),
            description: LocalizedText(vi: "Roast của bạn nhận 10 🔥 từ người khác", en: "Your roasts get 10 🔥 from others")),
        Badge(
            id: "fire-50", icon: "🌋", category: .generation, criterion: .fireReceived(50),
            name: LocalizedText(vi: "Núi lửa", en: "Volcano"),
            description: LocalizedText(vi: "Roast của bạn nhận 50 🔥 từ người khác", en: "Your roasts get 50 🔥 from others")),
    ]
}
