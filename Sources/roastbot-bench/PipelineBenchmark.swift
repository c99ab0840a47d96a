import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastStore
import Synchronization
import TelegramAdapter
import Timekeeping

/// Pipeline throughput and latency: decoded events through the real router, engines and a SQLite
/// file opened with the production pragmas (WAL, synchronous=NORMAL), no network.
///
/// Throughput is `EventPipeline.process` itself, in batches of 100 (what one getUpdates returns at
/// most): each chat's events in order, chats concurrently, transactions queued on its single writer,
/// acknowledgements and the stored poll offset included. Latency is the service time of one
/// `UpdateProcessor.apply` — from the decoded event to its committed effects, outbox rows and update
/// mark — measured on events applied one after another, so no event's figure includes the time it
/// waited behind the others of its batch.
struct PipelineBenchmark {
    struct Result {
        var events: Int
        var seconds: Double
        var latencies: [Double]
        var sequentialSeconds: Double
        /// How long each batch took from arrival to its last commit: the longest any of its events waited.
        var batchTimes: [Double]
        /// What the events applied one by one answered (the standard mix, one day).
        var replies: ReplyTally
        var throughput: Double { Double(events) / seconds }
        var sequentialThroughput: Double { Double(latencies.count) / sequentialSeconds }
    }

    var events = 20_000
    var warmup = 2_000
    var batchSize = 100
    /// Events applied one by one (the latency figures) before the throughput run; they also age the
    /// database the throughput run starts from. Nil: half of `events`.
    var oneByOne: Int?

    func run(library: RoastLibrary) async throws -> Result {
        let scratch = try ScratchProcessor(library: library)
        defer { scratch.close() }
        let (database, processor, logger) = (scratch.database, scratch.processor, scratch.logger)
        var workload = MixWorkload()
        let clock = SystemClock()

        // Warm-up: fills chats, profiles and roasts (so presses have targets) and the statement cache.
        var ignored = ReplyTally()
        _ = sequential(processor, &workload, count: warmup, clock: clock, tally: &ignored)
        var replies = ReplyTally()
        let sequentialStart = Stopwatch.now()
        let latencies = sequential(processor, &workload, count: oneByOne ?? events / 2, clock: clock, tally: &replies)
        let sequentialSeconds = Stopwatch.now() - sequentialStart

        let pipeline = EventPipeline(
            processor: processor, database: database, platform: NullPlatform(),
            outbox: OutboxDeliverer(database: database, platform: NullPlatform(), clock: clock, logger: logger), clock: clock,
            logger: logger)
        var batches: [[IncomingEnvelope]] = []
        for _ in 0..<(events / batchSize) {
            batches.append((0..<batchSize).map { _ in workload.next(at: clock.now) })
        }
        var batchTimes: [Double] = []
        let start = Stopwatch.now()
        for batch in batches {
            let batchStart = Stopwatch.now()
            await pipeline.process(batch, from: MixWorkload.source, nextOffset: batch.last!.key! + 1)
            batchTimes.append(Stopwatch.now() - batchStart)
        }
        let seconds = Stopwatch.now() - start
        return Result(
            events: batches.count * batchSize, seconds: seconds, latencies: latencies, sequentialSeconds: sequentialSeconds,
            batchTimes: batchTimes, replies: replies)
    }

    /// Applies `count` events one after another; returns each event's apply time in seconds.
    private func sequential(
        _ processor: UpdateProcessor, _ workload: inout MixWorkload, count: Int, clock: SystemClock, tally: inout ReplyTally
    ) -> [Double] {
        var latencies: [Double] = []
        latencies.reserveCapacity(count)
        for _ in 0..<count {
            let envelope = workload.next(at: clock.now)
            let started = Stopwatch.now()
            let applied = processor.apply(envelope, processedAt: clock.now)
            latencies.append(Stopwatch.now() - started)
            workload.learn(applied, chat: envelope.chat.id)
            tally.count(envelope, applied)
        }
        return latencies
    }
}

/// A platform that accepts everything at once: the pipeline benchmark measures the bot, not I/O.
final class NullPlatform: ChatPlatform {
    private let counter = Atomic<Int64>(0)

    init() {}

    /// Telegram's: the benchmark measures the bot as it serves Telegram.
    let profile = TelegramPlatform.profile(botUsername: "RoastMeLaterBot")

    func perform(_ action: PlatformAction, at destination: Destination) async throws(DeliveryError) -> Delivered {
        let id = counter.add(1, ordering: .relaxed).newValue
        switch action {
        case .send, .document: return Delivered(message: MessageID(id))
        case .edit, .editButtons: return Delivered(message: nil)
        case .photo: return Delivered(message: MessageID(id), storedPhoto: StoredPhotoID("photo-\(id)"))
        case .editPhoto: return Delivered(message: nil, storedPhoto: StoredPhotoID("photo-\(id)"))
        }
    }

    func answer(_ interaction: Interaction, with answer: InteractionAnswer) async throws(DeliveryError) {}
}
