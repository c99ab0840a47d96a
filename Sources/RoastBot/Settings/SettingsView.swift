import ChatPlatform
import Foundation
import RoastCore
import RoastStore

/// The `/settings` panel: the chat's current settings in words, for everyone to read, and — for
/// whoever may change them — buttons that say what they set. The Roast of the Day's categories have
/// a page of their own, opened from the panel.
///
/// What it says depends on where it is read: a private chat's panel is not titled as a group's, the
/// topic of scheduled posts is shown only in forum supergroups (the only chats with topics), and AI
/// roasts are shown as not configured, without a switch, when the operator configured no provider.
public struct SettingsView: Sendable {
    /// Which page of the panel is shown.
    public enum Page: String, Sendable, Hashable, CaseIterable {
        case main = "m"
        case categories = "c"

        /// The payload of the button that opens this page.
        public var payload: String { CallbackPayload(SettingChange.payloadTag, "p", rawValue).encoded }
    }

    public let settings: ChatSettings
    public let page: Page
    /// Whether the viewer may change the settings: only then are there buttons.
    public let editable: Bool
    /// The chat the panel is shown in (its kind, whether it has topics).
    public let chat: ChatRef
    /// Whether the chat has a main thread for scheduled posts (``PlatformProfile/hasMainThread``).
    public let mainThread: Bool
    /// Whether an AI provider is configured, so that the AI switch means something.
    public let aiAvailable: Bool
    /// When the panel is shown: the timezone's current UTC offset is given.
    public let date: Date

    public init(
        settings: ChatSettings, page: Page = .main, editable: Bool = true, chat: ChatRef, mainThread: Bool = true, aiAvailable: Bool,
        date: Date
    ) {
        self.settings = settings
        self.page = page
        self.editable = editable
        self.chat = chat
        self.mainThread = mainThread
        self.aiAvailable = aiAvailable
        self.date = date
    }

    /// The page that shows the result of `change`.
    public static func page(after change: SettingChange) -> Page {
        if case .dailyCategories = change { return .categories }
        return .main
    }

    public var message: OutgoingMessage {
        let words = Phrasebook(settings.language)
        var text = RichText()
        text.append(.bold(words.settingsTitle(inGroup: chat.isGroup)))
        switch page {
        case .main:
            for (label, value) in lines(words) {
                text.append(.plain("\n• \(label): "))
                text.append(.bold(value))
            }
            text.append(.plain("\n\n" + (editable ? words.settingsTimeZoneHint : words.settingsReadOnly)))
        case .categories:
            text.append(.plain("\n• \(words.labelDailyCategories): "))
            text.append(.bold(words.categoryList(settings.dailyCategories)))
            text.append(.plain("\n\n" + words.dailyCategoriesHint))
        }
        guard editable else { return OutgoingMessage(text: text) }
        return OutgoingMessage(text: text, buttons: page == .main ? mainButtons(words) : categoryButtons(words))
    }

    /// Each setting and its current value, in words: the one list the panel shows (a new setting
    /// is a line here and, if it has buttons, a row in ``mainButtons(_:)``).
    func lines(_ words: Phrasebook) -> [(String, String)] {
        var lines = [
            (words.labelLanguage, words.languageName(settings.language)),
            (words.labelTimeZone, words.timeZoneName(settings.timeZone, at: date)),
            (words.labelDaily, "\(words.onOff(settings.dailyEnabled)) · \(settings.dailyTime)"),
            (words.labelDailyCategories, words.categoryList(settings.dailyCategories)),
            (words.labelWeekdays, words.onOff(settings.weekdaysOnly)),
            (words.labelSpice, "\(settings.maxSpice.rawValue) \(settings.maxSpice.peppers)"),
            (words.labelReminders, words.remindersSetting(settings.remindersEnabled)),
            (words.labelBanners, words.onOff(settings.bannersEnabled)),
            (words.labelAI, aiAvailable ? words.onOff(settings.aiEnabled) : words.aiNotConfigured),
        ]
        if chat.isForum { lines.append((words.labelPostTopic, words.postTopic(settings.postTopic, mainThread: mainThread))) }
        return lines
    }

