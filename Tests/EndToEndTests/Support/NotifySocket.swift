import Foundation
import Glibc
import Synchronization

/// A datagram socket standing in for systemd's notification socket, collecting what the bot sends.
final class NotifySocket: Sendable {
    let path: String
    private let descriptor: Int32
    private let messages = Mutex<[String]>([])
    private let closed = Atomic<Bool>(false)

    init() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("notify-\(UUID().uuidString.prefix(8))").path
        self.path = path
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw POSIXError(.EADDRINUSE) }
        var wait = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        self.descriptor = descriptor
        Thread { [self] in readUntilClosed() }.start()
    }

    var received: [String] { messages.withLock { $0 } }

    func clear() { messages.withLock { $0.removeAll() } }

    /// Waits until some message received satisfies `condition`.
    func waitFor(timeout: Double, _ condition: @Sendable (String) -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if received.contains(where: condition) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    func close() {
        closed.store(true, ordering: .releasing)
        unlink(path)
    }

    private func readUntilClosed() {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while !closed.load(ordering: .acquiring) {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { continue }
            let text = String(decoding: buffer[0..<count], as: UTF8.self)
            messages.withLock { $0.append(text) }
        }
        Glibc.close(descriptor)
    }
}
