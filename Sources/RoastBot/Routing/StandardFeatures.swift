import ChatPlatform
import Logging
import RoastCore

/// The bot's features, in the order `/help` lists their commands: the router is this list.
///
/// A new feature is a folder with its ``Feature`` and one line here.
public enum StandardFeatures {
    /// - Parameters:
    ///   - platform: what the platform offers: inline mode only where it exists; share cards print its
    ///     deep link (``ShareLinks``).
    ///   - aiAvailable: whether an AI provider is configured (the settings offer the AI switch).
    public static func list(
        selector: RoastSelector, collections: CollectionCatalogStore, badges: BadgeCatalog, platform: PlatformProfile,
        aiAvailable: Bool = false
    ) -> [any Feature] {
        let roasts = RoastsFeature(selector: selector, collections: collections)
        var features: [any Feature] = [
            WelcomeFeature(roasts: roasts),
            roasts,
            MoodsFeature(),
            StreaksFeature(),
            CardsFeature(links: ShareLinks(platform.deepLinks), inlineSharing: platform.inlineMode, collections: collections),
            BadgesFeature(catalog: badges, collections: collections),
            CollectionsFeature(collections: collections, selector: selector),
            RecordsFeature(),
            LeaderboardFeature(),
            SettingsFeature(aiAvailable: aiAvailable),
            PrivacyFeature(aiAvailable: aiAvailable),
            MembershipFeature(),
            ReactionsFeature(),
        ]
        if platform.inlineMode { features.append(SharingFeature(selector: selector)) }
        return features
    }
}
