import CardModel
import ChatPlatform
import RoastCore
import RoastStore

/// Share cards and the streak heatmap: 🖼 under every roast (and the Roast of the Day) posts the
/// roast as a picture, the buttons under a card switch its template and format in place (the card
/// is edited, not posted again), `/card` picks them, and 📅 under `/streak` posts the presser's
/// heatmap.
///
/// Handlers never draw: they queue a photo of a ``PictureOrder`` — the description of the picture — and the
/// outbox deliverer posts it after commit, off the single writer (``OutboxDeliverer``,
/// ``PictureRendering``). A card is the same picture for the same roast, template and format, so it
/// is drawn and uploaded once and posted by the photo id the platform stored after.
public struct CardsFeature: Feature {
    public enum Action: Sendable, Hashable {
        /// 🖼 on a roast (no style: the presser's own pick; a new card) or a template or format button
        /// under a card (that style, which becomes the presser's pick; the card changes in place),
        /// pressed on `message`.
        case card(RoastID, style: CardChoice?, message: MessageID?)
        /// `/card` with its words.
        case pick([String])
        /// 📅 under `/streak`: the presser's heatmap.
        case heatmap
    }

    /// This feature's buttons.
    public enum ButtonAction: Sendable, Hashable {
        case card(RoastID, CardChoice?)
        case heatmap

        public var payload: String {
            switch self {
            case .card(let id, nil): CallbackPayload("k", String(id.rawValue)).encoded
            case .card(let id, let style?):
                CallbackPayload("k", String(id.rawValue), style.template.rawValue, style.format.rawValue).encoded
            case .heatmap: CallbackPayload("hm").encoded
            }
        }

        public init?(_ payload: CallbackPayload) {
            switch (payload.tag, payload.fields.count) {
            case ("k", 1):
                guard let id = RoastID(payloadField: payload.fields[0]) else { return nil }
                self = .card(id, nil)
            case ("k", 3):
                guard let id = RoastID(payloadField: payload.fields[0]), let template = CardTemplate(rawValue: payload.fields[1]),
                    let format = CardFormat(rawValue: payload.fields[2])
                else { return nil }
                self = .card(id, CardChoice(template: template, format: format))
            case ("hm", 0):
                self = .heatmap
            default:
                return nil
            }
        }
    }

    public let commands = [
        CommandSpec(
            "card", vi: "thiệp", usage: Self.usage,
            summary: LocalizedText(
                vi: "Chọn mẫu thiệp và nhận thiệp roast mới nhất", en: "Pick a card style and get your latest roast as a card"),
            options: [
                .words(
                    "style", vi: "mẫu", LocalizedText(vi: "Mẫu và khổ (vd. sunset story)", en: "Template and format (e.g. sunset story)"))
            ],
            personal: true)
    ]
    public let buttonTags = ["k", "hm"]

    /// How `/card` is typed, in `/help`, the menus and its own usage answer.
    static let usage = LocalizedText(vi: "/card [mẫu] [vuông|story]", en: "/card [template] [square|story]")

    private let links: ShareLinks
    /// Whether people can send the bot's cards from any chat by typing its name (the platform's inline mode).
    private let inlineSharing: Bool
    private let rules: StreakRules

    /// The collections whose names a collection roast's card shows.
    private let collections: CollectionCatalogStore?

    public init(links: ShareLinks, inlineSharing: Bool, rules: StreakRules = .standard, collections: CollectionCatalogStore? = nil) {
        self.inlineSharing = inlineSharing
        self.collections = collections
        self.links = links
        self.rules = rules
    }

    public func decode(_ input: FeatureInput) -> Action? {
        switch input {
        case .command(_, let arguments):
            return .pick(arguments)
        case .button(let payload, let message):
            switch ButtonAction(payload) {
            case .card(let id, let style): return .card(id, style: style, message: message)
            case .heatmap: return .heatmap
            case nil: return nil
            }
        case .event, .startLink:
            return nil
        }
    }

    public func handle(_ action: Action, _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64) throws
        -> HandlerOutcome
    {
        switch action {
        case .card(let id, let style, let message): try card(of: id, style: style, pressedOn: message, context, tx)
        case .pick(let words): try pick(words, context, tx)
        case .heatmap: try heatmap(context, tx)
        }
    }

    // MARK: Cards

    private func card(
        of id: RoastID, style: CardChoice?, pressedOn message: MessageID?, _ context: EventContext, _ tx: borrowing StoreTransaction
    )
        throws -> HandlerOutcome
    {
        guard let profile = context.profile, let roast = try tx.roast(id), roast.chatID == context.chatID else {
            return HandlerOutcome(notice: context.privateWords.staleButton)
        }
        let streak = try tx.streak(chat: profile.chatID, user: profile.userID) ?? .fresh(rules)
        let choice: CardChoice
        if let style {
            guard !style.template.isPremium || streak.premiumUnlocked(rules) else {
                return HandlerOutcome(
                    notice: context.privateWords.premiumTemplateLocked(
                        style.template, days: rules.premiumDays, current: streak.current(on: context.localDate)))
            }
            try tx.saveCardChoice(style, chat: profile.chatID, user: profile.userID)
            choice = style
        } else {
            choice = try usableChoice(of: profile, streak: streak, tx)
        }
        let order = cardOrder(roast, choice, requester: profile.userID, replyTo: message ?? roast.messageID, language: context.language)
        // A style button is under the card it restyles: that card changes in place, so that looking
        // through the styles leaves one picture in the chat. 🖼 under a roast posts a new card.
        if style != nil, let message {
            return HandlerOutcome(replies: [.editPicture(message, order)], notice: context.privateWords.cardDrawing, topic: roast.topic)
        }
        return HandlerOutcome(replies: [.picture(order)], notice: context.privateWords.cardDrawing, topic: roast.topic)
    }

