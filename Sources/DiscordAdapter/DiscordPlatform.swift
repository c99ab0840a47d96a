import ChatPlatform
import DiscordAPI
import Foundation
import Logging
import Timekeeping

/// Delivers the bot's actions through Discord's REST API and answers its interactions within 3 seconds.
///
/// Interactions (slash commands, button presses) arrive with a token that only this adapter keeps
/// (``observe(_:)``); the core names one by its id (``Interaction``). Then:
/// - ``answer(_:with:)`` `.deferred` sends the deferred response (type 5 "thinking…" for a command, type 6 for a
///   press); `.handled` with a notice answers it to the person alone (ephemeral), and with nothing to say
///   acknowledges a press silently. When replies follow, they are the answer. Whatever happens, an interaction
///   nothing answered within ``answerDeadline`` of receipt gets the deferred response, so that nobody sees
///   "This interaction failed".
/// - A reply marked with the interaction (``Destination/interaction``) is its answer: a command's public reply
///   edits `@original` after a deferred response (so that its message id is known: a roast's buttons and
///   reactions need it), further parts and replies are follow-ups; an edit of the pressed message is the press's
///   type-7 update; a reply for one person (``Destination/person``) is an ephemeral answer or follow-up.
/// - Without a live interaction (none, unknown after a restart, past its token's 15 minutes, or refused as too
///   late) a reply goes to its channel (the message's topic), a person's to their DM channel (opened once with
///   `createDM` and kept, ``DiscordDirectory``).
/// - A forum or media channel holds only threads: a message for one (a scheduled post, whose topic is the forum when
///   the bot was last used in one of its posts, see ``IncomingEnvelope/newPostTopic``) is a new post of the forum,
///   named after its first line, with the message as the post's first message (`POST /channels/{forum}/threads`). A
///   reply in a forum's post stays in that post (its thread).
///
/// Every message carries `allowed_mentions` with `parse: []`: only the people the text mentions on purpose are
/// notified, never @everyone, @here or a role. Long text is split at 2,000 characters (``DiscordRenderer``).
/// Failures: network faults, 5xx and rate limits the client could not wait out → ``DeliveryError/unavailable(reason:)``
/// (the outbox tries again); a DM the person refuses → ``DeliveryError/chatUnavailable``; any other refusal →
/// ``DeliveryError/rejected(reason:)`` with Discord's reason (never the text or a token).
public struct DiscordPlatform: ChatPlatform {
    /// How long after receipt an interaction with replies still on their way waits for them before it is deferred:
    /// Discord's 3 seconds count from its dispatch, a little before the bot received it.
    public static let answerDeadline = Duration.milliseconds(1_200)
    /// How long an interaction's token is used for follow-ups after receipt (Discord: 15 minutes), with a margin.
    public static let tokenLifetime = Duration.seconds(14 * 60 + 30)
    /// The content of an answer that has nothing else to say (a command whose only reply went to the person alone).
    public static let doneMark = "✅"

    private let client: DiscordClient
    private let renderer: DiscordRenderer
    private let ledger = InteractionLedger()
    /// DM channels, messages' channels, servers, people, as learnt from events and deliveries.
    public let directory: DiscordDirectory
    private let clock: any WallClock
    private let logger: Logger
    public let profile = DiscordPlatform.standardProfile

    public init(
        client: DiscordClient, directory: DiscordDirectory = DiscordDirectory(), clock: any WallClock = SystemClock(),
        logger: Logger = Logger(label: "roastbot.discord.delivery")
    ) {
        self.client = client
        self.renderer = DiscordRenderer(limit: Self.messageLimit)
        self.directory = directory
        self.clock = clock
        self.logger = logger
    }

    /// Learns the bot's commands as it publishes them: which answer the person alone (``MenuCommand/answersPrivately``),
    /// so that such a command, deferred, shows its "thinking…" to that person alone.
    public func learn(_ menu: [MenuCommand]) async {
        await ledger.learnPrivateCommands(Set(menu.filter(\.answersPrivately).map(\.name)))
    }

    // MARK: Events

