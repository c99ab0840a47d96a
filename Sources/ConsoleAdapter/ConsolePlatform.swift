import ChatPlatform
import Foundation
import Synchronization

/// Delivers the bot's messages to a terminal: numbered messages, numbered buttons, plain text.
/// A photo is written as a PNG file under ``ConsoleFiles/cards`` (`data/cards/` in the console
/// mode) and its path printed; that path is also the photo's stored id, so a picture posted again
/// is not written again. A photo changed in place (a card's style buttons) is printed again under
/// its own number, marked edited, as an edited text is. A document (`/export`) is written under ``ConsoleFiles/exports`` and its
/// path printed.
///
/// It remembers the buttons of every message so that `:press` can find them. A message's topic and
/// the message it replies to are not shown: the console chat has one thread, and the lines typed in
/// it are not numbered messages to point at.
public final class ConsolePlatform: ChatAddressedPlatform {
    private struct State {
        var nextMessage: Int64 = 1
        var buttons: [Int64: [Button]] = [:]
        var chats: [Int64: ChatID] = [:]
        var latestWithButtons: [ChatID: Int64] = [:]
    }

    private let state = Mutex(State())
    private let write: @Sendable (String) -> Void
    private let files: ConsoleFiles

    /// - Parameters:
    ///   - profile: the platform the console simulates (see ``profile``).
    ///   - firstMessageID: where message numbering starts (continue after earlier sessions, so that
    ///     ids stay unique in the chat's history).
    ///   - files: where photos and documents are written (folders created when the first one comes).
    ///   - write: receives each rendered block of text (already ending in a newline).
    public init(
        profile: PlatformProfile, firstMessageID: Int64 = 1, files: ConsoleFiles = ConsoleFiles(besideDatabase: "data/console.sqlite"),
        write: @escaping @Sendable (String) -> Void
    ) {
        self.profile = profile
        self.write = write
        self.files = files
        state.withLock { $0.nextMessage = max(firstMessageID, 1) }
    }

    /// The id the next posted message will get.
    public var nextMessageID: Int64 { state.withLock { $0.nextMessage } }

    /// What the console is like. It simulates a Telegram chat (the newcomer's preview of the bot there),
    /// so the composition root hands it Telegram's profile (limits, deep links that `:press` follows
    /// into the private chat, native reactions for `:react`, a main thread) without inline mode: the
    /// Telegram adapter stays the one place that knows those rules.
    public let profile: PlatformProfile

    /// A person's private chat in the console (``ConsoleSession/privateChat(of:)``).
    public static func privateChat(of person: UserID) -> ChatID { ConsoleSession.privateChat(of: person) }

    /// A pressed button's notice is printed under it; nothing else needs answering in a terminal.
    public func answer(_ interaction: Interaction, with answer: InteractionAnswer) async throws(DeliveryError) {
        guard case .handled(let notice?, _) = answer else { return }
        write("   ↳ \(notice)\n")
    }

    public func send(_ message: OutgoingMessage, to chat: ChatID) async throws(DeliveryError) -> MessageID {
        let id: Int64 = state.withLock { state in
            let id = state.nextMessage
            state.nextMessage += 1
            state.chats[id] = chat
            state.buttons[id] = message.buttons.flatMap { $0 }
            if !message.buttons.isEmpty { state.latestWithButtons[chat] = id }
            return id
        }
        write(Self.render(message, header: "🤖 #\(id)" + Self.where(chat)))
        return MessageID(id)
    }

    public func edit(_ message: MessageID, in chat: ChatID, to content: OutgoingMessage) async throws(DeliveryError) {
        let known = state.withLock { state in
            guard state.chats[message.rawValue] == chat else { return false }
            state.buttons[message.rawValue] = content.buttons.flatMap { $0 }
            return true
        }
        guard known else { throw .rejected(reason: "message to edit not found") }
        write(Self.render(content, header: "✏️ #\(message.rawValue) (edited)"))
    }

    /// Prints the message's new buttons on one line under a short header.
    public func editButtons(_ message: MessageID, in chat: ChatID, to buttons: [[Button]]) async throws(DeliveryError) {
        let flat = buttons.flatMap { $0 }
        let known = state.withLock { state in
            guard state.chats[message.rawValue] == chat else { return false }
            state.buttons[message.rawValue] = flat
            return true
        }
        guard known else { throw .rejected(reason: "message to edit not found") }
        write("🔢 #\(message.rawValue)\n" + Self.buttonLine(flat))
    }