    /// `/card [template] [format]`: keeps the pick and posts the person's latest roast as a card in it.
    private func pick(_ arguments: [String], _ context: EventContext, _ tx: borrowing StoreTransaction) throws -> HandlerOutcome {
        let words = context.words
        guard let profile = context.profile else { return .nothing }
        let streak = try tx.streak(chat: profile.chatID, user: profile.userID) ?? .fresh(rules)
        let premium = streak.premiumUnlocked(rules)
        let asked = CardStyleWords.parse(arguments)
        guard asked.unknown.isEmpty else {
            return reply(
                words.cardUsage(
                    Self.usage(words.language), templates: CardTemplate.allCases, premiumUnlocked: premium, days: rules.premiumDays))
        }
        var choice = try usableChoice(of: profile, streak: streak, tx)
        if let template = asked.template {
            guard !template.isPremium || premium else {
                return reply(words.premiumTemplateLocked(template, days: rules.premiumDays, current: streak.current(on: context.localDate)))
            }
            choice.template = template
        }
        if let format = asked.format { choice.format = format }
        if asked.template != nil || asked.format != nil {
            try tx.saveCardChoice(choice, chat: profile.chatID, user: profile.userID)
        }
        guard let latest = try tx.recentRoasts(chat: profile.chatID, user: profile.userID, limit: 1).first else {
            return reply(words.cardChoiceWithoutRoast(choice.template, choice.format))
        }
        return HandlerOutcome(
            replies: [.picture(cardOrder(latest, choice, requester: profile.userID, replyTo: nil, language: context.language))])
    }

    /// The person's pick in this chat, or the standard one (also when a pick is no longer theirs to use).
    private func usableChoice(of profile: Profile, streak: StreakState, _ tx: borrowing StoreTransaction) throws -> CardChoice {
        guard let stored = try tx.cardChoice(chat: profile.chatID, user: profile.userID),
            !stored.template.isPremium || streak.premiumUnlocked(rules)
        else { return .standard }
        return stored
    }

    /// The order that posts `roast` as a card in `choice`: the card (the roast, its category and
    /// spice, the deep link and the template — nobody's name) under its key, so that the deliverer
    /// posts the photo stored for it when the card was posted before.
    func cardOrder(_ roast: StoredRoast, _ choice: CardChoice, requester: UserID?, replyTo: MessageID?, language: Language) -> QueuedPhoto {
        let card = RoastCard(
            text: roast.text, language: roast.language, category: roast.category, spice: roast.spice, template: choice.template,
            format: choice.format, deepLink: links.roast(roast.category, roast.spice),
            collectionLabel: roast.collection.flatMap { id in
                collections.flatMap { RoastView.collectionLabel(id, in: $0.catalog, language: roast.language) }
            })
        let words = Phrasebook(language)
        let order = PictureOrder(
            picture: .card(card), card: CardKey(roast: roast.id, template: choice.template, format: choice.format), requester: requester,
            fallback: RichText(plain: words.pictureUnavailable))
        return Photo(
            image: order, caption: RichText(plain: words.cardCaption(choice.template, choice.format, inlineSharing: inlineSharing)),
            buttons: Self.styleButtons(roast.id, current: choice, language: language), replyTo: replyTo)
    }

    /// Under a card: every template (💎 for the premium ones, ✓ for this card's), then the other format.
    static func styleButtons(_ id: RoastID, current: CardChoice, language: Language) -> [[Button]] {
        let templates = CardTemplate.allCases.map { template in
            let mark = template == current.template ? "✓ " : (template.isPremium ? "💎 " : "")
            return Button(
                mark + template.name(in: language),
                data: ButtonAction.card(id, CardChoice(template: template, format: current.format)).payload)
        }
        let other: CardFormat = current.format == .post ? .story : .post
        let format = Button(
            (other == .story ? "📱 " : "⬜ ") + Phrasebook(language).formatName(other),
            data: ButtonAction.card(id, CardChoice(template: current.template, format: other)).payload)
        return [Array(templates.prefix(3)), Array(templates.dropFirst(3)) + [format]]
    }

    // MARK: Heatmap

    /// The presser's active days in this chat over the last 20 weeks, with their current and longest
    /// streak and next milestone, as a picture.
    private func heatmap(_ context: EventContext, _ tx: borrowing StoreTransaction) throws -> HandlerOutcome {
        guard let profile = context.profile else { return .nothing }
        let streak = try tx.streak(chat: profile.chatID, user: profile.userID) ?? .fresh(rules)
        let today = context.localDate
        let current = streak.current(on: today)
        let empty = StreakHeatmap(
            activeDays: [], today: today, currentStreak: current, longestStreak: streak.longest,
            nextMilestone: rules.nextMilestone(after: current),
            language: context.language)
        var heatmap = empty
        heatmap.activeDays = Set(try tx.activeDays(chat: profile.chatID, user: profile.userID, from: empty.firstDay))
        heatmap.frozenDays = Set(try tx.frozenDays(chat: profile.chatID, user: profile.userID, from: empty.firstDay))
        var caption = RichText([.plain(context.words.heatmapCaption)])
        caption.append(.mention(profile.userID, name: profile.displayName))
        let order = PictureOrder(
            picture: .heatmap(heatmap), requester: profile.userID, fallback: RichText(plain: context.words.pictureUnavailable))
        return HandlerOutcome(replies: [.picture(Photo(image: order, caption: caption))], notice: context.privateWords.heatmapDrawing)
    }

    private func reply(_ text: String) -> HandlerOutcome {
        HandlerOutcome(replies: [.send(OutgoingMessage(text: RichText(plain: text)))])
    }
}
