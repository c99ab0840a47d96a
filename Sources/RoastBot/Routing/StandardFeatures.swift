import Logging
import RoastCore

/// The bot's features, in the order `/help` lists their commands: the router is this list.
///
/// A new feature is a folder with its ``Feature`` and one line here.
public enum StandardFeatures {
    /// - Parameter aiAvailable: whether an AI provider is configured (the settings offer the AI switch).
    public static func list(
        selector: RoastSelector, collections: CollectionCatalogStore, badges: BadgeCatalog, links: ShareLinks = .standard,
        aiAvailable: Bool = false
    ) -> [any Feature] {
        let roasts = RoastsFeature(selector: selector, collections: collections)
        return [
            WelcomeFeature(roasts: roasts),
            roasts,
            MoodsFeature(),
            StreaksFeature(),
            CardsFeature(links: links, collections: collections),
            BadgesFeature(catalog: badges, collections: collections),
            CollectionsFeature(collections: collections, selector: selector),
            RecordsFeature(),
            LeaderboardFeature(),
            SettingsFeature(aiAvailable: aiAvailable),
            PrivacyFeature(aiAvailable: aiAvailable),
            MembershipFeature(),
            ReactionsFeature(),
            SharingFeature(selector: selector),
        ]
    }
}
