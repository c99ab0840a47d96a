import ChatPlatform
import Foundation
import RoastCore
import RoastStore

/// `/settings` and the settings panel's buttons: everyone may read the settings; in groups only
/// admins may change them (the admin status comes from the platform, fetched before the
/// transaction: ``EventContext/senderIsAdmin``); in private chats anyone may.
public struct SettingsFeature: Feature {
    public enum Action: Sendable, Hashable {
        /// `/settings` alone: the panel (read-only for members of a group who are not admins).
        case show
        /// `/settings key value`, parsed.
        case change(Result<SettingChange, SettingChange.ParseError>)
        /// A panel button that changes a setting.
        case press(SettingChange, message: MessageID?)
        /// A panel button that opens one of its pages.
        case open(SettingsView.Page, message: MessageID?)
        /// Someone was promoted, demoted or left: admin answers cached for the chat are stale.
        case membersChanged
    }

    public let commands = [
        CommandSpec(
            "settings", vi: "cài_đặt", audience: .everyoneReadsAdminsChange,
            summary: LocalizedText(
                vi: "Cài đặt (ai cũng xem được; trong nhóm, quản trị viên đổi)",
                en: "Settings (anyone reads them; in groups, admins change them)"),
            options: [
                .words(
                    "change", vi: "thay_đổi",
                    LocalizedText(vi: "Cài đặt và giá trị (vd. language en)", en: "Setting and value (e.g. language vi)"))
            ])
    ]
    public let buttonTags = [SettingChange.payloadTag]
    /// Whether the operator configured an AI provider (else the AI switch has nothing to switch).
    private let aiAvailable: Bool

    public init(aiAvailable: Bool) {
        self.aiAvailable = aiAvailable
    }

    public func decode(_ input: FeatureInput) -> Action? {
        switch input {
        case .command(_, let arguments): arguments.isEmpty ? .show : .change(SettingChange.parse(arguments))
        case .button(let payload, let message):
            if payload.fields.count == 2, payload.fields[0] == "p" {
                SettingsView.Page(rawValue: payload.fields[1]).map { .open($0, message: message) }
            } else {
                SettingChange(payload).map { .press($0, message: message) }
            }
        case .event(.memberChanged): .membersChanged
        case .event, .startLink: nil
        }
    }

    public func needs(of action: Action) -> ActionNeeds {
        action == .membersChanged ? ActionNeeds(freshAdmins: true) : ActionNeeds(adminStatus: true)
    }

    public func handle(_ action: Action, _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64) throws
        -> HandlerOutcome
    {
        switch action {
        case .show:
            let view = panel(context.chat, editable: Self.mayChange(context), context)
            return HandlerOutcome(replies: [.send(view.message)])
        case .change(let parsed): return try command(parsed, context, tx)
        case .press(let change, let message): return try press(change, message: message, context, tx)
        case .open(let page, let message): return open(page, message: message, context)
        case .membersChanged: return .nothing
        }
    }

    /// `/settings key value` changes one setting.
    private func command(
        _ parsed: Result<SettingChange, SettingChange.ParseError>, _ context: EventContext, _ tx: borrowing StoreTransaction
    )
        throws -> HandlerOutcome
    {
        let words = context.words
        guard Self.mayChange(context) else { return Self.text(words.settingsAdminsOnly) }
        switch parsed {
        case .failure(let error):
            return Self.text(words.settingError(error))
        case .success(.ai) where !aiAvailable:
            return Self.text(words.aiNotConfiguredExplained)
        case .success(let change):
            let updated = try apply(change, context, tx)
            let after = Phrasebook(updated.language)
            return Self.text(
                after.settingChanged(
                    Self.describe(change, updated, after, at: context.envelope.date, mainThread: context.platform.hasMainThread)))
        }
    }

    /// A settings button: applies the change and redraws the page it belongs to in place.
    private func press(_ change: SettingChange, message: MessageID?, _ context: EventContext, _ tx: borrowing StoreTransaction) throws
        -> HandlerOutcome
    {
        guard Self.mayChange(context) else { return HandlerOutcome(notice: context.privateWords.settingsAdminsOnly) }
        if case .ai = change, !aiAvailable { return HandlerOutcome(notice: context.privateWords.aiNotConfiguredExplained) }
        let updated = try apply(change, context, tx)
        let panel = panel(updated, page: SettingsView.page(after: change), context).message
        let replies: [Reply] = message.map { [.edit($0, panel)] } ?? [.send(panel)]
        return HandlerOutcome(replies: replies, notice: Phrasebook(updated.language).settingsSaved)
    }

    /// A page button: the same message shows that page.
    private func open(_ page: SettingsView.Page, message: MessageID?, _ context: EventContext) -> HandlerOutcome {
        guard Self.mayChange(context) else { return HandlerOutcome(notice: context.privateWords.settingsAdminsOnly) }
        let panel = panel(context.chat, page: page, context).message
        return HandlerOutcome(replies: message.map { [.edit($0, panel)] } ?? [.send(panel)])
    }

    /// The panel of `settings` as shown in the event's chat.
    private func panel(_ settings: ChatSettings, page: SettingsView.Page = .main, editable: Bool = true, _ context: EventContext)
        -> SettingsView
    {
        SettingsView(
            settings: settings, page: page, editable: editable, chat: context.envelope.chat, mainThread: context.platform.hasMainThread,
            aiAvailable: aiAvailable, date: context.envelope.date)
    }

    /// Private chats: anyone. Groups: only a sender the platform confirmed as admin.
    static func mayChange(_ context: EventContext) -> Bool {
        guard context.envelope.chat.kind != .privateChat else { return true }
        return context.senderIsAdmin == true
    }

    private func apply(_ change: SettingChange, _ context: EventContext, _ tx: borrowing StoreTransaction) throws -> ChatSettings {
        var settings = try tx.chat(context.chatID) ?? context.chat
        change.apply(to: &settings, here: context.envelope.topicOfNewPosts)
        try tx.saveChat(settings)
        return settings
    }

    /// "Language → English": the setting and its new value in words.
    static func describe(_ change: SettingChange, _ settings: ChatSettings, _ words: Phrasebook, at date: Date, mainThread: Bool = true)
        -> String
    {
        switch change {
        case .language(let language): "\(words.labelLanguage) → \(words.languageName(language))"
        case .timeZone(let zone): "\(words.labelTimeZone) → \(words.timeZoneName(zone, at: date))"
        case .dailyTime(let time): "\(words.labelTime) → \(time)"
        case .daily(let on): "\(words.labelDaily) → \(words.onOff(on))"
        case .weekdaysOnly(let on): "\(words.labelWeekdays) → \(words.onOff(on))"
        case .dailyCategories(let categories): "\(words.labelDailyCategories) → \(words.categoryList(categories))"
        case .maxSpice(let level): "\(words.labelSpice) → \(level.rawValue) \(level.peppers)"
        case .reminders(let on): "\(words.labelReminders) → \(words.onOff(on))"
        case .banners(let on): "\(words.labelBanners) → \(words.onOff(on))"
        case .ai(let on): "\(words.labelAI) → \(words.onOff(on))"
        case .postTopic: "\(words.labelPostTopic) → \(words.postTopic(settings.postTopic, mainThread: mainThread))"
        }
    }

    private static func text(_ text: String) -> HandlerOutcome {
        HandlerOutcome(replies: [.send(OutgoingMessage(text: RichText(plain: text)))])
    }
}
