import ChatPlatform
import Foundation
import Logging
import RoastBot
import RoastCore
import RoastStore
import RoastTesting
import Testing

/// A feature written the way docs/architecture.md's "adding a command" describes: one type, one line in the list.
private struct QuoteFeature: Feature {
    enum Action: Sendable, Hashable {
        case quote(author: String?)
        case again
    }

    let commands = [CommandSpec("quote", summary: LocalizedText(vi: "Một câu trích dẫn", en: "A quote to live by"))]
    let buttonTags = ["q"]
    let startLinks = ["quote"]

    func decode(_ input: FeatureInput) -> Action? {
        switch input {
        case .command(_, let arguments): .quote(author: arguments.first)
        case .button(let payload, _): payload.fields == ["again"] ? .again : nil
        case .startLink(let link): .quote(author: link.fields.first)
        case .event: nil
        }
    }

    func handle(_ action: Action, _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64) throws
        -> HandlerOutcome
    {
        let text = action == .again ? "Again: ship it." : "Ship it."
        return HandlerOutcome(replies: [.send(OutgoingMessage(text: RichText(plain: text)))])
    }
}

struct EventRouterTests {
    static func router(extra: [any Feature] = [], platform: PlatformProfile = RecordingPlatform.standardProfile) throws -> EventRouter {
        let collections = CollectionCatalogStore()
        return EventRouter(
            features: StandardFeatures.list(
                selector: RoastSelector(library: BotFixture.library), collections: collections, badges: .standard, platform: platform)
                + extra,
            platform: platform, logger: Logger(label: "test"))
    }

    static func envelope(_ event: IncomingEvent, chat: ChatRef = BotFixture.group) -> IncomingEnvelope {
        IncomingEnvelope(
            source: BotFixture.source, key: 1, date: Date(timeIntervalSince1970: 1_790_000_000), chat: chat, sender: BotFixture.alice,
            event: event)
    }

    static func envelope(_ press: ButtonPress, chat: ChatRef = BotFixture.group) -> IncomingEnvelope {
        var envelope = envelope(.buttonPress(data: press.data, message: press.message), chat: chat)
        envelope.interaction = Interaction(handle: press.callbackID)
        return envelope
    }

    @Test func aNewFeatureIsOneTypeAndOneLineInTheList() async throws {
        let router = try Self.router(extra: [QuoteFeature()])
        let quote = router.decode(Self.envelope(.command(name: "quote", arguments: "Ada Lovelace", message: MessageID(3))))
        #expect(quote.action(as: QuoteFeature.Action.self) == .quote(author: "Ada"))
        #expect(quote.traits.isRequest && quote.traits.countsAsActivity)
        let again = router.decode(Self.envelope(.press(callbackID: "c", data: "q:again", message: MessageID(4))))
        #expect(again.action(as: QuoteFeature.Action.self) == .again)
        // A deep link into the private chat (`t.me/<bot>?start=quote_Grace`) reaches it as well.
        let linked = router.decode(Self.envelope(.command(name: "start", arguments: "quote_Grace", message: MessageID(5))))
        #expect(linked.action(as: QuoteFeature.Action.self) == .quote(author: "Grace"))
        // `/help` and the platforms' menus come from the same list.
        #expect(router.menu.entries(for: .everyone, in: .en).contains { $0.command == "quote" && $0.summary == "A quote to live by" })
        #expect(WelcomeFeature.helpText(.vi, menu: router.menu).plainText.contains("/quote — Một câu trích dẫn"))
    }

    @Test func eachEventIsDecodedOnceIntoTheActionAndWhatItNeeds() throws {
        let router = try Self.router()
        let roast = router.decode(Self.envelope(.command(name: "ROAST", arguments: "meetings 4", message: MessageID(1))))
        let request = RoastRequest(category: .meetings, spice: SpiceLevel(clamping: 4))
        #expect(roast.action(as: RoastsFeature.Action.self) == .command(request))
        #expect(roast.traits.needs.roast == .request(request))
        #expect(roast.traits.isRequest)

        let settings = router.decode(Self.envelope(.command(name: "settings", arguments: "", message: MessageID(1))))
        #expect(settings.traits.needs.adminStatus)

        let press = router.decode(
            Self.envelope(.press(callbackID: "c", data: RoastsFeature.ButtonAction.another(RoastID(9)).payload, message: nil)))
        #expect(press.traits.needs.roast == .like(RoastID(9)))
        #expect(press.traits.countsAsActivity && !press.traits.isRequest)

        let reaction = router.decode(Self.envelope(.reactionChange(message: MessageID(5), old: [], new: ["🔥"])))
        #expect(reaction.action(as: ReactionsFeature.Action.self) == .native(message: MessageID(5), .replaced(old: [], new: ["🔥"])))

        let joined = router.decode(Self.envelope(.botMembership(.member)))
        #expect(joined.traits.needs.freshAdmins)
        #expect(!joined.traits.countsAsActivity)

        let chatter = router.decode(Self.envelope(.mention(text: "thanks, bot", message: MessageID(6))))
        #expect(chatter.action(as: RoastsFeature.Action.self) == .mentionHint)
        #expect(chatter.traits.needs.roast == nil)
    }