    /// Learns from a dispatch before it is translated: an interaction's token (kept in memory, under its id), the
    /// DM channel a person used, the channel of the message a button or reaction is on, the servers, people's names,
    /// the servers' channels and threads (which are forums, which threads are a forum's posts).
    public func observe(_ dispatch: DiscordDispatch) async {
        switch dispatch {
        case .interactionCreate(let interaction):
            let entry = InteractionLedger.Entry(
                id: interaction.id, applicationID: interaction.applicationID, token: interaction.token,
                isButtonPress: interaction.type == .messageComponent, message: interaction.message?.id,
                channel: interaction.message?.channelID ?? interaction.channelID, receivedAt: clock.uptime)
            let handle = DiscordEventTranslator.interaction(interaction.id)
            var command: String?
            if case .command(let invocation) = interaction.payload { command = invocation.name }
            await ledger.record(entry, handle: handle.handle, command: command, lifetime: Self.tokenLifetime)
            // Whatever happens to the event (queued behind others, a slow store, a crash of its handler), the
            // interaction is deferred before Discord's 3 seconds are up.
            armDeadline(handle)
            if let message = interaction.message { directory.remember(MessageID(message.id.rawValue), in: message.channelID) }
            if let channel = interaction.channel { directory.remember(channel) }
            if let guild = interaction.guildID {
                directory.rememberServer(ChatID(guild.rawValue))
            } else if let user = interaction.user, let channel = interaction.channelID {
                directory.rememberDM(channel, of: UserID(user.id.rawValue))
            }
            if let invoker = interaction.invoker {
                directory.remember(DiscordEventTranslator.person(invoker, locale: interaction.locale, nick: interaction.member?.nick))
            }
        case .messageCreate(let message):
            if let guild = message.guildID {
                directory.rememberServer(ChatID(guild.rawValue))
            } else if message.isFromPerson {
                directory.rememberDM(message.channelID, of: UserID(message.author.id.rawValue))
            }
            if message.isFromPerson {
                directory.remember(DiscordEventTranslator.person(message.author, locale: nil, nick: message.member?.nick))
            }
        case .messageReactionAdd(let reaction):
            directory.remember(MessageID(reaction.messageID.rawValue), in: reaction.channelID)
            if let guild = reaction.guildID { directory.rememberServer(ChatID(guild.rawValue)) }
            if let user = reaction.member?.user, !user.isBot {
                directory.remember(DiscordEventTranslator.person(user, locale: nil, nick: reaction.member?.nick))
            }
        case .guildCreate(let guild):
            directory.rememberServer(ChatID(guild.id.rawValue))
            for channel in guild.channels + guild.threads { directory.remember(channel) }
        case .channelCreate(let channel), .channelUpdate(let channel), .threadCreate(let channel), .threadUpdate(let channel):
            directory.remember(channel)
        case .channelDelete(let channel), .threadDelete(let channel):
            directory.forgetChannel(channel.id)
        case .threadListSync(let sync):
            for thread in sync.threads { directory.remember(thread) }
        default:
            break
        }
    }

    /// ``observe(_:)`` then `translator`'s translation, with the people this platform has seen.
    public func receive(_ dispatch: DiscordDispatch, with translator: DiscordEventTranslator) async -> DiscordEventTranslator.Translation {
        await observe(dispatch)
        let directory = directory
        return translator.translate(
            dispatch, receivedAt: clock.now, knownPerson: { directory.person($0) }, newPostChannel: { directory.newPostChannel(from: $0) })
    }

    // MARK: Answers

    public func answer(_ interaction: Interaction, with answer: InteractionAnswer) async throws(DeliveryError) {
        // Replies to come and nothing to say: the replies are the answer (and the deadline's deferral covers them).
        // Not waiting for the interaction here keeps a reply in flight — waiting out a rate limit — from holding the
        // caller, which applies the chat's next events after this.
        if case .handled(notice: nil, let replies) = answer, replies > 0 { return }
        _ = try await withInteraction(interaction) { entry throws(DeliveryError) in
            switch answer {
            case .deferred:
                try await acknowledge(&entry)
            case .handled(let notice, let replies):
                if notice != nil, replies > 0, entry.isButtonPress {
                    // The press's replies (the message with its new counts) are its answer: a notice too would be an
                    // ephemeral message per press, which stays on screen (no toast on Discord) and spends the
                    // follow-up limit Discord shares across the whole bot.
                    logger.debug("press notice left out: its replies answer it", metadata: ["interaction": "\(entry.id)"])
                } else if let notice {
                    try await answerPrivately(notice, &entry, replacingThinking: replies == 0)
                } else if replies == 0 {
                    try await finish(&entry)
                }
            }
        }
    }

