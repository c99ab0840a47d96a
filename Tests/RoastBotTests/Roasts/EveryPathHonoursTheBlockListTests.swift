import AIRoasts
import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastStore
import RoastTesting
import Synchronization
import Testing

/// An AI provider whose every answer uses a word the operator blocked.
private final class BlockedWordAI: AIRoastSource {
    let text: String
    private let calls = Mutex(0)

    init(text: String) { self.text = text }

    var callCount: Int { calls.withLock { $0 } }

    func roast(_ prompt: RoastPrompt) async throws(AIRoastError) -> String {
        calls.withLock { $0 += 1 }
        return text
    }
}

/// Every path that emits a roast — `/roast`, text to the bot, 🔁, a deep link, a collection by
/// name, by pick and by its banner's button, the Roast of the Day in and out of a season, inline
/// results, an AI answer the filter rejects — goes through the one selector: with a block list that
/// bans a word of half the library and of half of every collection, none of those roasts is ever sent.
struct EveryPathHonoursTheBlockListTests {
    /// For every other roast of the library and of the collections, a two-word phrase found in no
    /// other roast (else its rarest one), so that about half of each pool is blocked.
    static func blockList(_ library: RoastLibrary, _ catalog: CollectionCatalog) -> [String] {
        let roasts = library.all + catalog.collections.flatMap { $0.roasts.values.joined() }
        func phrases(_ text: String) -> [String] {
            let words = text.split(whereSeparator: { !$0.isLetter }).map { TextNormalization.folded(String($0)) }
            return words.indices.dropLast().map { words[$0] + " " + words[$0 + 1] }
        }
        var roastsWith: [String: Int] = [:]
        for roast in roasts {
            for phrase in Set(phrases(roast.text)) { roastsWith[phrase, default: 0] += 1 }
        }
        return roasts.enumerated().compactMap { index, roast in
            guard index.isMultiple(of: 2) else { return nil }
            return phrases(roast.text).min { roastsWith[$0, default: 0] < roastsWith[$1, default: 0] }
        }
    }

    /// The roasts the bot posted: messages with the reaction keyboard, whose italic span is the roast.
    static func postedRoasts(_ bot: BotFixture) -> [String] {
        bot.platform.sentMessages.compactMap { sent in
            guard sent.content.buttons.first?.count == ReactionKind.allCases.count else { return nil }
            return sent.content.text.spans.lazy.compactMap { if case .italic(let text) = $0 { text } else { nil } }.first
        }
    }

    @Test func noPathSendsARoastTheOperatorBlocked() async throws {
        let collections = try CollectionCatalogStore(path: BotFixture.collectionsPath)
        let terms = Self.blockList(BotFixture.library, collections.catalog)
        let filter = SafetyFilter(blockList: terms)
        let blockedLibrary = BotFixture.library.all.filter { !filter.check($0.text).isAllowed }
        #expect(blockedLibrary.count >= BotFixture.library.all.count * 2 / 5)

        let ai = BlockedWordAI(text: "Your standup ran so long it needs its own \(terms[0]) retrospective.")
        let answers = RecordingInlineAnswers()
        // 2026-02-10 09:00 in Vietnam: Tết's collection is on offer and the Roast of the Day is due.
        var bot = try BotFixture(
            ai: ai, collections: collections, now: Date(timeIntervalSince1970: 1_770_688_800), inline: answers, safety: filter)
        defer { bot.cleanUp() }
        var postedByPath: [String: Int] = [:]
        func path(_ name: String, _ steps: () async throws -> Void) async rethrows {
            let before = Self.postedRoasts(bot).count
            try await steps()
            postedByPath[name] = Self.postedRoasts(bot).count - before
        }
        let people = [BotFixture.alice, BotFixture.bob] + (3...6).map { Person(id: UserID(Int64($0) * 11), displayName: "P\($0)") }

        await path("/roast") {
            for round in 0..<6 {
                for (index, person) in people.enumerated() {
                    let words = ["", "meetings", "deadlines 3", "kpi 1", "code review", "general 2"][(round + index) % 6]
                    await bot.run(bot.command("/roast \(words)", from: person))
                }
            }
        }
        await path("text to the bot") {
            for person in people {
                await bot.run(bot.envelope(.mention(text: "roast me về họp hành", message: MessageID(2)), from: person))
            }
        }
        await path("🔁") {
            for sent in bot.platform.sentMessages.suffix(6) {
                guard let again = sent.content.buttons.joined().first(where: { $0.label == "🔁" }) else { continue }
                await bot.run(bot.envelope(.press(callbackID: "again", data: again.data, message: sent.message)))
            }
        }
        await path("deep link") {
            for person in people { await bot.run(bot.command("/start roast_workload_2", from: person)) }
        }
        await path("collection by name") {
            for person in people { await bot.run(bot.command("/roast tết", from: person)) }
        }
        await path("collection by pick") {
            await bot.run(bot.command("/collections"))
            let pick = CollectionsFeature.ButtonAction(choosing: "tet").payload
            if let list = bot.platform.sentMessages.last(where: { $0.content.buttons.joined().contains { $0.data == pick } }) {
                await bot.run(bot.envelope(.press(callbackID: "pick", data: pick, message: list.message)))
            }
            for _ in 0..<6 { await bot.run(bot.command("/roast")) }
        }
        await path("the banner's button") {
            let press = RoastsFeature.ButtonAction.tryCollection("tet").payload
            let banner = bot.platform.sentMessages.last { $0.content.buttons.joined().contains { $0.data == press } }
            for person in people {
                await bot.run(bot.envelope(.press(callbackID: "try", data: press, message: banner?.message), from: person))
            }
        }
        await path("Roast of the Day in the season") {
            _ = bot.runtime.scheduler.runPass(now: bot.clock.now)
            await bot.runtime.outbox.deliverPending()
        }
        await path("Roast of the Day out of season") {
            // Two months later, after Tết: the regular library.
            for day in 60..<66 {
                _ = bot.runtime.scheduler.runPass(now: bot.clock.now.addingTimeInterval(Double(day) * 86_400))
            }
            await bot.runtime.outbox.deliverPending()
        }
        let privateChat = ChatRef(id: ChatID(BotFixture.alice.id.rawValue), kind: .privateChat)
        for (index, words) in ["", "meetings", "kpi 5", "colleagues"].enumerated() {
            await bot.run(bot.envelope(.inlineQuery(id: "q\(index)", query: words), from: BotFixture.alice, in: privateChat))
        }
        let inlineTexts = answers.recorded.flatMap(\.results).compactMap(\.description)

        #expect(ai.callCount > 0, "the AI was asked, and its blocked answer replaced from the library")
        for (name, count) in postedByPath {
            #expect(count > 0, "\(name) posted no roast")
        }
        #expect(inlineTexts.count >= 4)
        let sent = Self.postedRoasts(bot) + inlineTexts
        let blocked = sent.filter { !filter.check($0).isAllowed }
        #expect(blocked.isEmpty, "\(blocked.count) of \(sent.count) roasts sent despite the block list: \(blocked.prefix(3))")
    }
}
