import Foundation
import RoastTesting

/// The Discord server a newcomer plays in against the fake: one server with #general, the members they speak as (with
/// their locales and whether they may Manage Server), the channel or thread they are in, and what each typed line
/// does there — a slash command or a button press as an interaction, a native reaction, a switch of member or place.
/// After each line it waits until the bot has answered and gone quiet, printing what it did as it happens.
final class TryDiscordSession {
    static let guild: Int64 = 1_210_000_000_000_000_001
    static let general: Int64 = 1_210_000_000_000_000_101
    static let serverName = "Try server"
    /// The members a number names (`as 2`): ids stay the same from run to run, so the database keeps knowing them.
    static let members = ["you", "linh", "minh", "trang", "duc"]
    private static let firstMember: Int64 = 1_310_000_000_000_000_000

    let discord: FakeDiscord
    let transcript: TryTranscript
    let serverLocale: String
    private(set) var speaker: FakeDiscordUser
    private var locales: [Int64: String] = [:]
    private var admins: Set<Int64> = []
    private var people: [String: FakeDiscordUser] = [:]
    private(set) var channel: Int64 = general
    private var placeNames: [Int64: String] = [general: "#general"]

    init(discord: FakeDiscord, transcript: TryTranscript, serverLocale: String) {
        self.discord = discord
        self.transcript = transcript
        self.serverLocale = serverLocale
        speaker = FakeDiscordUser(id: Self.firstMember + 1, username: Self.members[0])
        discord.rest.registerChannel(FakeDiscordChannel(id: Self.general, type: 0, guildID: Self.guild, name: "general"))
        transcript.name(place: Self.general, "#general")
        remember(speaker)
        // The first member owns the server: they may change /settings from the start.
        admins.insert(speaker.id)
    }

    var prompt: String { "\(speaker.username)@\(placeNames[channel] ?? "?")> " }

    /// The member speaking may Manage Server.
    private var permissions: UInt64 { admins.contains(speaker.id) ? FakeDiscordREST.managerPermissions : FakeDiscordREST.memberPermissions }
    private var locale: String { locales[speaker.id] ?? serverLocale }

    /// Does what `line` says; false when the person leaves.
    func handle(_ line: TryLine) async -> Bool {
        switch line {
        case .nothing:
            break
        case .help:
            transcript.say(TryLine.helpText)
        case .commands:
            transcript.say(commandList())
        case .quit:
            return false
        case .invalid(let reason):
            transcript.say("⚠️ \(reason)")
        case .slash(let name, let text):
            await slash(name, text)
        case .press(let number, let button):
            await press(button, on: number)
        case .react(let number, let emoji, let add):
            await react(emoji, on: number, add: add)
        case .speakAs(let who, let locale):
            speaker = person(who)
            if let locale { locales[speaker.id] = locale }
            transcript.say(
                "👤 now @\(speaker.username) (Discord locale \(self.locale)\(admins.contains(speaker.id) ? ", Manage Server" : ""))")
        case .admin(let on):
            if on { admins.insert(speaker.id) } else { admins.remove(speaker.id) }
            transcript.say(on ? "🛡 @\(speaker.username) has Manage Server" : "🙅 @\(speaker.username) is a member without Manage Server")
        case .channel(let name):
            channel = place(
                FakeDiscordChannel(id: Self.general + 1 + Self.stableNumber(name), type: 0, guildID: Self.guild, name: name), "#\(name)")
            transcript.say("💬 in #\(name)")
        case .thread(let name):
            let parent = discord.rest.channel(channel)?.parentID ?? channel
            let parentName = placeNames[parent] ?? "#general"
            channel = place(
                FakeDiscordChannel(
                    id: Self.general + 2_000_000_000 + Self.stableNumber("\(parent)/\(name)"), type: 11, guildID: Self.guild,
                    parentID: parent,
                    name: name), "\(parentName)/🧵\(name)")
            transcript.say("🧵 in the thread \(name) of \(parentName)")
        }
        return true
    }

    /// The slash commands registered, one a line.
    func commandList() -> String {
        let commands = discord.rest.globalCommands
        guard !commands.isEmpty else { return "📋 no slash commands registered (yet)" }
        return
            (["📋 \(commands.count) slash commands registered (global; vi names for a Vietnamese Discord):"]
            + commands.map { "   " + SlashCommandLine.describe($0) }).joined(separator: "\n")
    }

    /// Waits until the bot has answered `interactionID` (no longer "thinking…") and sent nothing for `quiet`, printing
    /// as it goes; at most `limit`.
    func settle(_ interactionID: Int64?, quiet: Duration = .milliseconds(1_500), limit: Duration = .seconds(90)) async {
        let rest = discord.rest
        let clock = ContinuousClock()
        let started = clock.now
        var count = rest.requests().count
        var changed = clock.now
        while clock.now - started < limit {
            transcript.flush()
            let now = clock.now
            let current = rest.requests().count
            if current != count {
                count = current
                changed = now
            }
            if now - changed >= quiet, isSettled(interactionID) { break }
            try? await Task.sleep(for: .milliseconds(50))
        }
        transcript.flush()
    }

    private func isSettled(_ interactionID: Int64?) -> Bool {
        let rest = discord.rest
        guard let interactionID, let interaction = rest.interaction(interactionID) else { return true }
        guard interaction.responseType != nil else { return rest.now - interaction.dispatchedAt > rest.interactionDeadline }
        let answers = [interaction.originalMessageID].compactMap { $0 } + interaction.followupIDs
        return !answers.compactMap(rest.message).contains { $0.isLoading }
    }