    /// Sends the deferred response, if nothing answered yet: for a command, a "thinking…" seen by whoever will see
    /// its answer — the person alone for a command whose answers are theirs (``learn(_:)``), unless `publicly`.
    private func acknowledge(_ entry: inout InteractionLedger.Entry, publicly: Bool = false) async throws(DeliveryError) {
        guard entry.response == .none else { return }
        let privately = entry.answersPrivately && !publicly
        let response: DiscordInteractionResponse = entry.isButtonPress ? .deferredUpdate : .deferredMessage(ephemeral: privately)
        guard try await callback(response, files: [], &entry) else { return }
        entry.response = entry.isButtonPress ? .deferredUpdate : privately ? .deferredPrivately : .deferredMessage
    }

    /// `notice` for the person alone: the answer itself, or an ephemeral follow-up; after a deferred command with
    /// nothing else to come, the "thinking…" becomes the notice.
    private func answerPrivately(_ notice: String, _ entry: inout InteractionLedger.Entry, replacingThinking: Bool)
        async throws(DeliveryError)
    {
        let part = DiscordRenderedPart(content: DiscordRenderer.escape(notice))
        switch entry.response {
        case .none:
            if try await callback(.message(part.payload(flags: .ephemeral)), files: [], &entry) { entry.response = .answered }
        case .deferredMessage where replacingThinking, .deferredPrivately:
            // Their own "thinking…" becomes the notice (replies to come follow it).
            if try await editOriginal(part.payload(), files: [], &entry) != nil { entry.response = .answered }
        case .deferredMessage:
            // A follow-up now would replace the public "thinking…" that the replies are about to fill.
            logger.notice("notice dropped: the deferred answer's replies follow", metadata: ["interaction": "\(entry.id)"])
        case .deferredUpdate, .answered:
            _ = try await followup(part.payload(flags: .ephemeral), files: [], &entry)
        case .gone:
            break
        }
    }

    /// Handled with nothing to say: a press is acknowledged silently; a command gets a mark (to the person alone,
    /// or in place of its "thinking…").
    private func finish(_ entry: inout InteractionLedger.Entry) async throws(DeliveryError) {
        let mark = DiscordRenderedPart(content: Self.doneMark)
        switch entry.response {
        case .none where entry.isButtonPress:
            try await acknowledge(&entry)
        case .none:
            if try await callback(.message(mark.payload(flags: .ephemeral)), files: [], &entry) { entry.response = .answered }
        case .deferredMessage, .deferredPrivately:
            if try await editOriginal(mark.payload(), files: [], &entry) != nil { entry.response = .answered }
        case .deferredUpdate, .answered, .gone:
            break
        }
    }

    /// Defers `interaction` if nothing answered it by ``answerDeadline`` after receipt.
    private func armDeadline(_ interaction: Interaction) {
        Task { [ledger, clock] in
            guard let receivedAt = await ledger.receivedAt(interaction.handle) else { return }
            try? await clock.sleep(untilUptime: receivedAt + Self.answerDeadline)
            do {
                _ = try await withInteraction(interaction) { entry throws(DeliveryError) in try await acknowledge(&entry) }
            } catch {
                logger.notice("interaction deferral failed", metadata: ["error": "\(error)"])
            }
        }
    }

    // MARK: Deliveries

    public func perform(_ action: PlatformAction, at destination: Destination) async throws(DeliveryError) -> Delivered {
        if let interaction = destination.interaction {
            let answered = try await withInteraction(interaction) { entry throws(DeliveryError) -> Delivered? in
                try await performAnswering(action, at: destination, &entry)
            }
            if case .some(.some(let delivered)) = answered { return delivered }
        }
        return try await performInChannel(action, at: destination)
    }

