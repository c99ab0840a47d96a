import ChatPlatform
import Foundation
import RoastCore
import RoastStore

/// One change to a chat's settings, from a `/settings key value` command or a settings button.
public enum SettingChange: Sendable, Hashable {
    case language(Language)
    /// A validated IANA identifier.
    case timeZone(String)
    case dailyTime(LocalTime)
    case daily(Bool)
    case weekdaysOnly(Bool)
    /// The categories of the Roast of the Day; empty: every category.
    case dailyCategories(Set<RoastCategory>)
    case maxSpice(SpiceLevel)
    case reminders(Bool)
    case banners(Bool)
    case ai(Bool)
    /// Where scheduled posts go in a group with forum topics.
    case postTopic(PostTopic)

    /// The topic for scheduled posts, as an admin names it.
    public enum PostTopic: Sendable, Hashable {
        /// The chat's main thread (a forum's General topic).
        case general
        /// The topic the change was asked in (General when asked outside a topic).
        case here
    }

    /// Why typed settings arguments were not understood.
    public enum ParseError: Error, Sendable, Hashable {
        /// No setting is named, or the words make no sense together: the whole usage helps.
        case usage
        case unknownTimeZone(String)
        /// `spice` with anything but a whole number 1–5.
        case spiceOutOfRange(String)
        /// `language` with anything but vi or en.
        case unknownLanguage(String)
        /// `time` with anything but HH:MM within the day.
        case badTime(String)
        /// `categories` with words that name no category (those words).
        case unknownCategories([String])
        /// A switch (`daily`, `weekdays`, `reminders`, `banners`, `ai`) with neither on nor off.
        case notOnOff(key: String, String)
    }

    /// The timezones offered as buttons.
    public static let commonTimeZones = [
        "Asia/Ho_Chi_Minh", "Asia/Singapore", "Asia/Tokyo", "Europe/Berlin", "Europe/London", "America/New_York",
    ]

    /// Parses `key value` (`timezone Europe/Berlin`, `time 08:30`, `daily off`, `spice 4`,
    /// `categories meetings kpis` or `categories all`…).
    ///
    /// "Chủ đề" names both a forum topic and a category in Vietnamese: followed by `here`/`đây` or
    /// `general`/`chung` it is the topic of scheduled posts, followed by categories it is those.
    public static func parse(_ arguments: [String]) -> Result<SettingChange, ParseError> {
        if let first = arguments.first, categoryKeys.contains(TextNormalization.matchKey(first)), arguments.count >= 2,
            !Self.namesTopic(first, arguments.dropFirst())
        {
            return parseCategories(arguments.dropFirst().joined(separator: " "))
        }
        if arguments.count >= 3, TextNormalization.matchKey(arguments[0] + arguments[1]) == "chude" {
            guard Self.namesTopic("chude", arguments.dropFirst(2)) else {
                return parseCategories(arguments.dropFirst(2).joined(separator: " "))
            }
            return parse(["chude"] + arguments.dropFirst(2))
        }
        guard arguments.count == 2 else { return .failure(.usage) }
        let key = TextNormalization.matchKey(arguments[0])
        let value = String(arguments[1].prefix(32))
        let flag = Self.flag(value)
        let notOnOff = ParseError.notOnOff(key: key, value)
        switch key {
        case "language", "lang", "ngonngu":
            guard let language = Language(rawValue: value.lowercased()) else { return .failure(.unknownLanguage(value)) }
            return .success(.language(language))
        case "timezone", "tz", "muigio":
            guard let zone = Self.validTimeZone(value) else { return .failure(.unknownTimeZone(String(value.prefix(64)))) }
            return .success(.timeZone(zone))
        case "time", "gio":
            guard let time = LocalTime(value) else { return .failure(.badTime(value)) }
            return .success(.dailyTime(time))
        case "spice", "cay":
            guard let level = Int(value).flatMap(SpiceLevel.init(rawValue:)) else { return .failure(.spiceOutOfRange(value)) }
            return .success(.maxSpice(level))
        case "daily": return flag.map { .success(.daily($0)) } ?? .failure(notOnOff)
        case "weekdays": return flag.map { .success(.weekdaysOnly($0)) } ?? .failure(notOnOff)
        case "reminders", "remind": return flag.map { .success(.reminders($0)) } ?? .failure(notOnOff)
        case "banners": return flag.map { .success(.banners($0)) } ?? .failure(notOnOff)
        case "ai": return flag.map { .success(.ai($0)) } ?? .failure(notOnOff)
        case "topic", "chude":
            switch TextNormalization.matchKey(value) {
            case "here", "day": return .success(.postTopic(.here))
            case "general", "chung": return .success(.postTopic(.general))
            default: return .failure(.usage)
            }
        default: return .failure(.usage)
        }
    }

    /// Whether `key value` sets the topic of scheduled posts (`chủ đề chung`) rather than categories.
    private static func namesTopic(_ key: String, _ value: ArraySlice<String>) -> Bool {
        TextNormalization.matchKey(key) == "chude" && value.count == 1
            && ["here", "day", "general", "chung"].contains(TextNormalization.matchKey(value.first ?? ""))
    }

    /// The words that name the Roast of the Day's categories (`/settings categories …`, `chủ đề`).
    private static let categoryKeys: Set<String> = ["categories", "category", "chude"]

    /// `all` (or `tất cả`) for every category, else the categories named (in either language).
    private static func parseCategories(_ text: String) -> Result<SettingChange, ParseError> {
        if ["all", "tatca", "het", "every"].contains(TextNormalization.matchKey(text).replacingOccurrences(of: " ", with: "")) {
            return .success(.dailyCategories([]))
        }
        let (categories, unrecognized) = RoastRequestParser().categories(in: text)
        guard unrecognized.isEmpty else { return .failure(.unknownCategories(unrecognized.map { String($0.prefix(32)) })) }
        guard !categories.isEmpty else { return .failure(.usage) }
        return .success(.dailyCategories(Set(categories)))
    }

