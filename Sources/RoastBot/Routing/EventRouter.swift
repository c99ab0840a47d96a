import ChatPlatform
import Logging
import RoastCore
import RoastStore

/// The list of features: decodes each event once into a ``RoutedAction`` and hands it to the
/// feature that claimed it.
///
/// Commands go to the feature that declares them, `/start` with a deep link to the owner of the
/// link's tag, and button presses to the owner of their payload's tag; any other event to the first
/// feature that decodes it. Before a press reaches its feature, ``screen(_:_:_:)`` checks it against
/// the buttons the bot issued on that message and the person they are for. A personal command sent by no person (an anonymous admin, a channel),
/// an unknown command, a stale
/// button and an event nobody handles are answered here — an unknown command only in a private
/// chat, when addressed to this bot (`/cmd@ThisBot`), or on a platform where every command is an
/// interaction for it: in a Telegram group a bare one may be for another bot.
public struct EventRouter: Sendable {
    /// Every feature's commands, in order.
    public let menu: CommandMenu
    private let units: [any FeatureUnit]
    private let commandOwners: [String: Int]
    private let tagOwners: [String: Int]
    private let startLinkOwners: [String: Int]
    /// Commands about the sender themselves (``CommandSpec/personal``).
    private let personalCommands: Set<String>
    /// The features that may add replies to any action.
    private let companions: [any FeatureUnit]
    /// Every command comes as an interaction for this bot (``PlatformProfile/Interactions/commands``).
    private let commandsAreForThisBot: Bool
    private let logger: Logger

    /// - Precondition: no two features declare the same command or button tag.
    public init(features: [any Feature], platform: PlatformProfile, logger: Logger) {
        var commandOwners: [String: Int] = [:]
        var tagOwners: [String: Int] = [:]
        var startLinkOwners: [String: Int] = [:]
        for (index, feature) in features.enumerated() {
            for tag in feature.startLinks {
                precondition(startLinkOwners.updateValue(index, forKey: tag) == nil, "two features own the start link \(tag)")
            }
            for command in feature.commands {
                precondition(commandOwners.updateValue(index, forKey: command.name) == nil, "two features answer /\(command.name)")
            }
            for tag in feature.buttonTags {
                precondition(tagOwners.updateValue(index, forKey: tag) == nil, "two features own the button tag \(tag)")
            }
        }
        self.units = features.map { $0.unit() }
        self.menu = CommandMenu(features.flatMap(\.commands))
        self.companions = units.filter(\.accompanies)
        self.commandOwners = commandOwners
        self.tagOwners = tagOwners
        self.startLinkOwners = startLinkOwners
        self.personalCommands = Set(features.flatMap(\.commands).filter(\.personal).map(\.name))
        self.commandsAreForThisBot = platform.interactions.commands
        self.logger = logger
    }

    /// Decodes `envelope`'s event.
    public func decode(_ envelope: IncomingEnvelope) -> RoutedAction {
        switch envelope.event {
        case .command(let name, let arguments, _, let addressed):
            let traits = ActionTraits(isRequest: true, countsAsActivity: true)
            let words = TextNormalization.removingInvisibles(arguments).split(whereSeparator: { $0.isWhitespace }).prefix(16).map {
                String($0.prefix(64))
            }
            let command = name.lowercased()
            if envelope.actor.person == nil, personalCommands.contains(command) {
                return RoutedAction(target: .needsPerson, traits: ActionTraits(isRequest: true))
            }
            if command == "start", let first = words.first, let link = StartLink(parsing: first), let owner = startLinkOwners[link.tag],
                let decoded = units[owner].decode(.startLink(link))
            {
                return routed(owner, decoded, traits)
            }
            guard let owner = commandOwners[command], let decoded = units[owner].decode(.command(name: command, arguments: words))
            else {
                guard addressed || envelope.chat.kind == .privateChat || commandsAreForThisBot else {
                    logger.debug("unknown command not addressed to this bot; left to other bots", metadata: ["chat": "\(envelope.chat.id)"])
                    return RoutedAction(target: .ignored, traits: ActionTraits())
                }
                return RoutedAction(target: .unknownCommand(name: String(name.prefix(32))), traits: traits)
            }
            return routed(owner, decoded, traits)
        case .buttonPress(let data, let message):
            let traits = ActionTraits(countsAsActivity: true)
            guard let payload = CallbackPayload(parsing: data), let owner = tagOwners[payload.tag],
                let decoded = units[owner].decode(.button(payload, message: message))
            else { return RoutedAction(target: .staleButton, traits: traits) }
            return routed(owner, decoded, traits)
        case .mention, .reactionChange, .reactionAdded, .reactionRemoved, .botMembership, .memberChanged, .memberLeft, .migrated,
            .inlineQuery, .inlineChosen:
            let traits: ActionTraits
            switch envelope.event {
            case .mention: traits = ActionTraits(isRequest: true, countsAsActivity: true)
            case .reactionChange, .reactionAdded, .reactionRemoved: traits = ActionTraits(countsAsActivity: true)
            default: traits = ActionTraits()
            }
            for index in units.indices {
                if let decoded = units[index].decode(.event(envelope.event)) { return routed(index, decoded, traits) }
            }
            return RoutedAction(target: .ignored, traits: traits)
        }
    }

