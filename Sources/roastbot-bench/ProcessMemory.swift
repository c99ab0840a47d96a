import Foundation

/// Resident memory read from `/proc/<pid>/status` (Linux).
///
/// VmRSS is what the targets name. It counts the pages of the shared libraries' code that the
/// process touched (file-backed: the Swift runtime, Foundation, ICU, OpenSSL…, clean and reclaimable
/// by the kernel, shared with any other process using them) together with the process's own
/// anonymous memory (heap, thread stacks); the two are reported apart so a reader can tell which grew.
enum ProcessMemory {
    struct Resident: Sendable {
        /// VmRSS.
        var totalKilobytes: Int
        /// RssAnon: heap, stacks and other private memory.
        var anonymousKilobytes: Int
        /// RssFile: mapped files, mostly the code of the executable and its libraries.
        var fileKilobytes: Int
    }

    /// VmRSS in kilobytes of `pid` (this process when nil); nil when unreadable.
    static func residentKilobytes(of pid: Int32? = nil) -> Int? {
        resident(of: pid)?.totalKilobytes
    }

    /// VmRSS and its anonymous and file-backed parts of `pid` (this process when nil); nil when unreadable.
    static func resident(of pid: Int32? = nil) -> Resident? {
        let path = "/proc/\(pid.map(String.init) ?? "self")/status"
        guard let status = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        var fields: [Substring: Int] = [:]
        for line in status.split(separator: "\n") {
            // "VmRSS:\t   38404 kB"
            let parts = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard parts.count >= 2, let value = Int(parts[1]) else { continue }
            fields[parts[0]] = value
        }
        guard let total = fields["VmRSS:"], let anonymous = fields["RssAnon:"], let file = fields["RssFile:"] else { return nil }
        return Resident(totalKilobytes: total, anonymousKilobytes: anonymous, fileKilobytes: file)
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
