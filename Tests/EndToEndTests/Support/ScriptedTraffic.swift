import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastStore
import RoastTesting
import Synchronization

/// A seeded script of updates — commands, button presses on earlier roasts, forged presses — that
/// produces the same updates (same update_ids, same targets) in every run, whatever the timing.
///
/// A press names its target as "the k-th roast of the chat" and is injected only once that roast is
/// committed and its message delivered; the roast id in its payload is looked up in the run's own
/// database. k is always below half the /roast commands already scripted in the chat, so the target
/// exists in every run.
struct ScriptedTraffic {
    enum Step: Sendable {
        case command(chat: Int, user: Int, text: String)
        case press(chat: Int, user: Int, position: Int, button: Button)
    }

    enum Button: Sendable {
        case react(ReactionKind)
        case favorite, another
        case forged(String)
    }

    let chats: [FakeChat]
    let users: [FakeUser]
    let steps: [Step]
    /// A fixed message date: streak days and roast dates must not depend on when a run happens.
    static let date = Date(timeIntervalSince1970: 1_790_000_000)

    init(seed: UInt64, count: Int, chats chatCount: Int = 8, users userCount: Int = 6) {
        chats = (0..<chatCount).map { FakeChat(id: -300_000 - Int64($0), type: .supergroup, title: "Crew \($0)") }
        users = (0..<userCount).map { FakeUser(id: 7_100 + Int64($0), firstName: "Member \($0)", languageCode: $0 % 2 == 0 ? "vi" : "en") }
        var random = SplitMix64(seed: seed)
        var planned = Array(repeating: 0, count: chatCount)
        var steps: [Step] = []
        let arguments = ["", " meetings", " 3", " deadline 2", " banana", " code 1"]
        for _ in 0..<count {
            let chat = Int(random.next() % UInt64(chatCount))
            let user = Int(random.next() % UInt64(userCount))
            let dice = random.next() % 100
            let canPress = planned[chat] >= 2
            let position = canPress ? Int(random.next() % UInt64(planned[chat] / 2)) : 0
            switch dice {
            case 45..<70 where canPress:
                let kind = ReactionKind.allCases[Int(random.next() % UInt64(ReactionKind.allCases.count))]
                steps.append(.press(chat: chat, user: user, position: position, button: .react(kind)))
            case 70..<75 where canPress:
                steps.append(.press(chat: chat, user: user, position: position, button: .favorite))
            case 75..<78 where canPress:
                steps.append(.press(chat: chat, user: user, position: position, button: .another))
            case 78..<80 where canPress:
                steps.append(
                    .press(
                        chat: chat, user: user, position: position,
                        button: .forged(["r:999999999:f", "x:1", "f:0", ""][Int(random.next() % 4)])))
            case 80..<86:
                steps.append(.command(chat: chat, user: user, text: "/help"))
            case 86..<92:
                steps.append(.command(chat: chat, user: user, text: random.next() % 2 == 0 ? "/streak" : "/badges"))
            case 92..<95:
                steps.append(.command(chat: chat, user: user, text: "/nonsense"))
            default:
                steps.append(.command(chat: chat, user: user, text: "/roast" + arguments[Int(random.next() % UInt64(arguments.count))]))
                planned[chat] += 1
            }
        }
        self.steps = steps
    }

    /// Injects every step into `fake`, waiting for press targets in `database` (opened on the bot's
    /// file). Returns false if a target did not appear within `timeout` seconds.
    func stream(into fake: FakeBotAPI, database: RoastDatabase, timeout: Double = 60) async -> Bool {
        for step in steps {
            switch step {
            case .command(let chat, let user, let text):
                fake.commandMessage(chat: chats[chat], from: users[user], text: text, date: Self.date)
            case .press(let chat, let user, let position, let button):
                let chatID = chats[chat].id
                let found = Mutex<(RoastID, FakeSentMessage)?>(nil)
                let users = users
                _ = await fake.waitFor(timeout: .seconds(timeout)) {
                    guard let roast = Self.roast(at: position, chat: chatID, users: users, database),
                        let messageID = roast.messageID,
                        let message = fake.sentMessages(chat: chatID).first(where: { $0.messageID == messageID.rawValue })
                    else { return false }
                    found.withLock { $0 = (roast.id, message) }
                    return true
                }
                guard let (id, message) = found.withLock({ $0 }) else { return false }
                let data: String =
                    switch button {
                    case .react(let kind): ReactionsFeature.ButtonAction.react(id, kind).payload
                    case .favorite: ReactionsFeature.ButtonAction.favorite(id).payload
                    case .another: RoastsFeature.ButtonAction.another(id).payload
                    case .forged(let payload): payload
                    }
                fake.callbackQuery(from: users[user], message: message, data: data)
            }
        }
        return true
    }

    private static func roast(at position: Int, chat: Int64, users: [FakeUser], _ database: RoastDatabase) -> StoredRoast? {
        let all = try? database.read { tx in
            try users.flatMap { try tx.recentRoasts(chat: ChatID(chat), user: UserID($0.id), limit: 100_000) }
        }
        guard let sorted = all?.sorted(by: { $0.id.rawValue < $1.id.rawValue }), position < sorted.count else { return nil }
        return sorted[position]
    }
}
