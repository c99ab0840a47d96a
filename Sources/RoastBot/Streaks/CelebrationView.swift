import ChatPlatform
import RoastCore

/// Renders an announcement for one person: streak milestones and what they unlock, a new freeze,
/// new badges. Mentions the person so that they are notified.
public struct CelebrationView: Sendable {
    public let user: UserID
    public let name: String
    public let milestones: [StreakMilestone]
    public let refilled: Bool
    public let badges: [Badge]
    public let language: Language

    public init(user: UserID, name: String, milestones: [StreakMilestone], refilled: Bool, badges: [Badge], language: Language) {
        self.user = user
        self.name = name
        self.milestones = milestones
        self.refilled = refilled
        self.badges = badges
        self.language = language
    }

    /// Nil when there is nothing to celebrate.
    public var message: OutgoingMessage? {
        guard !milestones.isEmpty || refilled || !badges.isEmpty else { return nil }
        let words = Phrasebook(language)
        var text = RichText()
        var first = true
        func lead(_ prefix: String) {
            if !first { text.append(.plain("\n")) }
            first = false
            text.append(.plain(prefix))
            text.append(.mention(user, name: name))
        }
        for milestone in milestones {
            lead(words.milestonePrefix)
            text.append(.bold(words.milestoneReached(milestone.days)))
            for reward in milestone.rewards { text.append(.plain("\n" + words.reward(reward))) }
        }
        for badge in badges {
            lead(words.badgePrefix)
            text.append(.plain(words.badgeEarned))
            text.append(.bold("\(badge.icon) \(badge.name(language))"))
            text.append(.plain(" — " + badge.description(language)))
        }
        if refilled {
            text.append(.plain((first ? "" : "\n") + words.freezeRefilled))
        }
        return OutgoingMessage(text: text)
    }

    /// The once-per-break offer to restore a streak, with its button.
    public static func freezeOffer(
        _ offer: FreezeOffer, user: UserID, name: String, language: Language, rules: StreakRules = .standard
    ) -> OutgoingMessage {
        let words = Phrasebook(language)
        var text = RichText()
        text.append(.plain("🧊 "))
        text.append(.mention(user, name: name))
        text.append(.plain(words.freezeOffer(brokenLength: offer.brokenLength)))
        return OutgoingMessage(
            text: text, buttons: [[Button(words.freezeButton, data: StreaksFeature.ButtonAction(restoring: user).payload)]])
    }
}
