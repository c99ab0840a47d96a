import CardModel
import CardRenderer
import Foundation
import Logging
import RoastContent
import RoastCore

// roastbot-bench [all|pipeline|history|e2e|discord|broadcast|memory|cards|listener] [--quick] [--chats N (broadcast; 10000 takes 5.5 min)]
//     [--one-by-one N (pipeline: events applied one by one before the throughput run; default 10000)]
//     [--samples DIR (cards: also write one PNG per template, format and language, and heatmaps, into DIR)]
//     [--cards N (cards: cards rendered per format; default 400)]
// roastbot-bench cpu [--runs N (default 3)] [--bot PATH (another roastbot build)]… [--compare COMMAND (a comparison bot, run as typed in a shell here)]…
//     (the bot's CPU per update and new connections per request over the issue's mix, subjects interleaved)
// roastbot-bench soak [--minutes N] [--rate UPDATES_PER_SECOND]
//
// Benchmarks print one table (Markdown) for docs/performance.md; never run as unit tests.

LoggingSystem.bootstrap { label in
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = .error
    return handler
}

let arguments = Array(CommandLine.arguments.dropFirst())
/// The first argument that is neither an option nor an option's value.
let mode: String = {
    let optionsWithValues: Set = ["--chats", "--one-by-one", "--samples", "--cards", "--minutes", "--rate", "--runs", "--bot", "--compare"]
    var index = 0
    while index < arguments.count {
        if optionsWithValues.contains(arguments[index]) {
            index += 2
        } else if arguments[index].hasPrefix("--") {
            index += 1
        } else {
            return arguments[index]
        }
    }
    return "all"
}()
func option(_ name: String) -> Double? {
    textOption(name).flatMap(Double.init)
}
func textOption(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}
let quick = arguments.contains("--quick")

