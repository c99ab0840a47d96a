import Foundation
import RoastTesting
import Synchronization

/// What the bot did on the fake Discord, printed readably as it happens: each message it wrote (numbered #1, #2… in
/// order, with its place, its buttons and their counts, "only … can see this" for an ephemeral one), a deferred answer
/// as "thinking…" and then the edit that replaces it, edits in place (only the buttons when only the counts changed),
/// attachments saved under the database's folder with their path, and an interaction the bot failed to answer in time.
/// ``flush()`` prints what changed since the last call; everything prints under one lock, in order.
final class TryTranscript: Sendable {
    private let rest: FakeDiscordREST
    /// Where attachments are saved: pictures under `cards/`, other files under `exports/`, each name starting with
    /// `prefix` (the database's base name), as the console does.
    private let folder: URL
    private let prefix: String
    private let state = Mutex(State())

    private struct State {
        var seen: [Int64: Seen] = [:]
        var nextNumber = 1
        var answeredInteractions: Set<Int64> = []
        var failedInteractions: Set<Int64> = []
        var refusalsReported: Set<Int64> = []
        var savedAttachments: [Int64: String] = [:]
        var people: [Int64: String] = [:]
        var places: [Int64: String] = [:]
        /// The prompt standing at the end of the terminal's last line (interactive use), reprinted after output.
        var prompt: String?
    }

    private struct Seen {
        var number: Int
        var message: FakeDiscordMessage
    }

    init(rest: FakeDiscordREST, folder: URL, prefix: String) {
        self.rest = rest
        self.folder = folder
        self.prefix = prefix
    }

    /// Names people and places as the transcript shows them (`<@id>` mentions become `@name`).
    func name(person id: Int64, _ name: String) { state.withLock { $0.people[id] = name } }
    func name(place id: Int64, _ name: String) { state.withLock { $0.places[id] = name } }

    /// The number the transcript gave a message, and back.
    func number(of messageID: Int64) -> Int? { state.withLock { $0.seen[messageID]?.number } }
    func message(numbered number: Int) -> Int64? { state.withLock { $0.seen.first { $0.value.number == number }?.key } }

    /// Prints lines of the tool's own (not the bot's).
    func say(_ text: String) {
        state.withLock { state in
            Self.write(text + "\n", state: &state)
        }
    }

    /// Shows a prompt that waits for a typed line (interactive use): reprinted after anything printed meanwhile.
    func showPrompt(_ prompt: String) {
        state.withLock { state in
            Self.write(prompt, state: &state)
            state.prompt = prompt
        }
    }

    /// A typed line: echoed after its prompt when input is piped (so a transcript reads like a session).
    func typed(_ line: String, prompt: String, echo: Bool) {
        state.withLock { state in
            state.prompt = nil
            if echo { Self.write(prompt + line + "\n", state: &state) }
        }
    }

    /// Prints what the bot did since the last call.
    func flush() {
        let messages = rest.allMessages
        let interactions = rest.interactions
        let now = rest.now
        let deadline = rest.interactionDeadline
        state.withLock { state in
            var lines: [String] = []
            for message in messages {
                if let before = state.seen[message.id] {
                    guard before.message != message else { continue }
                    lines += describeChange(from: before.message, to: message, number: before.number, state: &state)
                    state.seen[message.id]?.message = message
                } else {
                    let number = state.nextNumber
                    state.nextNumber += 1
                    state.seen[message.id] = Seen(number: number, message: message)
                    lines += describeNew(message, number: number, state: &state)
                }
            }
            for interaction in interactions {
                if let type = interaction.responseType, !state.answeredInteractions.contains(interaction.id) {
                    state.answeredInteractions.insert(interaction.id)
                    if type == 6 { lines.append("   ↳ ✓ press acknowledged") }
                }
                if interaction.responseType == nil, now - interaction.dispatchedAt > deadline,
                    state.failedInteractions.insert(interaction.id).inserted
                {
                    lines.append("❌ This interaction failed (no answer within \(Int(deadline)) s)")
                }
                if let refused = interaction.refusedCallbacks.first, state.refusalsReported.insert(interaction.id).inserted {
                    lines.append("⚠️ Discord refused the bot's answer (callback type \(refused)) to an interaction")
                }
            }
            guard !lines.isEmpty else { return }
            Self.write(lines.joined(separator: "\n") + "\n", state: &state)
        }
    }

    // MARK: Rendering

