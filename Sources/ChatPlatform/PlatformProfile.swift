/// What a platform is like, as its adapter tells the core once: the core asks this value wherever a
/// platform's rules matter (how long a message may be, how a person is reached privately, whether
/// commands must be answered, what a native reaction means) instead of knowing any platform.
///
/// Each adapter supplies its own (`TelegramPlatform.profile(botUsername:)`, the console's, the test
/// platform's); ``ChatPlatform/profile`` hands it to the core.
public struct PlatformProfile: Sendable, Hashable {
    /// The platform's name as people know it ("Telegram"), for the few sentences that name it.
    public var name: String
    /// The most visible text one message holds, in UTF-16 code units (see ``MessageSplitter``):
    /// Telegram 4,000 (its 4,096 less a margin), Discord 2,000. The core keeps the messages it
    /// composes within it where it can (it merges an announcement into an answer only when both
    /// fit); the adapter splits anything longer.
    public var messageLimit: Int
    /// The most visible text of a photo's or a file's caption, in UTF-16 code units (Telegram 1,000,
    /// its 1,024 less a margin). A longer caption is cut by the adapter, never split.
    public var captionLimit: Int
    /// The largest payload a button carries back, in bytes of UTF-8 (Telegram's `callback_data`: 64;
    /// Discord's `custom_id`: 100 characters). The adapter owns the rule and refuses a message whose
    /// payload exceeds it; the core keeps its payloads short (tags and ids).
    public var buttonPayloadLimit: Int
    /// How a person's private chat with the bot comes to exist.
    public var privateChats: PrivateChats
    /// Which events must be answered, by when, and how.
    public var interactions: Interactions
    /// Links that open the bot's private chat with a start payload (``Button/startsPrivateChat``);
    /// nil when the platform has none (Discord), and the core answers privately in place instead.
    public var deepLinks: DeepLinks?
    /// Whether people can ask the bot from any chat by typing its name (Telegram's inline mode):
    /// the platform then delivers ``IncomingEvent/inlineQuery(id:query:)`` events.
    public var inlineMode: Bool
    /// What the platform's own reactions mean to the bot.
    public var reactions: NativeReactions
    /// Whether a chat has a main thread where the bot's scheduled posts (Roast of the Day, reminders,
    /// banners) go when no topic was picked for them (a Telegram group; a forum's General topic).
    /// Without one (a Discord server, whose messages are all in some channel) they go to the picked
    /// topic, else to the one where the bot was last asked something, else nowhere.
    public var hasMainThread: Bool
    /// Which of a chat's deliveries wait for one another: what the platform's rate limits hold together.
    public var deliveryLanes: DeliveryLanes

    public init(
        name: String, messageLimit: Int, captionLimit: Int, buttonPayloadLimit: Int, privateChats: PrivateChats,
        interactions: Interactions, deepLinks: DeepLinks?, inlineMode: Bool, reactions: NativeReactions, hasMainThread: Bool,
        deliveryLanes: DeliveryLanes = .perChat
    ) {
        self.name = name
        self.messageLimit = messageLimit
        self.captionLimit = captionLimit
        self.buttonPayloadLimit = buttonPayloadLimit
        self.privateChats = privateChats
        self.interactions = interactions
        self.deepLinks = deepLinks
        self.inlineMode = inlineMode
        self.reactions = reactions
        self.hasMainThread = hasMainThread
        self.deliveryLanes = deliveryLanes
    }
}

extension PlatformProfile {
    /// How a private chat between a person and the bot comes to exist. Whatever the rule, the core
    /// addresses a person privately by ``Destination/person`` and the adapter finds the chat.
    public enum PrivateChats: Sendable, Hashable {
        /// Only the person can start it (Telegram: a bot cannot write to someone who never started
        /// it): the bot reaches a person privately once they have used their private chat with it.
        case openedByThePerson
        /// The bot can open one with anyone it shares a chat with (Discord's DM channels, which the
        /// adapter opens and keeps).
        case openedByTheBot
    }

    /// What the platform expects of the bot when an event is an interaction
    /// (``IncomingEnvelope/interaction``). The core answers every event that carries one.
    public struct Interactions: Sendable, Hashable {
        /// Every command comes as an interaction meant for this bot and must be answered (Discord's
        /// slash commands); false when only button presses are (Telegram's callback queries).
        public var commands: Bool
        /// How long after the event the platform stops waiting for the first answer (Discord: 3 s,
        /// after which the person sees "This interaction failed"). When the outcome is not ready at
        /// half of it, the core answers ``InteractionAnswer/deferred`` first. Nil: no deadline the bot
        /// must meet.
        public var deadline: Duration?
        /// Whether an answer can be shown to the person alone, in place (Discord's ephemeral
        /// messages): personal data is then answered there instead of in a private chat.
        public var privateAnswers: Bool

        public init(commands: Bool, deadline: Duration?, privateAnswers: Bool) {
            self.commands = commands
            self.deadline = deadline
            self.privateAnswers = privateAnswers
        }
    }

    /// Which deliveries of one chat go one after another (a lane), and which side by side: a delivery
    /// waiting out a rate limit (or a failure) holds back only its own lane. Within a lane, order is
    /// kept: replies before broadcasts, each oldest first, and a burst of edits of one message coalesced.
    public enum DeliveryLanes: Sendable, Hashable {
        /// A chat is one lane (Telegram: its send limit is per chat, about 20 messages a minute in a
        /// group, so another lane would only wait on the same limit).
        case perChat
        /// The platform limits per route (Discord: a channel's messages, an interaction's token), so a
        /// chat has lanes: the deliveries answering one interaction are a lane, the edits of one
        /// message are a lane (so that the last edit shown is the newest, whichever interaction
        /// caused it), and the chat's other deliveries (scheduled posts) one more.
        case perInteractionAndMessage
    }

    /// Links into the bot's private chat that start it with a payload (Telegram: `t.me/<bot>?start=`).
    public struct DeepLinks: Sendable, Hashable {
        /// The public address without the payload, which share cards print so that whoever sees one
        /// can open the bot (`t.me/RoastMeLaterBot?start=`).
        public var publicPrefix: String

        public init(publicPrefix: String) {
            self.publicPrefix = publicPrefix
        }
    }

    /// The platform's native reactions as the bot counts them on its roasts.
    public struct NativeReactions: Sendable, Hashable {
        /// When the bot sees native reactions in a group.
        public enum Visibility: Sendable, Hashable {
            /// Always (Discord, with the reactions intent).
            case always
            /// Only while it is an administrator of the group (Telegram).
            case asAdministrator
            /// Never: the platform has none, or does not report them.
            case never
        }

        /// For each of the bot's quick reactions, by its emoji (😂 🔥 😐 👎), the platform's native
        /// emoji that count as it; the first is the one named in tips. Other emoji do not count.
        public var equivalents: [String: [String]]
        public var visibility: Visibility

        public init(equivalents: [String: [String]], visibility: Visibility) {
            self.equivalents = equivalents
            self.visibility = visibility
        }

        /// The quick reaction (its emoji) `native` counts as; nil for emoji that do not count.
        public func quickReaction(for native: String) -> String? {
            equivalents.first { $0.value.contains(native) }?.key
        }
    }
}