    @Test func startWithAnUnknownOrNoLinkIsTheWelcomeAndKnownLinksGoToTheirOwner() throws {
        let router = try Self.router()
        for arguments in ["", "nope", "quote_Grace", "export_", "export_x", String(repeating: "z", count: 300)] {
            let routed = router.decode(Self.envelope(.command(name: "start", arguments: arguments, message: MessageID(1))))
            #expect(routed.action(as: WelcomeFeature.Action.self) == .start(deepLink: nil), "\(arguments)")
        }
        let export = router.decode(Self.envelope(.command(name: "start", arguments: "export_42", message: MessageID(1))))
        #expect(export.action(as: PrivacyFeature.Action.self) == .deliverExport(request: 42, chat: nil))
        // A chat's export names its group: the admin status is asked there, not in the private chat.
        let chatExport = router.decode(Self.envelope(.command(name: "start", arguments: "export_42_-100123", message: MessageID(1))))
        #expect(chatExport.action(as: PrivacyFeature.Action.self) == .deliverExport(request: 42, chat: ChatID(-100_123)))
        #expect(chatExport.traits.needs.adminStatus && chatExport.traits.needs.adminOf == ChatID(-100_123))
        let roast = router.decode(Self.envelope(.command(name: "start", arguments: "roast_meetings_3", message: MessageID(1))))
        #expect(
            roast.action(as: WelcomeFeature.Action.self)
                == .start(deepLink: RoastRequest(category: .meetings, spice: SpiceLevel(clamping: 3))))
    }

    @Test(arguments: ["", "nope", "r:1", "r:1:zz", "a:0", "s:x:1", "x:1:-4", String(repeating: "z", count: 300)])
    func unknownOrMalformedButtonsAreStale(_ payload: String) throws {
        let routed = try Self.router().decode(Self.envelope(.press(callbackID: "c", data: payload, message: MessageID(1))))
        guard case .staleButton = routed.target else {
            Issue.record("\(payload) decoded to \(routed.target)")
            return
        }
    }

    @Test func aCommandNoFeatureAnswersIsUnknownWithItsNameCut() throws {
        let routed = try Self.router().decode(
            Self.envelope(.command(name: String(repeating: "poll", count: 20), arguments: "", message: MessageID(1))))
        guard case .unknownCommand(let name) = routed.target else {
            Issue.record("decoded to \(routed.target)")
            return
        }
        #expect(name.count == 32)
    }

    /// Groups often hold several bots: `/poll` without `@ThisBot` is for one of the others.
    @Test func anUnknownCommandIsAnsweredOnlyInPrivateOrWhenAddressedToThisBot() throws {
        let router = try Self.router()
        let poll = IncomingEvent.command(name: "poll", arguments: "", message: MessageID(1), addressed: false)
        let inGroup = router.decode(Self.envelope(poll))
        guard case .ignored = inGroup.target else {
            Issue.record("decoded to \(inGroup.target)")
            return
        }
        #expect(!inGroup.traits.isRequest && !inGroup.traits.countsAsActivity)
        let addressed = router.decode(Self.envelope(.command(name: "poll", arguments: "", message: MessageID(1), addressed: true)))
        guard case .unknownCommand = addressed.target else {
            Issue.record("decoded to \(addressed.target)")
            return
        }
        let direct = router.decode(Self.envelope(poll, chat: ChatRef(id: ChatID(11), kind: .privateChat)))
        guard case .unknownCommand = direct.target else {
            Issue.record("decoded to \(direct.target)")
            return
        }
        // Known commands need no address in groups.
        let roast = router.decode(Self.envelope(.command(name: "roast", arguments: "", message: MessageID(1), addressed: false)))
        #expect(roast.action(as: RoastsFeature.Action.self) != nil)
    }

    @Test func commandsAndButtonTagsBelongToOneFeatureEach() {
        let features = StandardFeatures.list(
            selector: RoastSelector(library: BotFixture.library), collections: CollectionCatalogStore(), badges: .standard,
            platform: RecordingPlatform.standardProfile)
        let commands = features.flatMap(\.commands).map(\.name)
        let tags = features.flatMap(\.buttonTags)
        #expect(Set(commands).count == commands.count)
        #expect(Set(tags).count == tags.count)
        // Telegram's menu rules: lower-case a-z, 0-9 and _, at most 32 characters.
        #expect(commands.allSatisfy { $0.count <= 32 && $0.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "_" } })
    }
}
