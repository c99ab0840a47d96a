/// The figures of one benchmark run, printed as an aligned text table.
struct BenchTable {
    struct Row {
        var measure: String
        var value: String
        var target: String
        /// nil when the row has no target to meet.
        var met: Bool?
    }

    private(set) var rows: [Row] = []

    mutating func add(_ measure: String, _ value: String, target: String = "", met: Bool? = nil) {
        rows.append(Row(measure: measure, value: value, target: target, met: met))
    }

    /// Markdown-compatible, so it can be pasted into docs/performance.md as is.
    func render() -> String {
        let header = Row(measure: "measure", value: "value", target: "target", met: nil)
        let all = [header] + rows
        let widths = (
            all.map(\.measure.count).max() ?? 0, all.map(\.value.count).max() ?? 0, all.map(\.target.count).max() ?? 0
        )
        func line(_ row: Row, verdict: String) -> String {
            "| " + row.measure.padding(widths.0) + " | " + row.value.padding(widths.1) + " | " + row.target.padding(widths.2)
                + " | " + verdict.padding(4) + " |"
        }
        var out = [line(header, verdict: "ok?")]
        out.append("|" + [widths.0, widths.1, widths.2, 4].map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|")
        for row in rows {
            out.append(line(row, verdict: row.met.map { $0 ? "yes" : "NO" } ?? ""))
        }
        return out.joined(separator: "\n")
    }
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}

/// Number formatting for the table.
enum Figure {
    static func rate(_ value: Double) -> String { String(format: "%.0f", value) }
    static func ms(_ seconds: Double) -> String { String(format: "%.3f ms", seconds * 1_000) }
    static func mb(_ kilobytes: Int) -> String { String(format: "%.1f MB", Double(kilobytes) / 1_024) }
    /// VmRSS with its parts: "40.1 MB (anonymous 4.8, files 35.3)".
    static func resident(_ resident: ProcessMemory.Resident?) -> String {
        guard let resident else { return "?" }
        return mb(resident.totalKilobytes)
            + String(
                format: " (anonymous %.1f, files %.1f)", Double(resident.anonymousKilobytes) / 1_024, Double(resident.fileKilobytes) / 1_024
            )
    }
    static func percent(_ share: Double) -> String { String(format: "%.1f %%", share * 100) }
    /// "0.512 ms (1.536 s over 3,000 updates)".
    static func cpuPerUpdate(_ result: EndToEndBenchmark.Result) -> String {
        guard let seconds = result.cpuSeconds, let perUpdate = result.cpuPerUpdate else { return "?" }
        return ms(perUpdate) + String(format: " (%.2f s over %d updates)", seconds, result.updates)
    }
    /// "0.512 ms (0.51 s over 1000 commands)".
    static func cpuPerCommand(_ result: DiscordEndToEndBenchmark.Result) -> String {
        guard let seconds = result.cpuSeconds, let perCommand = result.cpuPerCommand else { return "?" }
        return ms(perCommand) + String(format: " (%.2f s over %d commands)", seconds, result.commands)
    }
    /// p50 / p99 of `samples` in milliseconds: "12.345 ms / 1,501.000 ms".
    static func seconds(_ samples: [Double]) -> String {
        "\(ms(quantile(samples, 0.5))) / \(ms(quantile(samples, 0.99)))"
    }
    /// "0.028 (117 over 4,217 requests); second half of the presses 0.000 (0 over 1,201)".
    static func connections(_ result: EndToEndBenchmark.Result) -> String {
        String(
            format: "%.3f (%d over %d requests); second half of the presses %.3f (%d over %d)", result.connectionsPerRequest,
            result.newConnections,
            result.totalRequests, result.steadyConnectionsPerRequest, result.steadyConnections, result.steadyRequests)
    }

    /// The value at quantile `q` (0…1) of unsorted `samples`.
    static func quantile(_ samples: [Double], _ q: Double) -> Double {
        guard !samples.isEmpty else { return .nan }
        let sorted = samples.sorted()
        let index = min(sorted.count - 1, max(0, Int((Double(sorted.count) * q).rounded(.up)) - 1))
        return sorted[index]
    }
}
