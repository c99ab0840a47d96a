import CardModel
import RoastCore

/// Share cards and the streak heatmap.
extension Phrasebook {
    private func say(_ vi: String, _ en: String) -> String { language == .vi ? vi : en }

    public var cardButton: String { "🖼" }
    public var heatmapButton: String { say("📅 Lịch chuỗi", "📅 Streak calendar") }

    public var cardDrawing: String { say("🖼 Đang vẽ thiệp…", "🖼 Drawing your card…") }
    public var heatmapDrawing: String { say("📅 Đang vẽ lịch chuỗi…", "📅 Drawing your streak calendar…") }

    public func formatName(_ format: CardFormat) -> String {
        switch format {
        case .post: say("Vuông", "Square")
        case .story: say("Story dọc", "Story")
        }
    }

    /// The caption under a card: template and format, and how to pass it on — by typing the bot's name in any chat
    /// only where the platform has inline mode (`inlineSharing`). No one's name.
    public func cardCaption(_ template: CardTemplate, _ format: CardFormat, inlineSharing: Bool = true) -> String {
        let style = "🖼 \(template.name(in: language)) · \(formatName(format))"
        guard inlineSharing else { return say("\(style) — giữ ảnh để chuyển tiếp.", "\(style) — forward it to pass it on.") }
        return say(
            "\(style) — giữ ảnh để chuyển tiếp, hoặc gõ @bot ở chat khác để gửi lại.",
            "\(style) — forward it, or type @bot in any chat to send it again.")
    }

    /// A premium template someone without a 7-day streak picked.
    public func premiumTemplateLocked(_ template: CardTemplate, days: Int, current: Int) -> String {
        say(
            "💎 Mẫu \(template.name(in: language)) mở khoá khi đạt chuỗi \(days) ngày (chuỗi hiện tại: \(current) ngày).",
            "💎 \(template.name(in: language)) unlocks with a \(days)-day streak (your streak: \(current) \(current == 1 ? "day" : "days"))."
        )
    }

    /// `/card` without a roast to draw yet.
    public func cardChoiceWithoutRoast(_ template: CardTemplate, _ format: CardFormat) -> String {
        say(
            "🖼 Thiệp của bạn: \(template.name(in: language)) · \(formatName(format)). Gõ /roast rồi bấm 🖼 dưới câu roast để nhận thiệp.",
            "🖼 Your cards: \(template.name(in: language)) · \(formatName(format)). Get a /roast and press 🖼 under it for its card.")
    }

    /// `/card` with words it did not understand: what it takes (`usage`: the command's own usage line).
    public func cardUsage(_ usage: String, templates: [CardTemplate], premiumUnlocked: Bool, days: Int) -> String {
        let names = templates.map { ($0.isPremium ? "💎 " : "") + $0.name(in: language) }.joined(separator: ", ")
        let premium =
            premiumUnlocked
            ? say("💎 Mẫu Premium đã mở khoá.", "💎 Premium templates unlocked.")
            : say("💎 Mẫu Premium mở khoá khi đạt chuỗi \(days) ngày.", "💎 Premium templates unlock with a \(days)-day streak.")
        return say(
            "Cách dùng: \(usage). Mẫu: \(names). \(premium)",
            "Usage: \(usage). Templates: \(names). \(premium)")
    }

    /// Posted instead of a card or heatmap that could not be drawn.
    public var pictureUnavailable: String {
        say("🖼 Lúc này chưa vẽ được ảnh — thử lại sau ít phút nhé.", "🖼 Couldn't draw the picture right now — try again in a few minutes.")
    }

    /// The caption of a heatmap; the name is a mention, in the chat only (the picture has none).
    public var heatmapCaption: String { say("📅 Chuỗi ngày 20 tuần qua của ", "📅 The last 20 weeks of ") }

    public var inlineCardTitle: String { say("🖼 Thiệp roast của bạn", "🖼 Your roast card") }
}