func machine() -> String {
    let cpu =
        (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
        .split(separator: "\n").first { $0.hasPrefix("model name") }
        .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" } ?? "unknown"
    return "\(ProcessInfo.processInfo.activeProcessorCount) cores, \(cpu)"
}

do {
    switch mode {
    case "soak":
        let soak = SoakRun(minutes: option("--minutes") ?? 10, rate: option("--rate") ?? 10)
        print("soak: \(soak.minutes) min, \(soak.rate) updates/s, machine: \(machine())")
        let passed = try await soak.run()
        print(passed ? "soak passed" : "soak FAILED")
        exit(passed ? 0 : 1)
    case "cpu":
        // Interleaved runs of the issue's mix: this build, then each `--bot PATH` (another build of
        // roastbot) and `--compare "COMMAND …"` (a comparison bot), round after round.
        var subjects: [(name: String, command: [String]?)] = [("this build", nil)]
        for (index, argument) in arguments.enumerated() where index + 1 < arguments.count {
            if argument == "--bot" { subjects.append((arguments[index + 1], [arguments[index + 1], "run"])) }
            if argument == "--compare" {
                // As if typed in a shell here (the bot itself runs in a scratch directory): the
                // program found on PATH, relative paths from this directory.
                let here = FileManager.default.currentDirectoryPath
                subjects.append((arguments[index + 1], ["/bin/sh", "-c", "cd \"$0\" && exec \(arguments[index + 1]) \"$@\"", here]))
            }
        }
        let runs = option("--runs").map { Int($0) } ?? 3
        print("machine: \(machine()), \(Date())")
        var results: [Int: [EndToEndBenchmark.Result]] = [:]
        for round in 1...runs {
            for (index, subject) in subjects.enumerated() {
                var benchmark = EndToEndBenchmark.cpuMix
                benchmark.command = subject.command
                let result = try await benchmark.run()
                results[index, default: []].append(result)
                print(
                    "round \(round), \(subject.name): \(Figure.cpuPerUpdate(result)), \(Figure.connections(result)), "
                        + "\(Figure.rate(result.throughput)) updates/s; \(result.requestSummary)")
            }
        }
        var table = BenchTable()
        for (index, subject) in subjects.enumerated() {
            let all = results[index] ?? []
            let cpu = all.compactMap(\.cpuPerUpdate)
            let connections = all.map(\.connectionsPerRequest)
            let steady = all.map(\.steadyConnectionsPerRequest)
            table.add(
                "CPU per update, \(subject.name) (\(all.count) runs; median, range)",
                cpu.isEmpty
                    ? "?"
                    : "\(Figure.ms(Figure.quantile(cpu, 0.5))) (\(Figure.ms(cpu.min() ?? 0))–\(Figure.ms(cpu.max() ?? 0)))")
            table.add(
                "new connections per request, \(subject.name): the mix; the second half of its presses (steady state)",
                String(
                    format: "%.3f–%.3f; %.3f–%.3f", connections.min() ?? 0, connections.max() ?? 0, steady.min() ?? 0, steady.max() ?? 0))
        }
        // This build against each other subject of the same round: the machine's drift moves both
        // alike within a round, so the ratio is steadier than either figure (issue 24: at most 2 against
        // the do-nothing aiohttp bot).
        for (index, subject) in subjects.enumerated().dropFirst() {
            let ratios = zip(results[0] ?? [], results[index] ?? []).compactMap { ours, theirs -> Double? in
                guard let ours = ours.cpuPerUpdate, let theirs = theirs.cpuPerUpdate, theirs > 0 else { return nil }
                return ours / theirs
            }
            table.add(
                "CPU per update, this build ÷ \(subject.name), round by round (median, range; rounds ≤ 2)",
                ratios.isEmpty
                    ? "?"
                    : String(
                        format: "%.2f (%.2f–%.2f); %d of %d", Figure.quantile(ratios, 0.5), ratios.min() ?? 0, ratios.max() ?? 0,
                        ratios.filter { $0 <= 2 }.count, ratios.count))
        }
        print(table.render())
    case "all", "pipeline", "history", "e2e", "discord", "broadcast", "memory", "cards", "listener":
        var table = BenchTable()
        print("machine: \(machine())")
        if mode == "all" || mode == "pipeline" {
            let library = try RoastLibrary.load(directory: BotChild.repositoryRoot.appendingPathComponent("config/library"))
            var benchmark = PipelineBenchmark(events: quick ? 5_000 : 20_000)
            benchmark.oneByOne = option("--one-by-one").map { Int($0) }
            let result = try await benchmark.run(library: library)
            let p50 = Figure.quantile(result.latencies, 0.5)
            let p99 = Figure.quantile(result.latencies, 0.99)
            table.add(
                "pipeline throughput: EventPipeline, \(result.events) events in batches of 100, 1,000 users, 100 chats",
                "\(Figure.rate(result.throughput)) updates/s", target: "≥ 10,000/s", met: result.throughput >= 10_000)
            table.add("pipeline latency p50 (one apply, \(result.latencies.count) events one by one)", Figure.ms(p50))
            table.add("pipeline latency p99", Figure.ms(p99), target: "< 2 ms", met: p99 < 0.002)
            table.add("UpdateProcessor.apply one by one", "\(Figure.rate(result.sequentialThroughput)) updates/s")
            table.add(
                "batch of 100 from arrival to its last commit, p50 / p99",
                "\(Figure.ms(Figure.quantile(result.batchTimes, 0.5))) / \(Figure.ms(Figure.quantile(result.batchTimes, 0.99)))")
            table.add(
                "messages per command (standard mix, the events applied one by one)", result.replies.messagesPerCommandFigure,
                target: "≤ 1.05", met: result.replies.messagesPerCommand <= 1.05)
            table.add("edits per press (standard mix)", result.replies.editsPerPressFigure)
            let conversation = ConversationBenchmark()
            let talk = try conversation.run(library: library)
            let subject = "\(conversation.days) days, \(conversation.users) people in \(conversation.chats) groups, words after /roast"
            table.add(
                "messages per command (standard mix over \(subject))", talk.messagesPerCommandFigure, target: "≤ 1.05",
                met: talk.messagesPerCommand <= 1.05)
            table.add("edits per press (the same)", talk.editsPerPressFigure)
        }
        if mode == "all" || mode == "history" {
            let library = try RoastLibrary.load(directory: BotChild.repositoryRoot.appendingPathComponent("config/library"))
            let result = try HistoryBenchmark(events: quick ? 2_000 : 8_000).run(library: library)
            let subject = "one person's history (\(result.events) events in one chat, \(result.roasts) roasts)"
            for command in ["roast", "badges", "press"] {
                let times = result.lastLatencies[command] ?? []
                table.add(
                    "\(subject): \(command == "press" ? "button press" : "/" + command) p50 / p99 over the last 1,000 events",
                    "\(Figure.ms(Figure.quantile(times, 0.5))) / \(Figure.ms(Figure.quantile(times, 0.99)))", target: "p99 < 2 ms",
                    met: Figure.quantile(times, 0.99) < 0.002)
            }
            table.add("\(subject): /forgetme of it all (one transaction)", Figure.ms(result.forgetSeconds))
        }
        if mode == "all" || mode == "e2e" || mode == "memory" {
            let small = try await EndToEndBenchmark(commands: quick ? 600 : 3_000, presses: quick ? 400 : 2_000).run()
            table.add(
                "start-up to first getUpdates (empty database)", Figure.ms(small.startup), target: "≤ 100 ms", met: small.startup <= 0.1)
            table.add(
                "RSS idle after start (empty database)", Figure.resident(small.idle), target: "≤ 20 MB",
                met: small.idle.map { $0.totalKilobytes <= 20 * 1_024 })
            table.add("end to end (roastbot + fake Bot API, \(small.updates) updates)", "\(Figure.rate(small.throughput)) updates/s")
            table.add("RSS after the mix (empty database)", Figure.resident(small.after))
            let mix = try await EndToEndBenchmark.cpuMix.run()
            table.add(
                "CPU of the bot per update (user + system; \(mix.requestSummary))", Figure.cpuPerUpdate(mix), target: "≤ 0.38 ms",
                met: mix.cpuPerUpdate.map { $0 <= 0.000_38 })
            table.add(
                "new TCP connections per request (the same mix)", Figure.connections(mix), target: "≤ 0.01",
                met: mix.connectionsPerRequest <= 0.01)
            var hooked = EndToEndBenchmark(commands: quick ? 600 : 3_000, presses: quick ? 400 : 2_000)
            hooked.ingress = .webhook
            let webhook = try await hooked.run()
            table.add(
                "end to end in webhook mode (the same mix POSTed by the fake, max_connections 8)",
                "\(Figure.rate(webhook.throughput)) updates/s")
            table.add("start-up to setWebhook (webhook mode, empty database)", Figure.ms(webhook.startup))
            table.add("RSS after the mix in webhook mode (empty database)", Figure.resident(webhook.after))
            let big = try await EndToEndBenchmark(commands: quick ? 600 : 3_000, presses: quick ? 400 : 2_000, prefilledProfiles: 100_000)
                .run()
            table.add(
                "start-up to first getUpdates (100,000 profiles)", Figure.ms(big.startup), target: "≤ 100 ms", met: big.startup <= 0.1)
            table.add(
                "RSS idle after start (100,000 profiles)", Figure.resident(big.idle), target: "≤ 20 MB",
                met: big.idle.map { $0.totalKilobytes <= 20 * 1_024 })
            table.add(
                "RSS after the mix (100,000 profiles)", Figure.resident(big.after), target: "≤ 40 MB",
                met: big.after.map { $0.totalKilobytes <= 40 * 1_024 })
            table.add("end to end with 100,000 profiles", "\(Figure.rate(big.throughput)) updates/s")
        }
        if mode == "all" || mode == "e2e" || mode == "discord" {
            let burst = try await DiscordEndToEndBenchmark(commands: quick ? 300 : 1_000).run()
            table.add("Discord: start-up to the gateway session (empty database)", Figure.ms(burst.startup))
            table.add("Discord: RSS idle after start (empty database)", Figure.resident(burst.idle))
            table.add(
                "Discord end to end (roastbot + fake Discord, \(burst.commands) slash commands dispatched at once)",
                "\(Figure.rate(burst.throughput)) commands/s")
            table.add(
                "Discord: dispatch → interaction callback, p50 / p99 (the same burst; later than 3 s: \(burst.late), refused: \(burst.refused))",
                Figure.seconds(burst.callbackDelays), target: "p99 < 3 s", met: Figure.quantile(burst.callbackDelays, 0.99) < 3)
            table.add("Discord: CPU of the bot per command (user + system; the same burst)", Figure.cpuPerCommand(burst))
            table.add("Discord: RSS after the burst (empty database)", Figure.resident(burst.after))
            let paced = try await DiscordEndToEndBenchmark(commands: quick ? 100 : 300, pace: 20).run()
            table.add(
                "Discord: dispatch → interaction callback, p50 / p99 (\(paced.commands) commands at 20/s; later than 3 s: \(paced.late))",
                Figure.seconds(paced.callbackDelays), target: "p99 < 3 s", met: Figure.quantile(paced.callbackDelays, 0.99) < 3)
            table.add("Discord: CPU of the bot per command (the same, at 20/s)", Figure.cpuPerCommand(paced))
        }
        if mode == "all" || mode == "listener" {
            let result = try await ListenerBenchmark(floodSeconds: quick ? 4 : 10).run()
            func answers(_ answers: [ListenerBenchmark.Answer?]) -> String {
                let times = answers.compactMap { $0?.seconds }
                let statuses = answers.map { $0.map { "\($0.status)" } ?? "none" }.joined(separator: ", ")
                return "\(Figure.ms(Figure.quantile(times, 0.5))) / \(Figure.ms(times.max() ?? 0)); answers \(statuses)"
            }
            table.add("webhook listener: a head with one 64 KB line, to its answer, p50 / max", answers(result.longHeads))
            table.add("the same with one 256 KB line (two alone, then two at once)", answers(result.hugeHeads))
            table.add(
                "a /roast delivered while two 256 KB heads arrive, to its reply", result.roastDuringHugeHeads.map(Figure.ms) ?? "no reply",
                target: "answered", met: result.roastDuringHugeHeads != nil)
            table.add(
                "forged deliveries on 16 kept-alive connections, each sent when the last was answered: per second (401: \(result.forgedRefused) of \(result.forgedSent))",
                Figure.rate(result.floodRate))
            table.add(
                "real updates during the flood: answered / sent", "\(result.realDuringFlood.answered) / \(result.realDuringFlood.sent)",
                target: "all", met: result.realDuringFlood.answered >= result.realDuringFlood.sent)
            table.add(
                "bot RSS before the flood, peak during it, 2 s after",
                "\(Figure.resident(result.before)); \(Figure.mb(result.peakKilobytes)); \(Figure.resident(result.after))")
            table.add(
                "1,100 idle connections open (bot under 1,024 open files): a forged delivery on a new connection, to its answer",
                answers([result.newConnectionWithIdle]), target: "answered", met: result.newConnectionWithIdle != nil)
            table.add(
                "the same: a /roast, to its reply; RSS then",
                "\(result.roastWithIdle.map(Figure.ms) ?? "no reply"); \(Figure.resident(result.withIdle))", target: "answered",
                met: result.roastWithIdle != nil)
        }
        if mode == "all" || mode == "broadcast" {
            let chats = option("--chats").map(Int.init) ?? (quick ? 300 : 900)
            let result = try await BroadcastBenchmark(messages: chats).run()
            table.add(
                "broadcast: \(result.delivered) chats at 30 msg/s global",
                String(format: "%.2f msg/s = %@ of allowed", result.rate, Figure.percent(result.share)),
                target: "≥ 95 %", met: result.share >= 0.95)
            table.add("broadcast: 429 answers", "\(result.tooManyRequests)", target: "0", met: result.tooManyRequests == 0)
        }
        if mode == "all" || mode == "cards" {
            let library = try RoastLibrary.load(directory: BotChild.repositoryRoot.appendingPathComponent("config/library"))
            if let directory = textOption("--samples") {
                for url in try CardBenchmark.writeSamples(library: library, to: URL(fileURLWithPath: directory)) { print(url.path) }
            }
            let result = try CardBenchmark(cardsPerFormat: option("--cards").map { Int($0) } ?? (quick ? 100 : 400)).run(library: library)
            table.add("cards: first render (1080×1920; loads fontconfig and the fonts)", Figure.ms(result.firstRender))
            for format in [CardFormat.story, .post] {
                let times = result.latencies[format] ?? []
                let p99 = Figure.quantile(times, 0.99)
                let size = "\(format.width)×\(format.height)"
                table.add(
                    "cards: render \(size) to PNG, p50 / p99 (\(times.count) cards)",
                    "\(Figure.ms(Figure.quantile(times, 0.5))) / \(Figure.ms(p99))", target: format == .story ? "p99 ≤ 100 ms" : "",
                    met: format == .story ? p99 <= 0.1 : nil)
                let bytes = (result.pngBytes[format] ?? []).map(Double.init)
                table.add("cards: PNG size \(size), p50", String(format: "%.0f KB", Figure.quantile(bytes, 0.5) / 1_024))
            }
            table.add(
                "cards: heatmap 1080×840, p50 / p99",
                "\(Figure.ms(Figure.quantile(result.heatmapLatencies, 0.5))) / \(Figure.ms(Figure.quantile(result.heatmapLatencies, 0.99)))"
            )
            table.add("cards: renderer RSS before the first card (in process)", Figure.resident(result.before))
            table.add("cards: renderer RSS after the first card (in process)", Figure.resident(result.afterFirst))
            table.add("cards: renderer RSS after all cards (in process)", Figure.resident(result.after))
            let pressed = try await CardPressBenchmark(cards: quick ? 15 : 40).run()
            table.add("cards via the bot: 🖼 press → photo uploaded, first (starts roastbot-render)", Figure.ms(pressed.first))
            table.add(
                "cards via the bot: 🖼 press → photo uploaded, p50 / p99 (\(pressed.drawn.count) story cards)",
                "\(Figure.ms(Figure.quantile(pressed.drawn, 0.5))) / \(Figure.ms(Figure.quantile(pressed.drawn, 0.99)))", target: "≤ 2 s",
                met: Figure.quantile(pressed.drawn, 0.99) <= 2)
            table.add(
                "cards via the bot: a press on a card posted before (file id), p50",
                Figure.ms(Figure.quantile(pressed.stored, 0.5)))
            table.add("cards via the bot: roastbot RSS idle (no picture yet)", Figure.resident(pressed.botIdle))
            table.add("cards via the bot: roastbot RSS after the first card", Figure.resident(pressed.botAfterFirst))
            table.add("cards via the bot: roastbot RSS after \(pressed.drawn.count + 1) cards", Figure.resident(pressed.botAfter))
            table.add("cards via the bot: roastbot-render RSS after the first card", Figure.resident(pressed.rendererAfterFirst))
            table.add(
                "cards via the bot: roastbot-render RSS after \(pressed.drawn.count + 1) cards", Figure.resident(pressed.rendererAfter))
        }
        print(table.render())
    default:
        print(
            "usage: roastbot-bench [all|pipeline|history|e2e|discord|broadcast|memory|cards|listener] [--quick] [--chats N] [--one-by-one N] [--samples DIR] [--cards N] | cpu [--runs N] [--bot PATH]… [--compare COMMAND]… | soak [--minutes N] [--rate R]"
        )
        exit(2)
    }
} catch {
    print("roastbot-bench: \(error)")
    exit(1)
}