    /// The canonical IANA identifier for `name` (case-insensitive), or nil when it names no zone.
    public static func validTimeZone(_ name: String) -> String? {
        guard name.count <= 64 else { return nil }
        if let exact = TimeZone.knownTimeZoneIdentifiers.first(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) {
            return exact
        }
        return name.uppercased() == "UTC" ? "UTC" : nil
    }

    /// - Parameter here: the topic the change was asked in (for ``PostTopic/here``).
    public func apply(to settings: inout ChatSettings, here: TopicID? = nil) {
        switch self {
        case .language(let language): settings.language = language
        case .timeZone(let zone): settings.timeZone = zone
        case .dailyTime(let time): settings.dailyTime = time.description
        case .daily(let on): settings.dailyEnabled = on
        case .weekdaysOnly(let on): settings.weekdaysOnly = on
        case .dailyCategories(let categories): settings.dailyCategories = categories
        case .maxSpice(let level): settings.maxSpice = level
        case .reminders(let on): settings.remindersEnabled = on
        case .banners(let on): settings.bannersEnabled = on
        case .ai(let on): settings.aiEnabled = on
        case .postTopic(.general): settings.postTopic = nil
        case .postTopic(.here): settings.postTopic = here
        }
    }

    /// The tag of settings buttons' payloads.
    static let payloadTag = "s"

    /// A settings button's payload (at most 42 bytes: IANA names are short).
    public var payload: String {
        switch self {
        case .language(let language): CallbackPayload(Self.payloadTag, "l", language.rawValue).encoded
        case .timeZone(let zone): CallbackPayload(Self.payloadTag, "z", zone).encoded
        case .dailyTime(let time):
            CallbackPayload(Self.payloadTag, "t", time.hour.zeroPadded(to: 2) + time.minute.zeroPadded(to: 2)).encoded
        case .daily(let on): CallbackPayload(Self.payloadTag, "d", on ? "1" : "0").encoded
        case .weekdaysOnly(let on): CallbackPayload(Self.payloadTag, "w", on ? "1" : "0").encoded
        case .dailyCategories(let categories): CallbackPayload(Self.payloadTag, "c", Self.categoryMask(categories)).encoded
        case .maxSpice(let level): CallbackPayload(Self.payloadTag, "m", String(level.rawValue)).encoded
        case .reminders(let on): CallbackPayload(Self.payloadTag, "r", on ? "1" : "0").encoded
        case .banners(let on): CallbackPayload(Self.payloadTag, "b", on ? "1" : "0").encoded
        case .ai(let on): CallbackPayload(Self.payloadTag, "a", on ? "1" : "0").encoded
        case .postTopic(let topic): CallbackPayload(Self.payloadTag, "p", topic == .here ? "h" : "g").encoded
        }
    }

    /// Decodes a settings button's payload; nil for anything malformed.
    public init?(_ payload: CallbackPayload) {
        guard payload.tag == Self.payloadTag, payload.fields.count == 2 else { return nil }
        let parts = payload.fields
        let value = parts[1]
        let flag = value == "1" ? true : value == "0" ? false : nil
        switch parts[0] {
        case "l":
            guard let language = Language(rawValue: value) else { return nil }
            self = .language(language)
        case "z":
            guard let zone = Self.validTimeZone(value) else { return nil }
            self = .timeZone(zone)
        case "t":
            guard value.count == 4, let hour = Int(value.prefix(2)), let minute = Int(value.suffix(2)),
                (0...23).contains(hour), (0...59).contains(minute)
            else { return nil }
            self = .dailyTime(LocalTime(hour: hour, minute: minute))
        case "c":
            guard let categories = Self.categories(mask: value) else { return nil }
            self = .dailyCategories(categories)
        case "m":
            guard let level = Int(value).flatMap(SpiceLevel.init(rawValue:)) else { return nil }
            self = .maxSpice(level)
        case "d":
            guard let flag else { return nil }
            self = .daily(flag)
        case "w":
            guard let flag else { return nil }
            self = .weekdaysOnly(flag)
        case "r":
            guard let flag else { return nil }
            self = .reminders(flag)
        case "b":
            guard let flag else { return nil }
            self = .banners(flag)
        case "a":
            guard let flag else { return nil }
            self = .ai(flag)
        case "p":
            guard value == "h" || value == "g" else { return nil }
            self = .postTopic(value == "h" ? .here : .general)
        default: return nil
        }
    }

    /// The categories as a bit mask over `RoastCategory.allCases`, in hexadecimal (`"05"`).
    static func categoryMask(_ categories: Set<RoastCategory>) -> String {
        let mask = RoastCategory.allCases.enumerated().reduce(0) { mask, entry in
            categories.contains(entry.element) ? mask | (1 << entry.offset) : mask
        }
        return String(mask, radix: 16)
    }

    static func categories(mask text: String) -> Set<RoastCategory>? {
        guard text.count <= 2, let mask = Int(text, radix: 16), mask < 1 << RoastCategory.allCases.count else { return nil }
        return Set(RoastCategory.allCases.enumerated().filter { mask & (1 << $0.offset) != 0 }.map(\.element))
    }

    private static func flag(_ value: String) -> Bool? {
        switch TextNormalization.matchKey(value) {
        case "on", "bat", "1", "yes", "true": true
        case "off", "tat", "0", "no", "false": false
        default: nil
        }
    }
}