    private func mainButtons(_ words: Phrasebook) -> [[Button]] {
        func button(_ label: String, _ change: SettingChange) -> Button { Button(label, data: change.payload) }
        func toggle(_ on: Bool, _ label: String, _ change: SettingChange) -> Button { button("\(Self.check(on)) \(label)", change) }
        func language(_ flag: String, _ language: Language) -> Button {
            let label = "\(flag) \(words.languageName(language))"
            return button(language == settings.language ? label + " ✓" : label, .language(language))
        }
        let time = LocalTime(settings.dailyTime) ?? LocalTime(hour: 9)
        let ai = aiAvailable ? [[toggle(settings.aiEnabled, words.labelAI, .ai(!settings.aiEnabled))]] : []
        return [
            [language("🇻🇳", .vi), language("🇬🇧", .en)],
            [
                toggle(settings.dailyEnabled, words.labelDaily, .daily(!settings.dailyEnabled)),
                toggle(settings.weekdaysOnly, words.labelWeekdays, .weekdaysOnly(!settings.weekdaysOnly)),
            ],
            [
                button("⏰ \(time.adding(minutes: -30))", .dailyTime(time.adding(minutes: -30))),
                button("⏰ \(time.adding(minutes: 30))", .dailyTime(time.adding(minutes: 30))),
            ],
            [Button("🗂 \(words.labelDailyCategories)…", data: Page.categories.payload)],
            SpiceLevel.all.map { level in
                button(level == settings.maxSpice ? "🌶️ \(level.rawValue) ✓" : "🌶️ \(level.rawValue)", .maxSpice(level))
            },
            [
                toggle(settings.remindersEnabled, words.labelReminders, .reminders(!settings.remindersEnabled)),
                toggle(settings.bannersEnabled, words.labelBanners, .banners(!settings.bannersEnabled)),
            ],
        ] + ai + [
            SettingChange.commonTimeZones.prefix(3).map { zone in
                button(Self.zoneLabel(zone, current: settings.timeZone), .timeZone(zone))
            },
            SettingChange.commonTimeZones.dropFirst(3).map { zone in
                button(Self.zoneLabel(zone, current: settings.timeZone), .timeZone(zone))
            },
        ]
    }

    /// One toggle per category (ticked when the Roast of the Day may come from it), two a row, then
    /// "every category" and the way back.
    private func categoryButtons(_ words: Phrasebook) -> [[Button]] {
        let chosen = settings.dailyCategories
        let buttons = RoastCategory.allCases.map { category in
            let on = chosen.isEmpty || chosen.contains(category)
            let label = "\(Self.check(on)) \(category.emoji) \(category.name(in: settings.language))"
            return Button(label, data: SettingChange.dailyCategories(Self.toggling(category, in: chosen)).payload)
        }
        var rows = stride(from: 0, to: buttons.count, by: 2).map { Array(buttons[$0..<min($0 + 2, buttons.count)]) }
        rows.append([Button("\(Self.check(chosen.isEmpty)) \(words.categoryList([]))", data: SettingChange.dailyCategories([]).payload)])
        rows.append([Button(words.settingsBack, data: Page.main.payload)])
        return rows
    }

    /// The categories after `category` is ticked or unticked; none chosen means every one, so
    /// unticking the last one or ticking them all comes back to every category.
    static func toggling(_ category: RoastCategory, in chosen: Set<RoastCategory>) -> Set<RoastCategory> {
        let all = Set(RoastCategory.allCases)
        let toggled = (chosen.isEmpty ? all : chosen).symmetricDifference([category])
        return toggled.isEmpty || toggled == all ? [] : toggled
    }

    private static func check(_ on: Bool) -> String { on ? "✅" : "⬜️" }

    private static func zoneLabel(_ zone: String, current: String) -> String {
        let city = zone.split(separator: "/").last.map { $0.replacingOccurrences(of: "_", with: " ") } ?? zone
        return zone == current ? "🕐 \(city) ✓" : "🕐 \(city)"
    }
}
