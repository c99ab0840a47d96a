import ChatPlatform
import RoastCore
import RoastStore

/// `/favorites` (paged), `/history [mood] [category]` and `/stats`: what a person did in this chat.
public struct RecordsFeature: Feature {
    public enum Action: Sendable, Hashable {
        case favorites
        /// ◀️/▶️ on a favorites message (pressed by its owner): the page, edited in place.
        case favoritesPage(Int, message: MessageID?)
        /// `/history` with its filter words.
        case history(RoastRequest)
        case stats
    }

    /// A favorites page button: only the person whose favorites the message shows may turn it.
    public struct ButtonAction: Sendable, Hashable {
        /// From 1.
        public var page: Int
        public var owner: UserID

        public init(page: Int, of owner: UserID) {
            self.page = page
            self.owner = owner
        }

        public var payload: String { CallbackPayload("fv", String(page), for: owner).encoded }

        public init?(_ payload: CallbackPayload) {
            guard payload.tag == "fv", let owner = payload.owner, payload.fields.count == 1, payload.fields[0].count <= 4,
                let page = Int(payload.fields[0]), page >= 1
            else { return nil }
            self.page = page
            self.owner = owner
        }
    }

    public static let favoritesPageSize = 5
    public static let historyLimit = 10

    public let commands = [
        CommandSpec("favorites", vi: "yêu_thích", summary: LocalizedText(vi: "Các roast bạn đã ⭐", en: "Your ⭐ roasts"), personal: true),
        CommandSpec(
            "history", vi: "lịch_sử", usage: LocalizedText(vi: "/history [tâm trạng] [chủ đề]", en: "/history [mood] [category]"),
            summary: LocalizedText(vi: "Roast gần đây và phản ứng của bạn", en: "Your recent roasts and reactions"),
            options: [.mood, .category], personal: true),
        CommandSpec("stats", vi: "thống_kê", summary: LocalizedText(vi: "Thống kê roast của bạn", en: "Your Roast Stats"), personal: true),
    ]
    public let buttonTags = ["fv"]
    private let parser: RoastRequestParser

    public init(parser: RoastRequestParser = RoastRequestParser()) {
        self.parser = parser
    }

    public func decode(_ input: FeatureInput) -> Action? {
        switch input {
        case .command("favorites", _): .favorites
        case .command("history", let arguments): .history(parser.parse(arguments.joined(separator: " ")))
        case .command: .stats
        case .button(let payload, let message): ButtonAction(payload).map { .favoritesPage($0.page, message: message) }
        case .event, .startLink: nil
        }
    }

    public func handle(_ action: Action, _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64) throws
        -> HandlerOutcome
    {
        switch action {
        case .favorites: try favorites(context, tx)
        case .favoritesPage(let page, let message): try turnFavorites(to: page, message: message, context, tx)
        case .history(let filter): try history(filter, context, tx)
        case .stats: try stats(context, tx)
        }
    }

    /// `/favorites`: the first page.
    private func favorites(_ context: EventContext, _ tx: borrowing StoreTransaction) throws -> HandlerOutcome {
        guard let sender = context.sender else { return .nothing }
        let message = try favoritesPage(1, user: sender.id, context, tx)
        return HandlerOutcome(replies: [.send(message)])
    }

    private func turnFavorites(to page: Int, message: MessageID?, _ context: EventContext, _ tx: borrowing StoreTransaction) throws
        -> HandlerOutcome
    {
        guard let sender = context.sender else { return HandlerOutcome(notice: context.privateWords.staleButton) }
        let content = try favoritesPage(page, user: sender.id, context, tx)
        guard let message else { return HandlerOutcome(replies: [.send(content)]) }
        return HandlerOutcome(replies: [.edit(message, content)], notice: "⭐")
    }

    /// `/history [mood] [category]`: the latest roasts with the person's reaction.
    private func history(_ filter: RoastRequest, _ context: EventContext, _ tx: borrowing StoreTransaction) throws -> HandlerOutcome {
        guard let sender = context.sender else { return .nothing }
        let words = context.words
        let entries = try tx.history(
            chat: context.chatID, user: sender.id, mood: filter.mood, category: filter.category, limit: Self.historyLimit)
        var text = RichText()
        text.append(.bold(words.historyTitle(mood: filter.mood, category: filter.category)))
        if entries.isEmpty {
            text.append(.plain("\n\n" + words.historyEmpty(filtered: filter.mood != nil || filter.category != nil)))
        }
        for entry in entries {
            let roast = entry.roast
            var line = "\n\n" + (entry.reaction?.rawValue ?? "▫️") + (entry.isFavorite ? "⭐" : "")
            line += " \(roast.category.emoji) \(roast.spice.peppers)"
            if let mood = roast.mood { line += " \(mood.emoji)" }
            if entry.reaction == nil { line += " (\(words.historyNoReaction))" }
            text.append(.plain(line + "\n"))
            text.append(.italic(Self.excerpt(roast.text)))
        }
        if !filter.unrecognized.isEmpty {
            text.append(.plain("\n\n" + words.unknownHistoryWords(filter.unrecognized)))
        }
        return HandlerOutcome(replies: [.send(OutgoingMessage(text: text))])
    }

    /// `/stats`: “Your Roast Stats”.
    private func stats(_ context: EventContext, _ tx: borrowing StoreTransaction) throws -> HandlerOutcome {
        guard let sender = context.sender else { return .nothing }
        let stats = try tx.roastStats(chat: context.chatID, user: sender.id)
        let view = StatsView(stats: stats, language: context.language, name: sender.displayName, inGroup: context.envelope.chat.isGroup)
        return HandlerOutcome(replies: [.send(OutgoingMessage(text: view.text))])
    }

    // MARK: - Helpers

    private func favoritesPage(_ requested: Int, user: UserID, _ context: EventContext, _ tx: borrowing StoreTransaction) throws
        -> OutgoingMessage
    {
        let words = context.words
        let total = try tx.favoriteCount(chat: context.chatID, user: user)
        guard total > 0 else { return OutgoingMessage(text: RichText(plain: words.favoritesEmpty)) }
        let pages = (total + Self.favoritesPageSize - 1) / Self.favoritesPageSize
        let page = min(max(requested, 1), pages)
        let roasts = try tx.favorites(
            chat: context.chatID, user: user, limit: Self.favoritesPageSize, offset: (page - 1) * Self.favoritesPageSize)
        var text = RichText()
        text.append(.bold(words.favoritesTitle(page: page, pages: pages)))
        for (index, roast) in roasts.enumerated() {
            let number = (page - 1) * Self.favoritesPageSize + index + 1
            text.append(.plain("\n\n\(number). \(roast.category.emoji) \(roast.spice.peppers)\n"))
            text.append(.italic(roast.text))
        }
        var navigation: [Button] = []
        if page > 1 { navigation.append(Button(words.previousPage, data: ButtonAction(page: page - 1, of: user).payload)) }
        if page < pages { navigation.append(Button(words.nextPage, data: ButtonAction(page: page + 1, of: user).payload)) }
        return OutgoingMessage(text: text, buttons: navigation.isEmpty ? [] : [navigation])
    }

    /// The first 120 characters, for list views.
    public static func excerpt(_ text: String) -> String {
        text.count <= 120 ? text : String(text.prefix(119)) + "…"
    }
}