    /// A button press acts only on the message its button was issued on, and only for the person a
    /// personal panel's button is for: checked here, inside the event's transaction and before
    /// anything of the event is recorded or any feature runs, against the keyboards recorded when
    /// the bot's messages were delivered (``StoreTransaction/pressStanding(_:on:in:)``). A payload the
    /// message does not carry — forged by a modified client, or from a keyboard since replaced — is
    /// answered as stale; someone else's personal button (``CallbackPayload/owner``) with a notice.
    /// Messages posted before keyboards were recorded in the chat have nothing to check against.
    /// Every other action passes unchanged.
    public func screen(_ routed: RoutedAction, _ envelope: IncomingEnvelope, _ tx: borrowing StoreTransaction) throws -> RoutedAction {
        guard case .feature = routed.target, case .buttonPress(let data, let message) = envelope.event else { return routed }
        guard let message, try tx.pressStanding(data, on: message, in: envelope.chat.id) != .notIssued else {
            logger.info("button pressed on a message it was not issued on", metadata: ["chat": "\(envelope.chat.id)"])
            return RoutedAction(target: .staleButton, traits: ActionTraits())
        }
        if let owner = CallbackPayload(parsing: data)?.owner, owner != envelope.actor.person?.id {
            return RoutedAction(target: .notYourButton, traits: ActionTraits())
        }
        return routed
    }

    /// Whether `routed` is the sender's own interaction with the bot in `chat`, which keeps their
    /// profile and counts toward their streak: its traits say so at decoding, and the feature that
    /// handles it confirms it with the store (``Feature/confirmsActivity(_:in:_:)``). Asked inside the
    /// event's transaction before anything is recorded.
    public func countsAsActivity(_ routed: RoutedAction, in chat: ChatID, _ tx: borrowing StoreTransaction) throws -> Bool {
        guard routed.traits.countsAsActivity else { return false }
        guard case .feature(let index, let action) = routed.target else { return true }
        return try units[index].confirmsActivity(action, in: chat, tx)
    }

    /// Handles a decoded action inside the event's transaction, with whatever other features add to it.
    public func handle(_ routed: RoutedAction, _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64) throws
        -> HandlerOutcome
    {
        var outcome: HandlerOutcome
        switch routed.target {
        case .feature(let index, let action):
            outcome = try units[index].handle(action, context, tx, &random)
        case .unknownCommand(let name):
            outcome = HandlerOutcome(replies: [.send(OutgoingMessage(text: RichText(plain: context.words.unknownCommand(name))))])
        case .staleButton:
            logger.info("stale or forged button payload", metadata: ["chat": "\(context.chatID)"])
            outcome = HandlerOutcome(notice: context.privateWords.staleButton)
        case .notYourButton:
            outcome = HandlerOutcome(notice: context.privateWords.notYourButton)
        case .needsPerson:
            outcome = HandlerOutcome(replies: [.send(OutgoingMessage(text: RichText(plain: context.words.needsAPerson)))])
        case .ignored:
            outcome = .nothing
        }
        for companion in companions { outcome.accompanying += try companion.accompany(routed.traits, context, tx) }
        return outcome
    }

    private func routed(_ index: Int, _ decoded: (action: any Sendable, needs: ActionNeeds), _ traits: ActionTraits) -> RoutedAction {
        var traits = traits
        traits.needs = decoded.needs
        return RoutedAction(target: .feature(index: index, action: decoded.action), traits: traits)
    }
}