    private func describeNew(_ message: FakeDiscordMessage, number: Int, state: inout State) -> [String] {
        if message.isLoading { return ["⏳ #\(number) \(header(message, state: state)) — RoastMeLater is thinking…"] }
        let icon = message.isEphemeral ? "🔒" : (message.attachments.isEmpty ? "🤖" : "🖼")
        return ["\(icon) #\(number) \(header(message, state: state))"] + body(message, number: number, state: &state)
    }

    private func describeChange(from before: FakeDiscordMessage, to after: FakeDiscordMessage, number: Int, state: inout State) -> [String]
    {
        if before.isLoading && !after.isLoading {
            return ["✏️ #\(number) \(header(after, state: state)) — the answer, edited in"] + body(after, number: number, state: &state)
        }
        if before.content == after.content && before.attachments == after.attachments {
            guard before.rows != after.rows else { return [] }
            return after.rows.isEmpty ? ["🔢 #\(number) (buttons removed)"] : ["🔢 #\(number)"] + Self.buttons(after.rows)
        }
        return ["✏️ #\(number) (edited)"] + body(after, number: number, state: &state)
    }

    /// `in #general · only @linh can see this · answers /roast`.
    private func header(_ message: FakeDiscordMessage, state: State) -> String {
        var parts = ["in " + (state.places[message.channelID] ?? "channel \(message.channelID)")]
        if message.isEphemeral {
            let owner = rest.interactions.first { $0.id == message.interactionID }.map { state.people[$0.userID] ?? "user \($0.userID)" }
            parts.append("only \(owner.map { "@\($0)" } ?? "the member") can see this")
        }
        if let interactionID = message.interactionID, let interaction = rest.interaction(interactionID) {
            switch interaction.kind {
            case .command(let name): parts.append("answers /\(name) by @\(state.people[interaction.userID] ?? "\(interaction.userID)")")
            case .component: parts.append("answers a press by @\(state.people[interaction.userID] ?? "\(interaction.userID)")")
            }
        }
        return parts.joined(separator: " · ")
    }

    private func body(_ message: FakeDiscordMessage, number: Int, state: inout State) -> [String] {
        let content = readable(message.content, state: state).split(separator: "\n", omittingEmptySubsequences: false)
        var lines = message.content.isEmpty ? [] : content.map { $0.isEmpty ? "" : "   " + $0 }
        for attachment in message.attachments {
            let path = save(attachment, message: number, state: &state)
            lines.append("   📎 \(attachment.filename) (\(attachment.size / 1024 + 1) KB) → \(path)")
        }
        return lines + Self.buttons(message.rows)
    }

    /// `<@id>` as `@name`, as Discord shows a mention.
    private func readable(_ content: String, state: State) -> String {
        var text = content
        for (id, name) in state.people { text = text.replacingOccurrences(of: "<@\(id)>", with: "@\(name)") }
        return text
    }

    private static func buttons(_ rows: [[FakeDiscordButton]]) -> [String] {
        rows.map { row in
            "   "
                + row.map { button in
                    let face = [button.emoji, button.label].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
                    let link = button.url.map { " ↗ \($0)" } ?? ""
                    return button.disabled ? "[\(face)\(link) (disabled)]" : "[\(face)\(link)]"
                }.joined(separator: " ")
        }
    }

    /// Writes an attachment once, under `cards/` (a picture) or `exports/`, and returns its path.
    private func save(_ attachment: FakeDiscordAttachment, message number: Int, state: inout State) -> String {
        if let path = state.savedAttachments[attachment.id] { return path }
        let pictures = state.savedAttachments.count
        let name =
            attachment.isPNG
            ? "cards/\(prefix)-message-\(number)-\(pictures + 1).png"
            : "exports/\(prefix)-message-\(number)-\(attachment.filename)"
        let url = folder.appendingPathComponent(name)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try attachment.contents.write(to: url)
        } catch {
            return "(not saved: \(error))"
        }
        let path =
            url.path.hasPrefix(FileManager.default.currentDirectoryPath + "/")
            ? String(url.path.dropFirst(FileManager.default.currentDirectoryPath.count + 1)) : url.path
        state.savedAttachments[attachment.id] = path
        return path
    }

    private static func write(_ text: String, state: inout State) {
        var output = text
        if let prompt = state.prompt {
            // Output arrived while a prompt waited: on a line of its own, then the prompt again.
            output = "\n" + text + (text.hasSuffix("\n") ? prompt : "")
            if !text.hasSuffix("\n") { state.prompt = nil }
        }
        FileHandle.standardOutput.write(Data(output.utf8))
    }
}
