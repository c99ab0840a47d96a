import ChatPlatform
import Foundation
import RoastBot
import RoastCore

/// How many messages the bot posts per command and how many edits per press when a team uses it
/// over weeks: the standard mix's proportions, with the words people type after `/roast` (some
/// spicier than the group's cap, some not understood, a collection out of season) and the events
/// spread over `days` days, so streak milestones and badges are reached along the way.
struct ConversationBenchmark {
    var events = 6_000
    var days = 21
    var chats = 10
    var users = 60

    func run(library: RoastLibrary) throws -> ReplyTally {
        let scratch = try ScratchProcessor(library: library)
        defer { scratch.close() }
        var workload = MixWorkload(chats: chats, users: users, seed: 11)
        workload.roastArguments = MixWorkload.conversationArguments
        // 2026-03-02 09:00 in Vietnam, outside any season.
        let start = Date(timeIntervalSince1970: 1_772_416_800)
        let perDay = max(events / days, 1)
        var tally = ReplyTally()
        for index in 0..<events {
            // Within a day, events spread over ten hours.
            let date = start.addingTimeInterval(Double(index / perDay) * 86_400 + Double(index % perDay) * 36_000 / Double(perDay))
            let envelope = workload.next(at: date)
            let applied = scratch.processor.apply(envelope, processedAt: date)
            workload.learn(applied, chat: envelope.chat.id)
            tally.count(envelope, applied)
        }
        return tally
    }
}