    // MARK: What a member does

    private func slash(_ name: String, _ text: String) async {
        switch SlashCommandLine.build(name: name, text: text, commands: discord.rest.globalCommands) {
        case .failure(let refusal):
            transcript.say("⚠️ \(refusal.reason)")
        case .success(let command):
            guard
                let interaction = discord.useCommand(
                    command.name, options: command.options, by: speaker, channelID: channel, guildID: Self.guild, permissions: permissions,
                    locale: locale, guildLocale: serverLocale)
            else { return transcript.say("⚠️ the bot has no gateway session") }
            await settle(interaction.id)
        }
    }

    private func press(_ wanted: String, on number: Int?) async {
        guard let message = target(number, withButtons: true) else {
            return transcript.say(
                number.map { "⚠️ no message #\($0) with buttons that @\(speaker.username) can see" } ?? "⚠️ no message with buttons here yet")
        }
        let buttons = message.rows.flatMap { $0 }
        let button: FakeDiscordButton?
        if let index = Int(wanted) {
            button = buttons.indices.contains(index - 1) ? buttons[index - 1] : nil
        } else {
            let key = Self.plain(wanted)
            button =
                buttons.first {
                    Self.plain($0.emoji ?? "") == key || Self.plain($0.label ?? "").split(separator: " ").first.map(String.init) == key
                }
                ?? buttons.first { Self.plain(($0.emoji ?? "") + " " + ($0.label ?? "")).localizedCaseInsensitiveContains(key) }
        }
        let shown = transcript.number(of: message.id).map { "#\($0)" } ?? "that message"
        guard let button else { return transcript.say("⚠️ no button “\(wanted)” on \(shown)") }
        if let url = button.url { return transcript.say("🔗 that button opens \(url) in the browser") }
        guard !button.disabled, let customID = button.customID else { return transcript.say("⚠️ that button is disabled") }
        guard
            let interaction = discord.pressButton(
                customID: customID, messageID: message.id, by: speaker, permissions: permissions, locale: locale, guildLocale: serverLocale)
        else { return transcript.say("⚠️ the bot has no gateway session") }
        await settle(interaction.id)
    }

    private func react(_ emoji: String, on number: Int?, add: Bool) async {
        guard let message = number == nil ? latestRoast() : target(number, withButtons: false), !message.isEphemeral else {
            return transcript.say("⚠️ nothing of the bot's to react to here yet (an ephemeral answer takes no reactions)")
        }
        let sent =
            add
            ? discord.addReaction(emoji, messageID: message.id, by: speaker)
            : discord.removeReaction(emoji, messageID: message.id, by: speaker)
        guard sent else { return transcript.say("⚠️ the bot has no gateway session") }
        let shown = transcript.number(of: message.id).map { "#\($0)" } ?? "the message"
        transcript.say(
            add ? "   (@\(speaker.username) reacted \(emoji) on \(shown))" : "   (@\(speaker.username) removed \(emoji) from \(shown))")
        await settle(nil)
    }

    /// Message `#number`, or the latest one in this place the speaker can see (with buttons when asked).
    private func target(_ number: Int?, withButtons: Bool) -> FakeDiscordMessage? {
        let rest = discord.rest
        if let number {
            return transcript.message(numbered: number).flatMap(rest.message)
        }
        let here = rest.messages(in: channel).filter { message in
            guard !message.isLoading, !withButtons || !message.customIDs.isEmpty else { return false }
            guard message.isEphemeral else { return true }
            return rest.interactions.first { $0.id == message.interactionID }?.userID == speaker.id
        }
        return here.last
    }

    /// The bot's latest roast here (a public message with the 😂 button), else its latest public message: what a member
    /// reacts to, as the console's `:react` does.
    private func latestRoast() -> FakeDiscordMessage? {
        let visible = discord.rest.messages(in: channel).filter { !$0.isEphemeral && !$0.isLoading }
        return visible.last { $0.rows.flatMap { $0 }.contains { Self.plain($0.emoji ?? $0.label ?? "").hasPrefix("😂") } } ?? visible.last
    }

    // MARK: People and places

    private func person(_ who: String) -> FakeDiscordUser {
        if let number = Int(who), number > 0 {
            let name = number <= Self.members.count ? Self.members[number - 1] : "member\(number)"
            return remember(FakeDiscordUser(id: Self.firstMember + Int64(number), username: name))
        }
        let key = who.lowercased().filter { !$0.isWhitespace }
        if let index = Self.members.firstIndex(of: key) { return person(String(index + 1)) }
        if let known = people[key] { return known }
        return remember(FakeDiscordUser(id: Self.firstMember + 1_000 + Self.stableNumber(key), username: key))
    }

    @discardableResult
    private func remember(_ user: FakeDiscordUser) -> FakeDiscordUser {
        people[user.username] = user
        transcript.name(person: user.id, user.username)
        return user
    }

    private func place(_ channel: FakeDiscordChannel, _ name: String) -> Int64 {
        if discord.rest.channel(channel.id) == nil { discord.rest.registerChannel(channel) }
        placeNames[channel.id] = name
        transcript.name(place: channel.id, name)
        return channel.id
    }

    /// A number from a name that is the same in every run (FNV-1a), below a billion.
    static func stableNumber(_ text: String) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return Int64(hash % 1_000_000_000)
    }

    /// An emoji or label without variation selectors (🖼 and 🖼️ are one button).
    private static func plain(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value != 0xFE0F })).trimmingCharacters(in: .whitespaces)
    }
}
