import CardModel
import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastStore
import Testing

/// Every user-facing sentence exists in both languages: a table over every member of
/// ``Phrasebook`` (a member missing from the table fails the test, read from the sources), each
/// non-empty and different in Vietnamese and English unless it is language-neutral by design.
struct PhrasebookTests {
    struct Entry: Sendable, CustomStringConvertible {
        let name: String
        /// Emoji prefixes, names of languages in their own language and the like.
        let sameInBoth: Bool
        let text: @Sendable (Phrasebook) -> String

        init(_ name: String, sameInBoth: Bool = false, _ text: @escaping @Sendable (Phrasebook) -> String) {
            self.name = name
            self.sameInBoth = sameInBoth
            self.text = text
        }

        var description: String { name }
    }

    static let day = LocalDate(year: 2026, month: 2, day: 17)
    static let season = SeasonOccurrence(collectionID: "tet", year: 2026, first: LocalDate(year: 2026, month: 2, day: 7), last: day)

    static let entries: [Entry] = [
        // Greeting, help, roasts, reactions, errors.
        Entry("greeting") { $0.greeting(name: "Ann") }, Entry("howToStart") { $0.howToStart }, Entry("helpTitle") { $0.helpTitle },
        Entry("helpCategories") { $0.helpCategories }, Entry("helpSpice") { $0.helpSpice }, Entry("helpPrivacy") { $0.helpPrivacy },
        Entry("groupAdminHint") { $0.groupAdminHint(platform: "Telegram", emoji: "🤣 🔥 😐 👎") },
        Entry("roastForPrefix") { $0.roastForPrefix },
        Entry("roastOfTheMoment", sameInBoth: true) { $0.roastOfTheMoment }, Entry("noRoastAvailable") { $0.noRoastAvailable },
        Entry("unknownRoastWords") { $0.unknownRoastWords(["xyz"]) }, Entry("spiceCapped") { $0.spiceCapped(to: .mildest, inGroup: true) },
        Entry("spiceCapped") { $0.spiceCapped(to: .mildest, inGroup: false) },
        Entry("reacted") { $0.reacted(.fire) }, Entry("reactionRemoved") { $0.reactionRemoved(.fire) },
        Entry("favoriteAdded") { $0.favoriteAdded }, Entry("favoriteRemoved") { $0.favoriteRemoved },
        Entry("anotherComing") { $0.anotherComing }, Entry("staleButton") { $0.staleButton },
        Entry("unknownCommand") { $0.unknownCommand("poll") }, Entry("mentionHint") { $0.mentionHint },
        Entry("languageSwitchHint") { $0.languageSwitchHint }, Entry("welcomeToGroup") { $0.welcomeToGroup },
        // Collections.
        Entry("collectionsTitle") { $0.collectionsTitle }, Entry("collectionsEmpty") { $0.collectionsEmpty },
        Entry("collectionsHowTo") { $0.collectionsHowTo }, Entry("seasonalLabel") { $0.seasonalLabel },
        Entry("monthlyLabel") { $0.monthlyLabel }, Entry("permanentLabel") { $0.permanentLabel }, Entry("chosenMark") { $0.chosenMark },
        Entry("collectionCount") { $0.collectionCount(CollectionProgress(collectionID: "tet", served: 3, total: 12), showProgress: true) },
        Entry("collectionCount") { $0.collectionCount(CollectionProgress(collectionID: "tet", served: 12, total: 12), showProgress: true) },
        Entry("seasonSpan") { $0.seasonSpan(season) }, Entry("collectionPreview") { $0.collectionPreview("Ten days before") },
        Entry("collectionSpiceUnavailable") { $0.collectionSpiceUnavailable("🧧 Tet", highest: SpiceLevel(clamping: 3)) },
        Entry("regularRoastsButton") { $0.regularRoastsButton }, Entry("collectionChosen") { $0.collectionChosen("🧧 Tet") },
        Entry("collectionCleared") { $0.collectionCleared }, Entry("collectionNotActive") { $0.collectionNotActive("🧧 Tet") },
        Entry("collectionUnavailable") { $0.collectionUnavailable }, Entry("collectionPickNeedsPerson") { $0.collectionPickNeedsPerson },
        Entry("bannerTryButton") { $0.bannerTryButton("🧧", "Tet") },
        // Moods, favorites, history, stats.
        Entry("moodQuestion") { $0.moodQuestion }, Entry("moodCurrent") { $0.moodCurrent(.tired) },
        Entry("moodCurrent") { $0.moodCurrent(nil) },
        Entry("moodOffLabel") { $0.moodOffLabel }, Entry("moodSet") { $0.moodSet(.stressed) }, Entry("moodCleared") { $0.moodCleared },
        Entry("moodUnknown") { $0.moodUnknown("hungry") }, Entry("favoritesTitle") { $0.favoritesTitle(page: 1, pages: 2) },
        Entry("favoritesEmpty") { $0.favoritesEmpty }, Entry("previousPage") { $0.previousPage }, Entry("nextPage") { $0.nextPage },
        Entry("historyTitle") { $0.historyTitle(mood: .bored, category: .kpis) },
        Entry("historyEmpty") { $0.historyEmpty(filtered: false) },
        Entry("historyEmpty") { $0.historyEmpty(filtered: true) },
        Entry("historyNoReaction") { $0.historyNoReaction }, Entry("statsTitle") { $0.statsTitle },
        Entry("statsRequested") { $0.statsRequested(4, favorites: 1) }, Entry("statsReceived") { $0.statsReceived },
        Entry("statsGiven") { $0.statsGiven }, Entry("statsCategories") { $0.statsCategories }, Entry("statsSpice") { $0.statsSpice },
        Entry("statsChat") { $0.statsChat(roasts: 9) }, Entry("statsNothingYet") { $0.statsNothingYet },
        // Schedules, settings, privacy, sharing, abuse.
        Entry("roastOfTheDay") { $0.roastOfTheDay }, Entry("streakLeaders") { $0.streakLeaders([("🥇", "Ann", 3)]) },
        Entry("streakLeaders") { $0.streakLeaders([]) }, Entry("reminderTitle") { $0.reminderTitle },
        Entry("reminderBody") { $0.reminderBody },
        Entry("settingsTitle") { $0.settingsTitle(inGroup: true) }, Entry("settingsTitle") { $0.settingsTitle(inGroup: false) },
        Entry("settingsAdminsOnly") { $0.settingsAdminsOnly },
        Entry("settingsReadOnly") { $0.settingsReadOnly }, Entry("settingsSaved") { $0.settingsSaved },
        Entry("settingsUsage") { $0.settingsUsage() }, Entry("unknownTimeZone") { $0.unknownTimeZone("Mars/Olympus") },
        Entry("settingError") { $0.settingError(.spiceOutOfRange("9")) }, Entry("settingError") { $0.settingError(.unknownLanguage("fr")) },
        Entry("settingError") { $0.settingError(.badTime("25:00")) }, Entry("settingError") { $0.settingError(.unknownCategories(["x"])) },
        Entry("settingError") { $0.settingError(.notOnOff(key: "daily", "maybe")) },
        Entry("aiNotConfigured") { $0.aiNotConfigured }, Entry("aiNotConfiguredExplained") { $0.aiNotConfiguredExplained },
        Entry("timeZoneName") { $0.timeZoneName("Asia/Ho_Chi_Minh", at: Date(timeIntervalSince1970: 0)) },
        Entry("otherLanguageHint") { $0.otherLanguageHint }, Entry("statsNoReactionsYet") { $0.statsNoReactionsYet },
        Entry("unknownHistoryWords") { $0.unknownHistoryWords(["x"]) },
        Entry("settingChanged") { $0.settingChanged("x") }, Entry("labelLanguage") { $0.labelLanguage },
        Entry("labelTimeZone") { $0.labelTimeZone }, Entry("labelDaily") { $0.labelDaily }, Entry("labelWeekdays") { $0.labelWeekdays },
        Entry("labelSpice") { $0.labelSpice }, Entry("labelReminders") { $0.labelReminders }, Entry("labelBanners") { $0.labelBanners },
        Entry("labelAI") { $0.labelAI }, Entry("labelTime") { $0.labelTime }, Entry("labelDailyCategories") { $0.labelDailyCategories },
        Entry("categoryList") { $0.categoryList([]) }, Entry("labelPostTopic") { $0.labelPostTopic },
        Entry("postTopic") { $0.postTopic(nil) }, Entry("postTopic") { $0.postTopic(TopicID(7)) },
        Entry("postTopic") { $0.postTopic(nil, mainThread: false) },
        Entry("categoryList") { $0.categoryList([.meetings, .kpis]) },
        Entry("languageName", sameInBoth: true) { $0.languageName(.vi) }, Entry("languageName", sameInBoth: true) { $0.languageName(.en) },
        Entry("settingsBack") { $0.settingsBack }, Entry("dailyCategoriesHint") { $0.dailyCategoriesHint },
        Entry("onOff") { $0.onOff(true) }, Entry("onOff") { $0.onOff(false) }, Entry("settingsTimeZoneHint") { $0.settingsTimeZoneHint },
        Entry("forgetMeConfirm") { $0.forgetMeConfirm }, Entry("forgetMeYes") { $0.forgetMeYes }, Entry("forgetMeNo") { $0.forgetMeNo },
        Entry("forgetMeDone") { $0.forgetMeDone }, Entry("forgetMeCancelled") { $0.forgetMeCancelled },
        Entry("notYourButton") { $0.notYourButton }, Entry("exportCaption") { $0.exportCaption(from: nil) },
        Entry("exportCaption") { $0.exportCaption(from: "Team") }, Entry("exportChatCaption") { $0.exportChatCaption(from: nil) },
        Entry("exportChatCaption") { $0.exportChatCaption(from: "Team") }, Entry("exportSentPrivately") { $0.exportSentPrivately },
        Entry("exportNeedsPrivateChat") { $0.exportNeedsPrivateChat }, Entry("exportOpenPrivateChat") { $0.exportOpenPrivateChat },
        Entry("exportNeedsPrivateChatOpened") { $0.exportNeedsPrivateChatOpened },
        Entry("exportLinkInvalid") { $0.exportLinkInvalid }, Entry("exportChatAdminsOnly") { $0.exportChatAdminsOnly },
        Entry("inlineFavoriteTitle") { $0.inlineFavoriteTitle }, Entry("inlineFreshTitle") { $0.inlineFreshTitle },
        Entry("slowDown") { $0.slowDown },
        // Cards and pictures.
        Entry("cardButton", sameInBoth: true) { $0.cardButton }, Entry("heatmapButton") { $0.heatmapButton },
        Entry("cardDrawing") { $0.cardDrawing }, Entry("heatmapDrawing") { $0.heatmapDrawing },
        Entry("formatName") { $0.formatName(.post) }, Entry("formatName") { $0.formatName(.story) },
        Entry("cardCaption") { $0.cardCaption(.paper, .story) },
        Entry("premiumTemplateLocked") { $0.premiumTemplateLocked(.ember, days: 7, current: 2) },
        Entry("cardChoiceWithoutRoast") { $0.cardChoiceWithoutRoast(.midnight, .post) },
        Entry("cardUsage") { $0.cardUsage("/card", templates: CardTemplate.allCases, premiumUnlocked: false, days: 7) },
        Entry("pictureUnavailable") { $0.pictureUnavailable }, Entry("heatmapCaption") { $0.heatmapCaption },
        Entry("inlineCardTitle") { $0.inlineCardTitle }, Entry("needsAPerson") { $0.needsAPerson },
        // Streaks, badges, leaderboard, reminders.
        Entry("helpFreezeRule") { $0.helpFreezeRule }, Entry("streakHeader") { $0.streakHeader("Ann") },
        Entry("streakCurrent") { $0.streakCurrent(1) }, Entry("streakCurrent") { $0.streakCurrent(8) },
        Entry("streakLongest") { $0.streakLongest(8) }, Entry("streakTotal") { $0.streakTotal(8) },
        Entry("freezeHeld") { $0.freezeHeld(1) },
        Entry("freezeRefillIn") { $0.freezeRefillIn(5) },
        Entry("nextMilestone") { $0.nextMilestone(7, left: 3) }, Entry("allMilestonesReached") { $0.allMilestonesReached },
        Entry("hoursLeftToday") { $0.hoursLeftToday(hours: 2, minutes: 5, counted: true) },
        Entry("hoursLeftToday") { $0.hoursLeftToday(hours: 2, minutes: 5, counted: false) },
        Entry("reminderState") { $0.reminderState(true) }, Entry("reminderState") { $0.reminderState(false) },
        Entry("titleLine") { $0.titleLine(.roastMaster) }, Entry("premiumState") { $0.premiumState(true, days: 7) },
        Entry("premiumState") { $0.premiumState(false, days: 7) }, Entry("titleName") { $0.titleName(.consistentRoaster) },
        Entry("titleName") { $0.titleName(.roastMaster) }, Entry("milestonePrefix", sameInBoth: true) { $0.milestonePrefix },
        Entry("milestoneReached") { $0.milestoneReached(7) }, Entry("reward") { $0.reward(.title(.roastMaster)) },
        Entry("reward") { $0.reward(.premiumPool) }, Entry("reward") { $0.reward(.flame) },
        Entry("badgePrefix", sameInBoth: true) { $0.badgePrefix }, Entry("badgeEarned") { $0.badgeEarned },
        Entry("freezeRefilled") { $0.freezeRefilled }, Entry("freezeOffer") { $0.freezeOffer(brokenLength: 8) },
        Entry("freezeButton") { $0.freezeButton }, Entry("freezeUsed") { $0.freezeUsed(restoredTo: 8) },
        Entry("freezeOfferClosed") { $0.freezeOfferClosed }, Entry("freezeNotYours") { $0.freezeNotYours },
        Entry("freezeNothingToRestore") { $0.freezeNothingToRestore }, Entry("freezeRestoredNotice") { $0.freezeRestoredNotice },
        Entry("badgesHeader") { $0.badgesHeader("Ann", earned: 2, total: 14) }, Entry("badgesEarnedTitle") { $0.badgesEarnedTitle },
        Entry("badgesLockedTitle") { $0.badgesLockedTitle }, Entry("badgesNoneYet") { $0.badgesNoneYet },
        Entry("earnedOn") { $0.earnedOn(day) }, Entry("remaining") { $0.remaining(.roasts(10), 3) },
        Entry("remaining") { $0.remaining(.spiceLevelsTried(5), 1) },
        Entry("badgeBeyondCap") { $0.badgeBeyondCap(needs: [SpiceLevel(clamping: 4), .hottest], cap: SpiceLevel(clamping: 3)) },
        Entry("leaderboardTitle") { $0.leaderboardTitle(.streak) }, Entry("leaderboardTab") { $0.leaderboardTab(.roasts) },
        Entry("leaderboardValue") { $0.leaderboardValue(.streak, 3) }, Entry("leaderboardValue") { $0.leaderboardValue(.roasts, 3) },
        Entry("leaderboardValue", sameInBoth: true) { $0.leaderboardValue(.fire, 3) }, Entry("leaderboardEmpty") { $0.leaderboardEmpty },
        Entry("remindersTurnedOn") { $0.remindersTurnedOn }, Entry("remindersTurnedOff") { $0.remindersTurnedOff },
        Entry("remindUsage") { $0.remindUsage(currentlyOn: true) }, Entry("remindersOffInChat") { $0.remindersOffInChat },
        Entry("remindersSetting") { $0.remindersSetting(true) }, Entry("remindersSetting") { $0.remindersSetting(false) },
        Entry("collectionLacksCategory") { $0.collectionLacksCategory("🧧 Tết", category: .kpis) },
        Entry("collectionLeaveHint") { $0.collectionLeaveHint },
        Entry("premiumLabel", sameInBoth: true) { $0.premiumLabel },
    ]

