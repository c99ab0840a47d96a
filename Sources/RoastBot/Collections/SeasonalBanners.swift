import ChatPlatform
import Foundation
import RoastCore
import RoastStore

/// Claims the seasonal banners due in one chat and returns their posts. The claim (a UNIQUE row per
/// chat, season and year) is written in the caller's transaction, the same one that queues the
/// posts, so a banner is posted once per season per chat, also across crashes and restarts.
public enum SeasonalBanners {
    /// - Parameter date: the chat's local date.
    public static func claimDue(
        in chat: ChatSettings, on date: LocalDate, catalog: CollectionCatalog, at instant: Date, _ tx: borrowing StoreTransaction
    ) throws -> [OutgoingMessage] {
        let due = try SeasonSchedule.bannersDue(catalog, on: date, bannersEnabled: chat.bannersEnabled && chat.isActive) {
            collectionID, year in try tx.hasSeasonalBanner(chat: chat.chatID, event: collectionID, seasonYear: year)
        }
        var posts: [OutgoingMessage] = []
        for banner in due {
            let occurrence = banner.occurrence
            guard try tx.claimSeasonalBanner(chat: chat.chatID, event: occurrence.collectionID, seasonYear: occurrence.year, at: instant)
            else { continue }
            posts.append(
                SeasonalBannerView(collection: banner.collection, occurrence: occurrence, language: chat.language, date: date).message)
        }
        return posts
    }
}
