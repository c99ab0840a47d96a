import ChatPlatform
import Foundation
import Logging
import RoastBot
import RoastCore
import RoastStore
import Synchronization
import Timekeeping

/// Pipeline throughput and latency: decoded events through the real router, engines and a SQLite
/// file opened with the production pragmas (WAL, synchronous=NORMAL), no network.
///
/// Events come in batches of 100 (what one getUpdates returns at most); within a batch each chat's
/// events run in order and chats run concurrently, exactly as `EventPipeline` does. Latency is the
/// time of one `UpdateProcessor.apply`: from the decoded event to its committed effects, outbox rows
/// and update mark.
struct PipelineBenchmark {
    struct Result {
        var events: Int
        var seconds: Double
        var latencies: [Double]
        var batchedEvents: Int
        var batchedSeconds: Double
        var throughput: Double { Double(events) / seconds }
        var batchedThroughput: Double { Double(batchedEvents) / batchedSeconds }
    }

    var events = 20_000
    var warmup = 2_000
    var batchSize = 100

    func run(library: RoastLibrary) async throws -> Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roastbot-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try RoastDatabase(path: directory.appendingPathComponent("bench.sqlite").path)
        defer { database.close() }
        let logger = Logger(label: "bench")
        let processor = UpdateProcessor(
            database: database, router: EventRouter(library: library, logger: logger), seed: 42, logger: logger)
        var workload = MixWorkload()
        let clock = SystemClock()

        // Warm-up: fills chats, profiles and roasts (so presses have targets) and the statement cache.
        _ = await drive(processor, &workload, count: warmup, clock: clock)
        let start = Stopwatch.now()
        let latencies = await drive(processor, &workload, count: events, clock: clock)
        let seconds = Stopwatch.now() - start

        // The same traffic through EventPipeline itself (acknowledgements and the stored poll offset
        // included), to show its overhead over the bare processor.
        let pipeline = EventPipeline(
            processor: processor, database: database, platform: NullPlatform(),
            outbox: OutboxDeliverer(database: database, platform: NullPlatform(), clock: clock, logger: logger), clock: clock,
            logger: logger)
        let batched = events / 2
        var envelopes: [[IncomingEnvelope]] = []
        for _ in 0..<(batched / batchSize) {
            envelopes.append((0..<batchSize).map { _ in workload.next(at: clock.now) })
        }
        let batchStart = Stopwatch.now()
        for batch in envelopes {
            await pipeline.process(batch, nextOffset: batch.last!.sequence + 1)
        }
        let batchSeconds = Stopwatch.now() - batchStart
        return Result(
            events: events, seconds: seconds, latencies: latencies, batchedEvents: envelopes.count * batchSize,
            batchedSeconds: batchSeconds)
    }

    /// Applies `count` events in batches; returns each event's apply time in seconds.
    private func drive(_ processor: UpdateProcessor, _ workload: inout MixWorkload, count: Int, clock: SystemClock) async -> [Double] {
        var latencies: [Double] = []
        latencies.reserveCapacity(count)
        var remaining = count
        while remaining > 0 {
            let size = min(batchSize, remaining)
            remaining -= size
            let batch = (0..<size).map { _ in workload.next(at: clock.now) }
            var order: [ChatID] = []
            var byChat: [ChatID: [IncomingEnvelope]] = [:]
            for envelope in batch {
                if byChat[envelope.chat.id] == nil { order.append(envelope.chat.id) }
                byChat[envelope.chat.id, default: []].append(envelope)
            }
            let results = await withTaskGroup(of: [(ChatID, UpdateProcessor.Applied?, Double)].self) { group in
                for chat in order {
                    let events = byChat[chat] ?? []
                    group.addTask {
                        events.map { envelope in
                            let started = Stopwatch.now()
                            let applied = processor.apply(envelope, processedAt: clock.now)
                            return (chat, applied, Stopwatch.now() - started)
                        }
                    }
                }
                var all: [(ChatID, UpdateProcessor.Applied?, Double)] = []
                for await part in group { all += part }
                return all
            }
            for (chat, applied, seconds) in results {
                workload.learn(applied, chat: chat)
                latencies.append(seconds)
            }
        }
        return latencies
    }
}

/// A platform that accepts everything at once: the pipeline benchmark measures the bot, not I/O.
final class NullPlatform: ChatPlatform {
    private let counter = Atomic<Int64>(0)

    init() {}

    func send(_ message: OutgoingMessage, to chat: ChatID) async throws(DeliveryError) -> MessageID {
        MessageID(counter.add(1, ordering: .relaxed).newValue)
    }

    func edit(_ message: MessageID, in chat: ChatID, to content: OutgoingMessage) async throws(DeliveryError) {}

    func sendDocument(_ document: OutgoingDocument, to chat: ChatID) async throws(DeliveryError) -> MessageID {
        MessageID(counter.add(1, ordering: .relaxed).newValue)
    }

    func acknowledge(buttonPress callbackID: String, notice: String?) async throws(DeliveryError) {}
}
