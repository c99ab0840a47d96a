import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastStore
import Testing

/// A premium roast says so in its header, like a collection's roast names its collection; the
/// unlock announcement promises no more than it gives.
struct PremiumMarkTests {
    private func roast(libraryID: String?, collection: String? = nil) -> StoredRoast {
        StoredRoast(
            id: RoastID(1), messageID: nil,
            record: RoastRecord(
                chatID: ChatID(-1), requester: nil, kind: .requested, source: .library, libraryID: libraryID, text: "Text.",
                language: .vi, category: .meetings, spice: SpiceLevel(clamping: 2), mood: nil, collection: collection,
                createdAt: Date(timeIntervalSince1970: 0)))
    }

    @Test func aPremiumRoastCarriesTheDiamondInItsHeader() {
        let premium = RoastView(roast: roast(libraryID: "vi.premium.meetings.003"), counts: [:], requesterName: nil, requesterID: nil)
        #expect(premium.message.text.plainText.hasPrefix("🔥 Roast · 📅 Họp hành · 🌶️🌶️ · 💎 Premium\n"))
        let regular = RoastView(roast: roast(libraryID: "vi.meetings.003"), counts: [:], requesterName: nil, requesterID: nil)
        #expect(!regular.message.text.plainText.contains("💎"))
    }

    @Test(arguments: [Language.vi, .en])
    func theUnlockLineDoesNotPromiseMoreSpice(_ language: Language) {
        let line = Phrasebook(language).reward(.premiumPool)
        #expect(!line.contains("cay nồng") && !line.contains("spicier"))
        #expect(line.hasPrefix("💎"))
    }
}