    /// `action` as the interaction's answer; nil when it goes to the channel instead (an edit of another message,
    /// an interaction Discord no longer knows).
    private func performAnswering(_ action: PlatformAction, at destination: Destination, _ entry: inout InteractionLedger.Entry)
        async throws(DeliveryError) -> Delivered?
    {
        let isPrivate = destination.person != nil
        switch action {
        case .send(let message):
            return try await post(try rendered(message), files: [], privately: isPrivate, &entry)
        case .document(let document):
            let part = document.caption.map(renderer.caption) ?? DiscordRenderedPart(content: "")
            return try await post([part], files: [Self.file(document)], privately: isPrivate, &entry)
        case .photo(let photo):
            var part = photo.caption.map(renderer.caption) ?? DiscordRenderedPart(content: "")
            part.components = try components(photo.buttons)
            return try await post([part], files: [try Self.file(photo)], privately: isPrivate, &entry)
        case .edit(let target, let message):
            guard entry.isButtonPress, entry.response == .none, entry.message == DiscordMessageID(target.rawValue) else { return nil }
            let parts = try rendered(message)
            var payload = parts[0].payload()
            payload.components = parts[parts.count - 1].components
            guard try await callback(.updateMessage(payload), files: [], &entry) else { return nil }
            entry.response = .answered
            return Delivered(message: nil)
        case .editButtons(let target, let buttons):
            guard entry.isButtonPress, entry.response == .none, entry.message == DiscordMessageID(target.rawValue) else { return nil }
            let payload = DiscordMessagePayload(components: try components(buttons))
            guard try await callback(.updateMessage(payload), files: [], &entry) else { return nil }
            entry.response = .answered
            return Delivered(message: nil)
        case .editPhoto:
            // A new picture in place of the old one is an edit of the message in its channel (the press itself
            // was already acknowledged by the deferral).
            return nil
        }
    }

    /// Posts `parts` as the interaction's answer: the first answer (ephemeral for one person; for a public reply a
    /// deferred response, then `@original` for a command), then follow-ups. The files go with the last part.
    private func post(_ parts: [DiscordRenderedPart], files: [DiscordFile], privately: Bool, _ entry: inout InteractionLedger.Entry)
        async throws(DeliveryError) -> Delivered?
    {
        // A "thinking…" seen by others than the answer: the first follow-up would replace it, seen as it was
        // (Discord's rule) — a private answer in public, or a public one hidden — so the thinking becomes a mark first
        // and the answer follows as a message of its own.
        if entry.response == (privately ? .deferredMessage : .deferredPrivately) {
            let mark = DiscordRenderedPart(content: Self.doneMark)
            guard try await editOriginal(mark.payload(), files: [], &entry) != nil else { return nil }
            entry.response = .answered
        }
        var last: DiscordMessageID?
        for (index, part) in parts.enumerated() {
            let attached = index == parts.count - 1 ? files : []
            let payload = part.payload(flags: privately ? .ephemeral : nil)
            if entry.response == .none {
                if privately {
                    guard try await callback(.message(payload), files: attached, &entry) else { return try gone(at: index) }
                    entry.response = .answered
                    continue
                }
                try await acknowledge(&entry, publicly: true)
            }
            let sent: DiscordMessage?
            switch entry.response {
            case .gone:
                return try gone(at: index)
            case .deferredMessage where !privately, .deferredPrivately where privately:
                // The thinking takes the answer (already seen only by whom the answer is for).
                sent = try await editOriginal(part.payload(), files: attached, &entry)
                if sent != nil { entry.response = .answered }
            default:
                sent = try await followup(payload, files: attached, &entry)
            }
            guard let message = sent else { return try gone(at: index) }
            directory.remember(MessageID(message.id.rawValue), in: message.channelID)
            if !privately { last = message.id }
        }
        return Delivered(message: last.map { MessageID($0.rawValue) })
    }

    /// The interaction went away while its answer was being posted: before the first part, the delivery goes to the
    /// channel instead (nil); after it, the rest cannot follow, and the delivery is refused rather than posted twice.
    private func gone(at index: Int) throws(DeliveryError) -> Delivered? {
        guard index == 0 else { throw .rejected(reason: "the interaction expired while its answer was being posted") }
        return nil
    }

