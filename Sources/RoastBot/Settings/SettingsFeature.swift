import ChatPlatform
import RoastCore
import RoastStore

/// `/settings` and the settings panel's buttons. In groups only admins may use them (the admin
/// status comes from the platform, fetched before the transaction: ``EventContext/senderIsAdmin``);
/// in private chats anyone may.
public struct SettingsFeature: Feature {
    public enum Action: Sendable, Hashable {
        /// `/settings` alone: the panel.
        case show
        /// `/settings key value`, parsed.
        case change(Result<SettingChange, SettingChange.ParseError>)
        /// A panel button.
        case press(SettingChange, message: MessageID?)
    }

    public let commands = [
        CommandSpec("settings", audience: .admins, summary: LocalizedText(vi: "Cài đặt nhóm (quản trị viên)", en: "Chat settings (admins)"))
    ]
    public let buttonTags = [SettingChange.payloadTag]

    public init() {}

    public func decode(_ input: FeatureInput) -> Action? {
        switch input {
        case .command(_, let arguments): arguments.isEmpty ? .show : .change(SettingChange.parse(arguments))
        case .button(let payload, let message): SettingChange(payload).map { .press($0, message: message) }
        case .event: nil
        }
    }

    public func needs(of action: Action) -> ActionNeeds { ActionNeeds(adminStatus: true) }

    public func handle(_ action: Action, _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64) throws
        -> HandlerOutcome
    {
        switch action {
        case .show, .change: try command(action, context, tx)
        case .press(let change, let message): try press(change, message: message, context, tx)
        }
    }

    /// `/settings` shows the panel; `/settings key value` changes one setting.
    private func command(_ action: Action, _ context: EventContext, _ tx: borrowing StoreTransaction) throws -> HandlerOutcome {
        let words = context.words
        guard Self.mayChange(context) else { return Self.text(words.settingsAdminsOnly) }
        guard case .change(let parsed) = action else {
            return HandlerOutcome(replies: [.send(SettingsView(settings: context.chat).message)])
        }
        switch parsed {
        case .failure(.usage):
            return Self.text(words.settingsUsage())
        case .failure(.unknownTimeZone(let name)):
            return Self.text(words.unknownTimeZone(name))
        case .success(let change):
            let updated = try apply(change, context, tx)
            let after = Phrasebook(updated.language)
            return Self.text(after.settingChanged(Self.describe(change, after)))
        }
    }

    /// A settings button: applies the change and redraws the panel in place.
    private func press(_ change: SettingChange, message: MessageID?, _ context: EventContext, _ tx: borrowing StoreTransaction) throws
        -> HandlerOutcome
    {
        guard Self.mayChange(context) else { return HandlerOutcome(notice: context.words.settingsAdminsOnly) }
        let updated = try apply(change, context, tx)
        let panel = SettingsView(settings: updated).message
        let replies: [Reply] = message.map { [.edit($0, panel)] } ?? [.send(panel)]
        return HandlerOutcome(replies: replies, notice: Phrasebook(updated.language).settingsSaved)
    }

    /// Private chats: anyone. Groups: only a sender the platform confirmed as admin.
    static func mayChange(_ context: EventContext) -> Bool {
        guard context.envelope.chat.kind != .privateChat else { return true }
        return context.senderIsAdmin == true
    }

    private func apply(_ change: SettingChange, _ context: EventContext, _ tx: borrowing StoreTransaction) throws -> ChatSettings {
        var settings = try tx.chat(context.chatID) ?? context.chat
        change.apply(to: &settings)
        try tx.saveChat(settings)
        return settings
    }

    private static func describe(_ change: SettingChange, _ words: Phrasebook) -> String {
        switch change {
        case .language(let language): "\(words.labelLanguage) → \(language.rawValue)"
        case .timeZone(let zone): "\(words.labelTimeZone) → \(zone)"
        case .dailyTime(let time): "\(words.labelTime) → \(time)"
        case .daily(let on): "\(words.labelDaily) → \(words.onOff(on))"
        case .weekdaysOnly(let on): "\(words.labelWeekdays) → \(words.onOff(on))"
        case .dailyCategories(let categories): "\(words.labelDailyCategories) → \(words.categoryList(categories))"
        case .maxSpice(let level): "\(words.labelSpice) → \(level.rawValue)"
        case .reminders(let on): "\(words.labelReminders) → \(words.onOff(on))"
        case .banners(let on): "\(words.labelBanners) → \(words.onOff(on))"
        case .ai(let on): "\(words.labelAI) → \(words.onOff(on))"
        }
    }

    private static func text(_ text: String) -> HandlerOutcome {
        HandlerOutcome(replies: [.send(OutgoingMessage(text: RichText(plain: text)))])
    }
}
