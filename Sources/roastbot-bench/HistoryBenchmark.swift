import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastStore
import Timekeeping

/// One person's long history: the same mix as the pipeline benchmark from a single person in a
/// single chat, applied one by one, so their roasts, reactions and favorites pile up (8,000 events
/// leave ~3,500 roasts). Reports the latency of each command over the last 1,000 events and how
/// long `/forgetme` of the whole history holds the writer — the reads and deletes that scale with
/// one person's history rather than with the chat's recent window.
struct HistoryBenchmark {
    struct Result {
        var events: Int
        var roasts: Int
        /// Seconds each kind of event took among the last 1,000, by command name ("press" for buttons).
        var lastLatencies: [String: [Double]]
        var forgetSeconds: Double
    }

    var events = 8_000

    func run(library: RoastLibrary) throws -> Result {
        let scratch = try ScratchProcessor(library: library)
        defer { scratch.close() }
        let (database, processor) = (scratch.database, scratch.processor)
        var workload = MixWorkload(chats: 1, users: 1)
        let clock = SystemClock()
        var latencies: [String: [Double]] = [:]
        for index in 0..<events {
            let envelope = workload.next(at: clock.now)
            let started = Stopwatch.now()
            let applied = processor.apply(envelope, processedAt: clock.now)
            let elapsed = Stopwatch.now() - started
            workload.learn(applied, chat: envelope.chat.id)
            guard index >= events - 1_000 else { continue }
            switch envelope.event {
            case .command(let name, _, _, _): latencies[name, default: []].append(elapsed)
            case .buttonPress: latencies["press", default: []].append(elapsed)
            default: break
            }
        }
        let person = workload.users[0].id
        let chat = workload.chats[0].id
        let roasts = try database.read { try $0.profile(chat: chat, user: person)?.roastCount ?? 0 }
        let started = Stopwatch.now()
        try database.write { tx in try tx.forgetUser(person, in: chat) }
        return Result(events: events, roasts: roasts, lastLatencies: latencies, forgetSeconds: Stopwatch.now() - started)
    }
}
