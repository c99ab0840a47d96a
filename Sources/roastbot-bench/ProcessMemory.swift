import Foundation

/// Resident memory read from `/proc/<pid>/status` (Linux).
enum ProcessMemory {
    /// VmRSS in kilobytes of `pid` (this process when nil); nil when unreadable.
    static func residentKilobytes(of pid: Int32? = nil) -> Int? {
        let path = "/proc/\(pid.map(String.init) ?? "self")/status"
        guard let status = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        }
        return nil
    }
}

/// Monotonic seconds for measuring intervals.
enum Stopwatch {
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
