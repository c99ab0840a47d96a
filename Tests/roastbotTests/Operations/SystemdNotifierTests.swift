import Foundation
import Glibc
import Testing

@testable import roastbot

/// systemd's notification protocol: a datagram to `NOTIFY_SOCKET`, and the watchdog interval from
/// `WATCHDOG_USEC` when meant for this process.
struct SystemdNotifierTests {
    @Test func thereIsNoNotifierOutsideSystemd() {
        #expect(SystemdNotifier.fromEnvironment([:]) == nil)
        #expect(SystemdNotifier.fromEnvironment(["NOTIFY_SOCKET": ""]) == nil)
        #expect(SystemdNotifier.fromEnvironment(["NOTIFY_SOCKET": "/run/systemd/notify"])?.socketPath == "/run/systemd/notify")
    }

    @Test func theWatchdogIntervalIsForThisProcessOnly() {
        #expect(SystemdNotifier.watchdogInterval([:]) == nil)
        #expect(SystemdNotifier.watchdogInterval(["WATCHDOG_USEC": "30000000"]) == .seconds(30))
        #expect(SystemdNotifier.watchdogInterval(["WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "\(getpid())"]) == .seconds(30))
        #expect(SystemdNotifier.watchdogInterval(["WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "1"]) == nil, "meant for another process")
        #expect(SystemdNotifier.watchdogInterval(["WATCHDOG_USEC": "0"]) == nil)
        #expect(SystemdNotifier.watchdogInterval(["WATCHDOG_USEC": "soon"]) == nil)
    }

    @Test func aStateIsOneDatagram() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("notify-\(UUID().uuidString.prefix(8))").path
        defer { unlink(path) }
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        #expect(SystemdNotifier(socketPath: path).send("READY=1\nSTATUS=ok"))
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        #expect(count > 0)
        #expect(String(decoding: buffer[0..<max(count, 0)], as: UTF8.self) == "READY=1\nSTATUS=ok")
        #expect(!SystemdNotifier(socketPath: path + "-missing").send("WATCHDOG=1"))
    }
}
