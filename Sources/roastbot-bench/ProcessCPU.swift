import Foundation

/// CPU time a process has used, read from `/proc/<pid>/stat` (Linux).
///
/// The measure this benchmark trusts on a shared VM whose speed drifts: wall-clock throughput moves
/// with the neighbours' load, the CPU the bot spends per update much less.
enum ProcessCPU {
    /// User + system time of `pid` so far, all its threads, in seconds (clock ticks of 10 ms); nil
    /// when unreadable.
    static func seconds(of pid: Int32) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // After "pid (comm) ": state is field 3, utime field 14, stime field 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Whether `pid` has exited: gone from `/proc`, or a zombie not yet reaped. Reads nothing but the
    /// process id, so any task may ask.
    static func hasExited(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return true }
        let state = stat[stat.index(after: close)...].split(separator: " ").first
        return state == "Z" || state == "X"
    }
}