    @Test(arguments: entries)
    func everySentenceExistsInBothLanguages(_ entry: Entry) {
        let vi = entry.text(Phrasebook(.vi))
        let en = entry.text(Phrasebook(.en))
        #expect(!vi.allSatisfy(\.isWhitespace) && !en.allSatisfy(\.isWhitespace))
        if !entry.sameInBoth { #expect(vi != en, "\(entry.name) is the same in both languages: \(vi)") }
    }

    /// The table above names every member of the phrasebook: a sentence added without a
    /// translation check fails here.
    @Test func theTableCoversEveryMember() throws {
        var directory = URL(filePath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appending(path: "Package.swift").path) {
            directory.deleteLastPathComponent()
        }
        let folder = directory.appending(path: "Sources/RoastBot/Localization")
        var members: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasPrefix("Phrasebook") {
            let source = try String(contentsOf: folder.appending(path: file), encoding: .utf8)
            for match in source.matches(of: /public (?:var|func) (\w+)/) { members.insert(String(match.1)) }
        }
        #expect(members.count > 100)
        #expect(members.subtracting(Self.entries.map(\.name)).sorted() == [])
    }

    /// Copy that read wrong: "Your broken 8 days streak", "Roast Master" left in English in Vietnamese.
    @Test func copyReadsRightInBothLanguages() {
        #expect(Phrasebook(.en).freezeOffer(brokenLength: 8).contains("your 8-day streak broke"))
        #expect(Phrasebook(.en).freezeOffer(brokenLength: 1).contains("your 1-day streak broke"))
        for text in [
            Phrasebook(.vi).titleName(.roastMaster), Phrasebook(.vi).reward(.flame), Phrasebook(.vi).titleName(.consistentRoaster),
        ] {
            #expect(!text.contains("Roast Master") && !text.contains("Roaster"), "\(text)")
        }
    }

    /// Badge names and descriptions, command summaries, moods and categories: both languages too.
    @Test func catalogTextsExistInBothLanguages() {
        for badge in BadgeCatalog.standard.badges {
            #expect(badge.name(.vi) != badge.name(.en), "\(badge.id)")
            #expect(!badge.description.vi.isEmpty && !badge.description.en.isEmpty && badge.description.vi != badge.description.en)
        }
        for mood in Mood.allCases { #expect(mood.name(in: .vi) != mood.name(in: .en)) }
        for category in RoastCategory.allCases { #expect(category.name(in: .vi) != category.name(in: .en)) }
    }
}
