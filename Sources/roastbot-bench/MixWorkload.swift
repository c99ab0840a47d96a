import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastStore

/// The benchmark's traffic: 40 % /roast, 40 % button presses on earlier roasts of the same chat,
/// 10 % /streak, 10 % /badges, from `users` people spread over `chats` supergroups. Seeded, so two
/// runs see the same events.
struct MixWorkload {
    let chats: [ChatRef]
    let users: [Person]
    /// The words after `/roast`, one drawn per /roast (the standard mix: none).
    var roastArguments = [""]
    private var random: SplitMix64
    private(set) var sequence: Int64
    /// Roasts posted in each chat so far (most recent last), for button presses.
    private var roasts: [ChatID: [RoastID]] = [:]

    init(chats: Int = 100, users: Int = 1_000, seed: UInt64 = 7, firstSequence: Int64 = 1) {
        self.chats = (0..<chats).map { ChatRef(id: ChatID(-1_000_000_000 - Int64($0)), kind: .supergroup, title: "Team \($0)") }
        self.users = (0..<users).map {
            Person(
                id: UserID(10_000 + Int64($0)), displayName: "User \($0)", username: "user\($0)", languageCode: $0 % 3 == 0 ? "en" : "vi")
        }
        random = SplitMix64(seed: seed)
        sequence = firstSequence
    }

    /// What people type after `/roast` in a team chat: mostly nothing, else a category, a spice (some
    /// above a group's default cap of 3), a mood, a collection out of season, words the parser does
    /// not know.
    static let conversationArguments = [
        "", "", "", "", "", "", "họp", "meetings 2", "deadline 5", "kpi cay 4", "sếp hôm nay", "code review", "workload tired",
        "meetings extra hot", "deadlines 1", "tết", "đồng nghiệp", "review code cay vừa",
    ]

    /// Where the benchmark's events come from.
    static let source = EventSource("bench")

    /// The next event. Presses fall back to /roast while a chat has no roast yet.
    mutating func next(at date: Date) -> IncomingEnvelope {
        let userIndex = Int(random.next() % UInt64(users.count))
        let user = users[userIndex]
        let chat = chats[userIndex % chats.count]
        let dice = random.next() % 10
        let event: IncomingEvent
        let message = MessageID(sequence)
        if dice < 4, let known = roasts[chat.id], !known.isEmpty {
            let roast = known[known.count - 1 - Int(random.next() % UInt64(min(known.count, 20)))]
            let payload: String
            switch random.next() % 10 {
            case 0: payload = ReactionsFeature.ButtonAction.favorite(roast).payload
            case 1: payload = RoastsFeature.ButtonAction.another(roast).payload
            default:
                payload =
                    ReactionsFeature.ButtonAction.react(
                        roast, ReactionKind.allCases[Int(random.next() % UInt64(ReactionKind.allCases.count))]
                    )
                    .payload
            }
            event = .buttonPress(data: payload, message: MessageID(roast.rawValue))
        } else if dice < 8 {
            // The standard mix draws nothing here, so its events stay what they always were.
            let arguments =
                roastArguments.count == 1 ? roastArguments[0] : roastArguments[Int(random.next() % UInt64(roastArguments.count))]
            event = .command(name: "roast", arguments: arguments, message: message)
        } else if dice == 8 {
            event = .command(name: "streak", arguments: "", message: message)
        } else {
            event = .command(name: "badges", arguments: "", message: message)
        }
        defer { sequence += 1 }
        let interaction = event.isButtonPress ? Interaction(handle: "cb\(sequence)") : nil
        return IncomingEnvelope(
            source: Self.source, key: sequence, date: date, chat: chat, sender: user, interaction: interaction, event: event)
    }

    /// Learns the roasts an applied event posted (🔁 and /roast), so later presses can target them.
    mutating func learn(_ applied: UpdateProcessor.Applied?, chat: ChatID) {
        guard let applied else { return }
        for case let anchor? in applied.outcome.replies.map(\.anchor) {
            roasts[chat, default: []].append(anchor)
            if roasts[chat]!.count > 64 { roasts[chat]!.removeFirst(32) }
        }
    }
}

extension IncomingEvent {
    fileprivate var isButtonPress: Bool {
        if case .buttonPress = self { return true }
        return false
    }
}
