import ChatPlatform
import RoastCore
import RoastStore

/// The `/settings` panel: the chat's current settings and buttons that set each one.
public struct SettingsView: Sendable {
    public let settings: ChatSettings

    public init(settings: ChatSettings) { self.settings = settings }

    public var message: OutgoingMessage {
        let words = Phrasebook(settings.language)
        var text = RichText()
        text.append(.bold(words.settingsTitle))
        let lines: [(String, String)] = [
            (words.labelLanguage, settings.language == .vi ? "Tiếng Việt" : "English"),
            (words.labelTimeZone, settings.timeZone),
            (words.labelDaily, "\(words.onOff(settings.dailyEnabled)) · \(settings.dailyTime)"),
            (words.labelWeekdays, words.onOff(settings.weekdaysOnly)),
            (words.labelSpice, settings.maxSpice.peppers),
            (words.labelReminders, words.onOff(settings.remindersEnabled)),
            (words.labelBanners, words.onOff(settings.bannersEnabled)),
            (words.labelAI, words.onOff(settings.aiEnabled)),
            (words.labelPostTopic, words.postTopic(settings.postTopic)),
        ]
        for (label, value) in lines {
            text.append(.plain("\n• \(label): "))
            text.append(.bold(value))
        }
        text.append(.plain("\n\n" + words.settingsTimeZoneHint))
        return OutgoingMessage(text: text, buttons: buttons(words))
    }

    private func buttons(_ words: Phrasebook) -> [[Button]] {
        func button(_ label: String, _ change: SettingChange) -> Button { Button(label, data: change.payload) }
        func check(_ on: Bool) -> String { on ? "✅" : "⬜️" }
        let time = LocalTime(settings.dailyTime) ?? LocalTime(hour: 9)
        return [
            [button("🇻🇳 Tiếng Việt", .language(.vi)), button("🇬🇧 English", .language(.en))],
            [
                button("\(check(settings.dailyEnabled)) \(words.labelDaily)", .daily(!settings.dailyEnabled)),
                button("\(check(settings.weekdaysOnly)) \(words.labelWeekdays)", .weekdaysOnly(!settings.weekdaysOnly)),
            ],
            [
                button("⏰ \(time.adding(minutes: -30))", .dailyTime(time.adding(minutes: -30))),
                button("⏰ \(time.adding(minutes: 30))", .dailyTime(time.adding(minutes: 30))),
            ],
            SpiceLevel.all.map { level in
                button(level == settings.maxSpice ? "🌶️\(level.rawValue) ✓" : "🌶️\(level.rawValue)", .maxSpice(level))
            },
            [
                button("\(check(settings.remindersEnabled)) 🔔", .reminders(!settings.remindersEnabled)),
                button("\(check(settings.bannersEnabled)) 🎉", .banners(!settings.bannersEnabled)),
                button("\(check(settings.aiEnabled)) 🤖", .ai(!settings.aiEnabled)),
            ],
            SettingChange.commonTimeZones.prefix(3).map { zone in button(Self.zoneLabel(zone, current: settings.timeZone), .timeZone(zone))
            },
            SettingChange.commonTimeZones.dropFirst(3).map { zone in
                button(Self.zoneLabel(zone, current: settings.timeZone), .timeZone(zone))
            },
        ]
    }

    private static func zoneLabel(_ zone: String, current: String) -> String {
        let city = zone.split(separator: "/").last.map { $0.replacingOccurrences(of: "_", with: " ") } ?? zone
        return zone == current ? "🕐 \(city) ✓" : "🕐 \(city)"
    }
}