    /// `action` in its channel (its topic, the person's DM channel, a DM chat), without an interaction.
    private func performInChannel(_ action: PlatformAction, at destination: Destination) async throws(DeliveryError) -> Delivered {
        // Only a private destination is unavailable for good when Discord refuses it: a server's refusal concerns one
        // channel, and the server's removal comes as GUILD_DELETE. A chat not known as a DM channel (after a restart)
        // counts as a server's.
        let isPrivate = destination.person != nil || directory.isDMChannel(destination.chat)
        switch action {
        case .send(let message):
            let channel = try await channel(for: destination, topic: message.topic)
            let payloads = try rendered(message).enumerated().map { index, part in
                let reference = index == 0 ? message.replyTo.map { DiscordMessageReference.reply(to: DiscordMessageID($0.rawValue)) } : nil
                return part.payload(flags: message.silent ? .suppressNotifications : nil, reference: reference)
            }
            let sent = try await post(payloads, files: [], in: channel, named: message.text, privately: isPrivate)
            return Delivered(message: MessageID(sent.rawValue))
        case .document(let document):
            let channel = try await channel(for: destination, topic: document.topic)
            var payload = (document.caption.map(renderer.caption) ?? DiscordRenderedPart(content: "")).payload()
            payload.reference = document.replyTo.map { .reply(to: DiscordMessageID($0.rawValue)) }
            let name = document.caption ?? RichText(plain: document.filename)
            let sent = try await post([payload], files: [Self.file(document)], in: channel, named: name, privately: isPrivate)
            return Delivered(message: MessageID(sent.rawValue))
        case .photo(let photo):
            let channel = try await channel(for: destination, topic: photo.topic)
            var part = photo.caption.map(renderer.caption) ?? DiscordRenderedPart(content: "")
            part.components = try components(photo.buttons)
            let payload = part.payload(reference: photo.replyTo.map { .reply(to: DiscordMessageID($0.rawValue)) })
            let sent = try await post(
                [payload], files: [try Self.file(photo)], in: channel, named: photo.caption ?? RichText(), privately: isPrivate)
            return Delivered(message: MessageID(sent.rawValue))
        case .edit(let target, let message):
            let channel = try await channel(of: target, for: destination, topic: message.topic)
            let parts = try rendered(message)
            var payload = parts[0].payload()
            payload.components = parts[parts.count - 1].components
            try await edit(target, in: channel, payload, privately: isPrivate)
            return Delivered(message: nil)
        case .editButtons(let target, let buttons):
            let channel = try await channel(of: target, for: destination, topic: nil)
            try await edit(target, in: channel, DiscordMessagePayload(components: try components(buttons)), privately: isPrivate)
            return Delivered(message: nil)
        case .editPhoto(let target, let photo):
            let channel = try await channel(of: target, for: destination, topic: photo.topic)
            var part = photo.caption.map(renderer.caption) ?? DiscordRenderedPart(content: "")
            part.components = try components(photo.buttons)
            var payload = part.payload()
            // The new picture replaces the one on the message: no earlier attachment stays.
            payload.keptAttachments = []
            try await edit(target, in: channel, payload, files: [try Self.file(photo)], privately: isPrivate)
            return Delivered(message: nil)
        }
    }

    // MARK: Channels

    /// Where a delivery goes without an interaction: the person's DM channel, else the topic (a server's channel or
    /// thread), else the chat itself when it is a DM channel. A server has no main channel: without a topic there
    /// is nowhere to post.
    private func channel(for destination: Destination, topic: TopicID?) async throws(DeliveryError) -> DiscordChannelID {
        if let person = destination.person { return try await dmChannel(of: person) }
        if let topic { return DiscordChannelID(topic.rawValue) }
        guard !directory.isServer(destination.chat) else { throw .rejected(reason: "no channel of the server to post in") }
        return DiscordChannelID(destination.chat.rawValue)
    }

    /// The channel of one of the bot's messages: as remembered when it was posted or seen, else as the delivery says —
    /// and when that is a forum, which holds no message of its own, the post the message starts (its thread has the
    /// id of its first message).
    private func channel(of message: MessageID, for destination: Destination, topic: TopicID?) async throws(DeliveryError)
        -> DiscordChannelID
    {
        if let known = directory.channel(of: message) { return known }
        let channel = try await channel(for: destination, topic: topic)
        return directory.holdsOnlyThreads(channel) ? DiscordChannelID(message.rawValue) : channel
    }

    /// The DM channel with `person`: opened once, then kept.
    private func dmChannel(of person: UserID) async throws(DeliveryError) -> DiscordChannelID {
        if let known = directory.dmChannel(of: person) { return known }
        do {
            let channel = try await client.createDM(with: DiscordUserID(person.rawValue))
            directory.rememberDM(channel.id, of: person)
            return channel.id
        } catch {
            throw decision(for: error, privately: true)
        }
    }

    // MARK: Requests

