import Foundation
import Synchronization

/// A bare TCP connection to a loopback port (tests and benchmarks), for what an HTTP client library will not send: heads
/// with a line too long, requests pipelined on one connection, connections left idle. Its blocking
/// socket calls run on a thread of their own, never on the cooperative pool (the fake Bot API in this
/// process is served from it).
///
/// `@unchecked Sendable`: it wraps a socket descriptor, used by one call at a time.
public final class RawHTTPConnection: @unchecked Sendable {
    private let descriptor: Int32
    private let closed = Mutex(false)

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { close() }

    /// Connects to `127.0.0.1:port`; nil when nothing accepted within `timeout` seconds.
    public static func open(port: UInt16, timeout: Double = 5) async -> RawHTTPConnection? {
        await onThread { openBlocking(port: port, timeout: timeout) }
    }

    /// `count` connections to `127.0.0.1:port` that send nothing; stops at the first that fails.
    public static func openIdle(_ count: Int, port: UInt16) async -> [RawHTTPConnection] {
        await onThread {
            var connections: [RawHTTPConnection] = []
            for _ in 0..<count {
                guard let connection = openBlocking(port: port, timeout: 2) else { break }
                connections.append(connection)
            }
            return connections
        }
    }

    /// Sends every byte; false when the peer stopped taking them (closed, reset).
    @discardableResult
    public func send(_ bytes: [UInt8]) async -> Bool {
        await onThread { [self] in sendBlocking(bytes) }
    }

    @discardableResult
    public func send(_ text: String) async -> Bool {
        await send(Array(text.utf8))
    }

    /// Reads until `enough` holds for what arrived, the peer closes, or `timeout` seconds pass.
    public func receive(timeout: Double = 30, until enough: @escaping @Sendable ([UInt8]) -> Bool = { _ in false }) async -> [UInt8] {
        await onThread { [self] in receiveBlocking(timeout: timeout, until: enough) }
    }

    /// The responses that arrived until `count` were complete, the peer closed, or `timeout` passed.
    public func responses(_ count: Int, timeout: Double = 30) async -> [RawHTTPResponse] {
        let bytes = await receive(timeout: timeout) { RawHTTPResponse.parseAll($0).count >= count }
        return RawHTTPResponse.parseAll(bytes)
    }

    // MARK: Blocking forms, for a thread of the caller's own (a benchmark's load)

    public static func openBlocking(port: UInt16, timeout: Double = 5) -> RawHTTPConnection? {
        connect(port: port, timeout: timeout).map(RawHTTPConnection.init(descriptor:))
    }

    @discardableResult
    public func sendBlocking(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { Foundation.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            sent += written
        }
        return true
    }

    public func receiveBlocking(timeout: Double = 30, until enough: ([UInt8]) -> Bool = { _ in false }) -> [UInt8] {
        var received: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !enough(received) {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { break }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(left, 1) * 1_000) + 1)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            received += buffer[0..<count]
        }
        return received
    }

    /// Whether the peer closed the connection within `timeout` seconds (what it sent first is dropped).
    public func closedByPeer(within timeout: Double) async -> Bool {
        await onThread { [descriptor] in
            let deadline = Date().addingTimeInterval(timeout)
            var buffer = [UInt8](repeating: 0, count: 4_096)
            while deadline.timeIntervalSinceNow > 0 {
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 100) > 0 else { continue }
                let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                if count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN) { return true }
            }
            return false
        }
    }

    public func close() {
        let wasOpen = closed.withLock { closed in
            defer { closed = true }
            return !closed
        }
        if wasOpen { _ = Foundation.close(descriptor) }
    }

    /// Runs blocking socket work on a new thread and waits for it without holding a pool thread.
    public static func onThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: body()) }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    private func onThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await Self.onThread(body)
    }

    /// A blocking TCP socket connected to 127.0.0.1:port, or nil.
    private static func connect(port: UInt16, timeout: Double) -> Int32? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
        let started = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Foundation.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if started != 0 {
            guard errno == EINPROGRESS else {
                _ = Foundation.close(descriptor)
                return nil
            }
            var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            var failure: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard poll(&poller, 1, Int32(timeout * 1_000)) == 1, getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &length) == 0,
                failure == 0
            else {
                _ = Foundation.close(descriptor)
                return nil
            }
        }
        _ = fcntl(descriptor, F_SETFL, flags)
        return descriptor
    }
}

/// One HTTP/1.1 response as read off the wire.
public struct RawHTTPResponse: Sendable, Hashable {
    public var status: Int
    public var headers: [String: String]
    public var body: String

    /// Every complete response at the start of `bytes` (bodies by `Content-Length`).
    public static func parseAll(_ bytes: [UInt8]) -> [RawHTTPResponse] {
        var responses: [RawHTTPResponse] = []
        var rest = bytes[...]
        while let end = rest.firstRange(of: Array("\r\n\r\n".utf8)) {
            let lines = String(decoding: rest[rest.startIndex..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
            let parts = lines.first?.split(separator: " ") ?? []
            guard parts.count >= 2, let status = Int(parts[1]) else { break }
            var headers: [String: String] = [:]
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            let length = Int(headers["content-length"] ?? "0") ?? 0
            guard rest.distance(from: end.upperBound, to: rest.endIndex) >= length else { break }
            let bodyEnd = rest.index(end.upperBound, offsetBy: length)
            responses.append(
                RawHTTPResponse(status: status, headers: headers, body: String(decoding: rest[end.upperBound..<bodyEnd], as: UTF8.self)))
            rest = rest[bodyEnd...]
        }
        return responses
    }
}
