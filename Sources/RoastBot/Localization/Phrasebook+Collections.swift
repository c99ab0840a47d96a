import RoastCore

/// The sentences of collections and seasonal banners, in Vietnamese and English.
extension Phrasebook {
    private func say(_ vi: String, _ en: String) -> String { language == .vi ? vi : en }

    public var collectionsTitle: String { say("🎁 Bộ sưu tập roast", "🎁 Roast collections") }

    public var collectionsEmpty: String {
        say("Hiện chưa có bộ sưu tập nào — quay lại sau nhé!", "No collections on offer right now — check back later!")
    }

    public var collectionsHowTo: String {
        say(
            "Bấm một nút để nhận roast từ bộ đó cho các lần /roast tiếp theo, hoặc gõ thẳng /roast kèm tên bộ (ví dụ /roast tết).",
            "Tap a button to get your next /roast from that collection, or name it directly (e.g. /roast tet).")
    }

    public var seasonalLabel: String { say("Theo mùa", "Seasonal") }
    public var monthlyLabel: String { say("Của tháng", "This month") }
    public var permanentLabel: String { say("Thường trực", "Always on") }
    public var chosenMark: String { say("✅ bạn đang chọn", "✅ your pick") }

    /// "12 roasts · you got 3/12 (25 %)".
    public func collectionCount(_ progress: CollectionProgress, showProgress: Bool) -> String {
        let count = say("\(progress.total) roast", "\(progress.total) roasts")
        guard showProgress else { return count }
        if progress.isComplete { return count + say(" · 🏅 đã sưu tầm đủ!", " · 🏅 all collected!") }
        return count
            + say(
                " · bạn đã nhận \(progress.served)/\(progress.total) (\(Percentage.text(progress.served, of: progress.total)))",
                " · you got \(progress.served)/\(progress.total) (\(Percentage.text(progress.served, of: progress.total)))")
    }

    /// "7/2 – 23/2" (VI) or "Feb 7 – Feb 23" (EN).
    public func seasonSpan(_ occurrence: SeasonOccurrence) -> String {
        "📅 " + shortDate(occurrence.first) + " – " + shortDate(occurrence.last)
    }

    /// A taste of a collection in `/collections`: the start of one of its roasts.
    public func collectionPreview(_ excerpt: String) -> String {
        say("👀 Nếm thử: “\(excerpt)”", "👀 A taste: “\(excerpt)”")
    }

    /// Asked for more spice than a collection holds: the roast is its spiciest.
    public func collectionSpiceUnavailable(_ name: String, highest: SpiceLevel) -> String {
        say(
            "Bộ \(name) cay nhất chỉ tới độ \(highest.rawValue), nên đây là một câu độ \(highest.rawValue) nhé.",
            "\(name) only goes up to spice \(highest.rawValue), so here's one at \(highest.rawValue).")
    }

    /// Named a category a collection (named or picked) has no roast of today: the roast is the library's.
    public func collectionLacksCategory(_ name: String, category: RoastCategory) -> String {
        let topic = "\(category.emoji) \(category.name(in: language))"
        return say(
            "Bộ \(name) hôm nay không có roast \(topic), nên đây là một câu \(topic) từ kho roast thường.",
            "\(name) has no \(topic) roast today, so here's one from the regular library.")
    }

    /// Under `/collections` when the viewer has a pick.
    public var collectionLeaveHint: String {
        say(
            "Muốn quay lại roast thường: bấm ↩️ hoặc gõ /roast thường (/roast off).",
            "Back to regular roasts: tap ↩️ or type /roast regular (/roast off).")
    }

    public var regularRoastsButton: String { say("↩️ Roast thường", "↩️ Regular roasts") }

    public func collectionChosen(_ name: String) -> String {
        say("Đã chọn \(name) cho các lần roast tiếp theo", "Your next roasts come from \(name)")
    }

    public var collectionCleared: String { say("Đã quay lại roast thường", "Back to regular roasts") }

    public func collectionNotActive(_ name: String) -> String {
        say(
            "Bộ \(name) hiện không mở — mình gửi roast thường nhé. Xem các bộ đang mở: /collections",
            "\(name) isn't on offer right now, so here's a regular roast. See what's on: /collections")
    }

    public var collectionUnavailable: String {
        say(
            "Bộ sưu tập này hiện không mở. Gõ /collections để xem các bộ đang có.",
            "That collection isn't on offer now. Type /collections to see what's on.")
    }

    public var collectionPickNeedsPerson: String { say("Chỉ người dùng mới chọn được bộ sưu tập.", "Only people can pick a collection.") }

    /// Posted when someone has received every roast of a collection.
    public func bannerTryButton(_ icon: String, _ name: String) -> String {
        say("\(icon) Thử roast \(name)", "\(icon) Try a \(name) roast")
    }

    private func shortDate(_ date: LocalDate) -> String {
        if language == .vi { return "\(date.day)/\(date.month)" }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(months[date.month - 1]) \(date.day)"
    }
}