    /// Posts `payloads` in `channel`, the files with the last one, and returns the last message's id. In a channel
    /// that holds only threads (a forum or media channel) the post is a new thread named after `text`'s first line
    /// (``DiscordRenderer/postName(of:)``): its first message (whose id is the thread's) is the first payload, the
    /// others follow in it, and nothing there is a reply. A channel not known as one, which Discord refuses as a
    /// forum (40058: nothing was posted), is learnt as one and posted in that way.
    private func post(
        _ payloads: [DiscordMessagePayload], files: [DiscordFile], in channel: DiscordChannelID, named text: RichText, privately: Bool
    ) async throws(DeliveryError) -> DiscordMessageID {
        var rest = payloads[...]
        var target = channel
        var last: DiscordMessageID?
        if directory.holdsOnlyThreads(channel) {
            (target, last) = try await startPost(rest.removeFirst(), files: rest.isEmpty ? files : [], in: channel, named: text)
        } else if let first = rest.first {
            do {
                let message = try await client.createMessage(in: channel, first, files: rest.count == 1 ? files : [])
                directory.remember(MessageID(message.id.rawValue), in: message.channelID)
                last = message.id
                rest.removeFirst()
            } catch let refusal where !privately && Self.isForumRefusal(refusal) {
                logger.notice("the channel is a forum: the message starts a post", metadata: ["channel": "\(channel)"])
                directory.rememberForum(channel)
                (target, last) = try await startPost(rest.removeFirst(), files: rest.isEmpty ? files : [], in: channel, named: text)
            } catch {
                throw decision(for: error, privately: privately)
            }
        }
        while let payload = rest.popFirst() {
            last = try await create(payload, files: rest.isEmpty ? files : [], in: target, privately: privately).id
        }
        guard let last else { throw .rejected(reason: "nothing to post") }
        return last
    }

    /// Starts a post (a thread) in the forum `channel` with `payload` as its first message: returns the thread and the
    /// first message's id (the thread's own, on Discord).
    private func startPost(_ payload: DiscordMessagePayload, files: [DiscordFile], in channel: DiscordChannelID, named text: RichText)
        async throws(DeliveryError) -> (thread: DiscordChannelID, message: DiscordMessageID)
    {
        var payload = payload
        // A forum post answers nothing: its first message cannot be a reply.
        payload.reference = nil
        do {
            let started = try await client.startForumThread(
                in: channel, name: DiscordRenderer.postName(of: text), message: payload, files: files)
            var thread = started.thread
            thread.parentID = thread.parentID ?? channel
            directory.remember(thread)
            let message = started.message?.id ?? DiscordMessageID(thread.id.rawValue)
            directory.remember(MessageID(message.rawValue), in: thread.id)
            return (thread.id, message)
        } catch {
            throw decision(for: error, privately: false)
        }
    }

    private func create(_ payload: DiscordMessagePayload, files: [DiscordFile], in channel: DiscordChannelID, privately: Bool)
        async throws(DeliveryError) -> DiscordMessage
    {
        do {
            let message = try await client.createMessage(in: channel, payload, files: files)
            directory.remember(MessageID(message.id.rawValue), in: message.channelID)
            return message
        } catch {
            throw decision(for: error, privately: privately)
        }
    }

    private func edit(
        _ message: MessageID, in channel: DiscordChannelID, _ payload: DiscordMessagePayload, files: [DiscordFile] = [], privately: Bool
    ) async throws(DeliveryError) {
        do {
            _ = try await client.editMessage(DiscordMessageID(message.rawValue), in: channel, payload, files: files)
        } catch {
            throw decision(for: error, privately: privately)
        }
    }

    /// The interaction's callback: true when sent; false when Discord no longer takes it (too late, expired, already
    /// answered), and the interaction is then ``InteractionLedger/Response/gone``.
    private func callback(_ response: DiscordInteractionResponse, files: [DiscordFile], _ entry: inout InteractionLedger.Entry)
        async throws(DeliveryError) -> Bool
    {
        do {
            try await client.createInteractionResponse(to: entry.id, token: entry.token, response: response, files: files)
            return true
        } catch {
            return try interactionGone(error, &entry)
        }
    }

    /// `@original` edited; nil when the interaction is gone.
    private func editOriginal(_ payload: DiscordMessagePayload, files: [DiscordFile], _ entry: inout InteractionLedger.Entry)
        async throws(DeliveryError) -> DiscordMessage?
    {
        do {
            return try await client.editOriginalInteractionResponse(
                application: entry.applicationID, token: entry.token, payload: payload, files: files)
        } catch {
            _ = try interactionGone(error, &entry)
            return nil
        }
    }

