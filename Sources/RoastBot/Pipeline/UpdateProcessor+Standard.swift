import Logging
import RoastCore
import RoastStore

extension UpdateProcessor {
    /// A processor with the bot's standard features (``StandardFeatures``), choosing roasts with
    /// `selector`, and the badges of the standard catalog and of `collections`; share cards print
    /// `links`; `aiAvailable` says whether an AI provider is configured.
    public init(
        database: RoastDatabase, selector: RoastSelector, collections: CollectionCatalogStore, seed: UInt64, logger: Logger,
        links: ShareLinks = .standard, metrics: BotMetrics = .disabled, aiAvailable: Bool = false
    ) {
        let badges = BadgeCatalog(collections: collections.catalog)
        self.init(
            database: database,
            router: EventRouter(
                features: StandardFeatures.list(
                    selector: selector, collections: collections, badges: badges, links: links, aiAvailable: aiAvailable),
                logger: logger),
            activity: ActivityRecorder(catalog: badges), seed: seed, logger: logger, metrics: metrics)
    }
}
