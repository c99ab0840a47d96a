import Foundation

/// systemd's notification protocol (`sd_notify`): one datagram of `KEY=value` lines to the socket
/// named in `NOTIFY_SOCKET`, which systemd sets for a `Type=notify` unit. Without that variable
/// (run by hand, in a container) there is no notifier.
struct SystemdNotifier: Sendable {
    let socketPath: String

    /// The notifier systemd asked for, if any.
    static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> SystemdNotifier? {
        guard let path = environment["NOTIFY_SOCKET"], !path.isEmpty else { return nil }
        return SystemdNotifier(socketPath: path)
    }

    /// The watchdog interval systemd expects pings within (`WatchdogSec=`), when it is on for this process.
    static func watchdogInterval(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Duration? {
        guard let text = environment["WATCHDOG_USEC"], let microseconds = Int64(text), microseconds > 0 else { return nil }
        if let pid = environment["WATCHDOG_PID"], pid != String(getpid()) { return nil }
        return .microseconds(microseconds)
    }

    /// Sends `state` (e.g. `READY=1`, `WATCHDOG=1`, `STATUS=…`); returns whether it was sent.
    @discardableResult
    func send(_ state: String) -> Bool {
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        // An abstract socket is written with a leading "@" and addressed with a leading NUL byte.
        var path = Array(socketPath.utf8)
        if path.first == UInt8(ascii: "@") { path[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.count < capacity else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.enumerated() { buffer[index] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + path.count)
        let bytes = Array(state.utf8)
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                sendto(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL), address, length)
            }
        }
        return sent == bytes.count
    }
}