    /// A follow-up posted; nil when the interaction is gone.
    private func followup(_ payload: DiscordMessagePayload, files: [DiscordFile], _ entry: inout InteractionLedger.Entry)
        async throws(DeliveryError) -> DiscordMessage?
    {
        do {
            return try await client.createFollowupMessage(
                application: entry.applicationID, token: entry.token, payload: payload, files: files)
        } catch {
            _ = try interactionGone(error, &entry)
            return nil
        }
    }

    /// False, with the interaction marked gone, when `error` says Discord no longer takes answers for it; else the
    /// error's decision is thrown.
    private func interactionGone(_ error: DiscordError, _ entry: inout InteractionLedger.Entry) throws(DeliveryError) -> Bool {
        switch error {
        case .unknownInteraction, .interactionExpired, .interactionAlreadyAcknowledged:
            logger.warning("interaction no longer answerable", metadata: ["interaction": "\(entry.id)", "error": "\(error)"])
            entry.response = .gone
            return false
        default:
            throw decision(for: error, privately: false)
        }
    }

    /// Runs `body` with the interaction held (see ``InteractionLedger``); nil when the interaction is unknown or its
    /// token too old to use (it is then forgotten).
    private func withInteraction<Result: Sendable>(
        _ interaction: Interaction, _ body: (inout InteractionLedger.Entry) async throws(DeliveryError) -> Result
    ) async throws(DeliveryError) -> Result? {
        guard var entry = await ledger.acquire(interaction.handle) else { return nil }
        guard clock.uptime - entry.receivedAt < Self.tokenLifetime else {
            await ledger.release(interaction.handle, nil)
            return nil
        }
        let outcome: Swift.Result<Result, DeliveryError>
        do {
            outcome = .success(try await body(&entry))
        } catch {
            outcome = .failure(error)
        }
        await ledger.release(interaction.handle, entry)
        return try outcome.get()
    }

    // MARK: Rendering

    private func rendered(_ message: OutgoingMessage) throws(DeliveryError) -> [DiscordRenderedPart] {
        do {
            return try renderer.render(message)
        } catch {
            logger.error("message cannot be rendered for Discord", metadata: ["error": "\(error)"])
            throw .rejected(reason: "unrenderable message: \(error)")
        }
    }

    private func components(_ buttons: [[Button]]) throws(DeliveryError) -> [DiscordActionRow] {
        do {
            return try renderer.components(buttons)
        } catch {
            logger.error("buttons cannot be rendered for Discord", metadata: ["error": "\(error)"])
            throw .rejected(reason: "unrenderable buttons: \(error)")
        }
    }

    static func file(_ document: OutgoingDocument) -> DiscordFile {
        let type =
            switch document.filename.split(separator: ".").last?.lowercased() {
            case "json": "application/json"
            case "csv": "text/csv"
            case "txt": "text/plain"
            case "png": "image/png"
            default: "application/octet-stream"
            }
        return DiscordFile(filename: document.filename, contentType: type, data: document.contents)
    }

    /// A photo as an upload. Discord keeps no reusable photo id (an attachment's address expires), so
    /// ``Delivered/storedPhoto`` is never set and every photo arrives as a PNG.
    static func file(_ photo: OutgoingPhoto) throws(DeliveryError) -> DiscordFile {
        guard case .png(let bytes) = photo.image else { throw .rejected(reason: "Discord keeps no stored photos") }
        return .png(filename: "roastmelater.png", data: bytes)
    }

    // MARK: Failures

    /// Discord's refusal of a message in a channel that holds only threads: 40058 "Cannot send a message in a forum
    /// channel" (<https://discord.com/developers/docs/topics/opcodes-and-status-codes#json-json-error-codes>).
    static func isForumRefusal(_ error: DiscordError) -> Bool {
        if case .api(_, 40058, _) = error { return true }
        return false
    }

    /// The outcome the bot must act on. A private destination the bot cannot write to is unavailable for good; a
    /// channel of a server that refuses is a refusal of this message (the server itself stays: its removal comes as
    /// GUILD_DELETE).
    private func decision(for error: DiscordError, privately: Bool) -> DeliveryError {
        if case .network(.cancelled) = error { return .cancelled }
        if Task.isCancelled { return .cancelled }
        if error.isRetryable { return .unavailable(reason: error.description) }
        if error == .unauthorized { return .unavailable(reason: "Discord refused the bot token") }
        if privately, error.isDestinationUnavailable { return .chatUnavailable }
        return .rejected(reason: error.description)
    }
}