    public func sendDocument(_ document: OutgoingDocument, to chat: ChatID) async throws(DeliveryError) -> MessageID {
        let id: Int64 = state.withLock { state in
            let id = state.nextMessage
            state.nextMessage += 1
            state.chats[id] = chat
            return id
        }
        let file = files.export(named: document.filename)
        do {
            try files.write(document.contents, to: file)
        } catch {
            throw .rejected(reason: "cannot write \(file.path): \(error)")
        }
        var block = "📎 #\(id)\(Self.where(chat)) \(file.path) (\(document.contents.count) bytes)\n"
        if let caption = document.caption { block += "   " + Self.plain(caption) + "\n" }
        write(block)
        return MessageID(id)
    }

    public func sendPhoto(_ photo: OutgoingPhoto, to chat: ChatID) async throws(DeliveryError) -> Delivered {
        let id: Int64 = state.withLock { state in
            let id = state.nextMessage
            state.nextMessage += 1
            state.chats[id] = chat
            state.buttons[id] = photo.buttons.flatMap { $0 }
            if !photo.buttons.isEmpty { state.latestWithButtons[chat] = id }
            return id
        }
        let path = try file(of: photo.image, new: files.card(message: id))
        write(Self.render(photo, header: "🖼 #\(id) \(path)"))
        return Delivered(message: MessageID(id), storedPhoto: StoredPhotoID(path))
    }

    /// Redraws photo message `message` with `photo`'s picture, caption and buttons under its own
    /// number (`✏️ #N (edited) path`), as a chat app changes the picture in place. A new picture gets a
    /// file of its own (``ConsoleFiles/newCard(replacing:)``): a file once printed keeps its picture,
    /// since its path is the photo's stored id.
    public func editPhoto(_ message: MessageID, in chat: ChatID, to photo: OutgoingPhoto) async throws(DeliveryError) -> Delivered {
        let known = state.withLock { $0.chats[message.rawValue] == chat }
        guard known else { throw .rejected(reason: "message to edit not found") }
        let path = try file(of: photo.image, new: files.newCard(replacing: message.rawValue))
        state.withLock { $0.buttons[message.rawValue] = photo.buttons.flatMap { $0 } }
        write(Self.render(photo, header: "✏️ #\(message.rawValue) (edited) \(path)"))
        return Delivered(message: nil, storedPhoto: StoredPhotoID(path))
    }

    /// The path a photo shows: a PNG written to `new`, or the stored photo's own path.
    private func file(of image: PhotoImage, new: URL) throws(DeliveryError) -> String {
        switch image {
        case .png(let bytes):
            do {
                try files.write(bytes, to: new)
            } catch {
                throw .rejected(reason: "cannot write \(new.path): \(error)")
            }
            return new.path
        case .stored(let stored):
            return stored.rawValue
        }
    }

    /// A photo's block: its header line, the caption indented, the buttons.
    static func render(_ photo: OutgoingPhoto, header: String) -> String {
        var block = header + "\n"
        if let caption = photo.caption {
            block += indented(plain(caption))
            block += "\n"
        }
        return block + buttonLine(photo.buttons.flatMap { $0 })
    }

    /// The payload of button `number` (1-based) on `message`, or on the chat's latest message with
    /// buttons when `message` is nil.
    public func button(_ number: Int, on message: Int64?, in chat: ChatID) -> (MessageID, Button)? {
        state.withLock { state in
            guard let id = message ?? state.latestWithButtons[chat], state.chats[id] == chat,
                let buttons = state.buttons[id], buttons.indices.contains(number - 1)
            else { return nil }
            return (MessageID(id), buttons[number - 1])
        }
    }

    static func render(_ message: OutgoingMessage, header: String) -> String {
        let body = indented(plain(message.text))
        var block = header + "\n" + body + "\n"
        block += buttonLine(message.buttons.flatMap { $0 })
        return block
    }

    /// Each line of `text` indented under its header; an empty line stays empty (no trailing blanks,
    /// which editors strip from a transcript pasted into a document).
    static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "   " + $0 }.joined(separator: "\n")
    }

    /// `   [1] 😂  [2] 🔥 1 …` and a newline; nothing without buttons. A button that opens the private
    /// chat says so with `↗`.
    static func buttonLine(_ buttons: [Button]) -> String {
        guard !buttons.isEmpty else { return "" }
        return "   "
            + buttons.enumerated().map { "[\($0.offset + 1)] \($0.element.label)\($0.element.startsPrivateChat == nil ? "" : " ↗")" }
            .joined(separator: "  ") + "\n"
    }

    /// ` (private)` after the header of what goes to a person's private chat; nothing in the group.
    static func `where`(_ chat: ChatID) -> String {
        chat == ConsoleSession.groupID ? "" : " (private)"
    }

    /// Plain-text rendering: mentions as `@name`, styles dropped.
    static func plain(_ text: RichText) -> String {
        text.spans.map { span in
            switch span {
            case .plain(let s), .bold(let s), .italic(let s), .code(let s): s
            case .mention(_, let name): "@" + name
            case .link(let url, let text): "\(text) <\(url)>"
            }
        }.joined()
    }
}
