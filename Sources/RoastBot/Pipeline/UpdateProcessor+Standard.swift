import ChatPlatform
import Logging
import RoastCore
import RoastStore

extension UpdateProcessor {
    /// A processor with the bot's standard features (``StandardFeatures``) for `platform`, choosing
    /// roasts with `selector`, and the badges of the standard catalog and of `collections`;
    /// `aiAvailable` says whether an AI provider is configured.
    public init(
        database: RoastDatabase, platform: PlatformProfile, selector: RoastSelector, collections: CollectionCatalogStore, seed: UInt64,
        logger: Logger, metrics: BotMetrics = .disabled, aiAvailable: Bool = false
    ) {
        let badges = BadgeCatalog(collections: collections.catalog)
        self.init(
            database: database, platform: platform,
            router: EventRouter(
                features: StandardFeatures.list(
                    selector: selector, collections: collections, badges: badges, platform: platform, aiAvailable: aiAvailable),
                platform: platform, logger: logger),
            activity: ActivityRecorder(catalog: badges), seed: seed, logger: logger, metrics: metrics)
    }
}
