import CurlHTTP
import FlyingFox
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("CurlHTTPClient against 127.0.0.1")
struct CurlHTTPClientTests {
    // MARK: - Round trips

    @Test func getReturnsStatusHeadersAndBody() async throws {
        let server = try await EchoServer.start()
        defer { Task { await server.stop() } }
        let client = CurlHTTPClient()
        defer { client.shutdown() }

        let response = try await client.send(
            CurlHTTP.HTTPRequest(method: .get, url: server.url("/hello?x=1"), headers: [(name: "X-Test", value: "abc")])
        )

        #expect(response.status == 200)
        #expect(response.headers["x-echo-method"] == "GET")
        #expect(response.headers["x-echo-x-test"] == "abc")
        #expect(response.headers["x-echo-user-agent"] == "roastbot/1.0")
        #expect(String(decoding: response.body, as: UTF8.self) == "/hello")
    }

    @Test func postSendsBodyAndHeadersAndReceivesEcho() async throws {
        let server = try await EchoServer.start()
        defer { Task { await server.stop() } }
        let client = CurlHTTPClient()
        defer { client.shutdown() }
        let body = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 * 7) }

        let response = try await client.send(
            CurlHTTP.HTTPRequest(
                method: .post, url: server.url("/upload"),
                headers: [(name: "Content-Type", value: "application/octet-stream"), (name: "X-Test", value: "post")],
                body: body)
        )

        #expect(response.status == 200)
        #expect(response.headers["x-echo-method"] == "POST")
        #expect(response.headers["x-echo-x-test"] == "post")
        #expect(response.headers["x-echo-content-type"] == "application/octet-stream")
        #expect(response.body == body)
    }

    /// Discord edits with PATCH and replaces command sets with PUT: the method goes on the request line with its body,
    /// and a request's own User-Agent replaces the client's default.
    @Test(arguments: [CurlHTTP.HTTPRequest.Method.put, .patch, .delete])
    func otherMethodsSendTheirNameAndBody(method: CurlHTTP.HTTPRequest.Method) async throws {
        let server = try await EchoServer.start()
        defer { Task { await server.stop() } }
        let client = CurlHTTPClient()
        defer { client.shutdown() }
        let body = Array(#"{"content":"edited"}"#.utf8)

        let response = try await client.send(
            CurlHTTP.HTTPRequest(
                method: method, url: server.url("/channels/1/messages/2"),
                headers: [
                    (name: "Content-Type", value: "application/json"), (name: "User-Agent", value: "DiscordBot (https://example.com, 1.0)"),
                    (name: "X-Test", value: "first"),
                ],
                body: body))

        #expect(response.headers["x-echo-method"] == method.rawValue)
        #expect(response.headers["x-echo-user-agent"] == "DiscordBot (https://example.com, 1.0)")
        #expect(response.body == body)
        // The handle is reused afterwards, for a POST and then a GET: neither the method, nor the
        // headers, nor the user agent of a request stick to it.
        let post = try await client.send(CurlHTTP.HTTPRequest(method: .post, url: server.url("/after"), body: Array("next".utf8)))
        #expect(post.headers["x-echo-method"] == "POST")
        #expect(post.body == Array("next".utf8))
        #expect(post.headers["x-echo-x-test"] == nil)
        #expect(post.headers["x-echo-user-agent"] == "roastbot/1.0")
        let get = try await client.send(CurlHTTP.HTTPRequest(method: .get, url: server.url("/last")))
        #expect(get.headers["x-echo-method"] == "GET")
        #expect(String(decoding: get.body, as: UTF8.self) == "/last")
    }

    /// A response past the request's limit fails at the limit, announced or not, instead of being
    /// collected in memory; the next request on the client works.
    @Test func aResponseLargerThanTheLimitFailsAtTheLimit() async throws {
        let announced = try await EchoServer.start()
        defer { Task { await announced.stop() } }
        let unannounced = try RawServer(behaviour: .unannouncedBody(bytes: 8 << 20))
        defer { unannounced.stop() }
        let client = CurlHTTPClient()
        defer { client.shutdown() }
        let limit = 1 << 20
        let big = [UInt8](repeating: 7, count: 3 << 20)
        await #expect(throws: HTTPError.responseTooLarge(limit: limit)) {
            try await client.send(CurlHTTP.HTTPRequest(method: .post, url: announced.url("/big"), body: big, maximumResponseBytes: limit))
        }
        await #expect(throws: HTTPError.responseTooLarge(limit: limit)) {
            try await client.send(CurlHTTP.HTTPRequest(method: .get, url: unannounced.url("/stream"), maximumResponseBytes: limit))
        }
        let small = try await client.send(CurlHTTP.HTTPRequest(method: .get, url: announced.url("/ok"), maximumResponseBytes: limit))
        #expect(String(decoding: small.body, as: UTF8.self) == "/ok")
    }

    @Test func postWithEmptyBodySendsZeroLength() async throws {
        let server = try await EchoServer.start()
        defer { Task { await server.stop() } }
        let client = CurlHTTPClient()
        defer { client.shutdown() }

        let response = try await client.send(CurlHTTP.HTTPRequest(method: .post, url: server.url("/empty")))

        #expect(response.status == 200)
        #expect(response.headers["x-echo-method"] == "POST")
        #expect(response.body.isEmpty)
    }

    @Test(arguments: [200, 404, 500])
    func statusCodesAreResponsesNotErrors(status: Int) async throws {
        let server = try await EchoServer.start()
        defer { Task { await server.stop() } }
        let client = CurlHTTPClient()
        defer { client.shutdown() }

        let response = try await client.send(CurlHTTP.HTTPRequest(method: .get, url: server.url("/status/\(status)")))

        #expect(response.status == status)
        #expect(String(decoding: response.body, as: UTF8.self) == "status \(status)")
    }

    // MARK: - Failures

    @Test func closedPortFailsWithConnectionRefused() async throws {
        let port = try RawServer.closedPort()
        let client = CurlHTTPClient()
        defer { client.shutdown() }

        let result = await outcome(client, CurlHTTP.HTTPRequest(method: .get, url: "http://127.0.0.1:\(port)/"))

        #expect(result.failure == .connectionRefused)
    }

    @Test func silentServerFailsWithTimedOut() async throws {
        let server = try RawServer(behaviour: .neverAnswer)
        defer { server.stop() }
        let client = CurlHTTPClient()
        defer { client.shutdown() }

        let result = await outcome(client, CurlHTTP.HTTPRequest(method: .get, url: server.url("/"), timeout: 0.5))

        #expect(result.failure == .timedOut)
    }

    @Test func droppedConnectionMidResponseFailsWithConnectionLost() async throws {
        let server = try RawServer(behaviour: .dropMidResponse)
        defer { server.stop() }
        let client = CurlHTTPClient()
        defer { client.shutdown() }

        let result = await outcome(client, CurlHTTP.HTTPRequest(method: .get, url: server.url("/")))

        guard case .connectionLost = result.failure else {
            Issue.record("expected connectionLost, got \(result)")
            return
        }
    }

    @Test func unsupportedSchemeIsAnInvalidRequest() async throws {
        let client = CurlHTTPClient()
        defer { client.shutdown() }

        let result = await outcome(client, CurlHTTP.HTTPRequest(url: "file:///etc/passwd"))

        guard case .invalidRequest = result.failure else {
            Issue.record("expected invalidRequest, got \(result)")
            return
        }
    }

    @Test func headerWithLineBreakIsRejectedBeforeSending() async throws {
        let server = try RawServer(behaviour: .keepAlive)
        defer { server.stop() }
        let client = CurlHTTPClient()
        defer { client.shutdown() }

        let result = await outcome(
            client,
            CurlHTTP.HTTPRequest(url: server.url("/"), headers: [(name: "X-Test", value: "a\r\nInjected: yes")]))

        #expect(result.failure == .invalidRequest("header value contains a line break"))
        #expect(server.acceptedConnections == 0)
    }

    enum SecretURLFault: CaseIterable {
        case refused, truncated, unsupportedScheme, malformed
    }

    @Test(arguments: SecretURLFault.allCases)
    func errorDescriptionsNeverContainTheToken(fault: SecretURLFault) async throws {
        let server = try RawServer(behaviour: .dropMidResponse)
        defer { server.stop() }
        let client = CurlHTTPClient()
        defer { client.shutdown() }
        let path = "/bot123456:SECRET/getUpdates"
        let url =
            switch fault {
            case .refused: "http://127.0.0.1:\(try RawServer.closedPort())\(path)"
            case .truncated: server.url(path)
            case .unsupportedScheme: "gopher://127.0.0.1\(path)"
            case .malformed: "http://[127.0.0.1\(path)"
            }

        let result = await outcome(client, CurlHTTP.HTTPRequest(method: .get, url: url))

        let error = try #require(result.failure)
        #expect(!String(describing: error).contains("SECRET"))
        #expect(!String(reflecting: error).contains("SECRET"))
        #expect(!error.localizedDescription.contains("SECRET"))
    }

    // MARK: - Cancellation and shutdown

    @Test func cancellingTheTaskFailsTheRequestWithCancelled() async throws {
        let server = try RawServer(behaviour: .neverAnswer)
        defer { server.stop() }
        let client = CurlHTTPClient()
        defer { client.shutdown() }

        let task = Task { await outcome(client, CurlHTTP.HTTPRequest(method: .get, url: server.url("/"), timeout: 30)) }
        try await server.waitForConnections(1)
        task.cancel()

        #expect(await task.value.failure == .cancelled)
    }

    @Test func alreadyCancelledTaskFailsWithoutConnecting() async throws {
        let server = try RawServer(behaviour: .keepAlive)
        defer { server.stop() }
        let client = CurlHTTPClient()
        defer { client.shutdown() }

        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await outcome(client, CurlHTTP.HTTPRequest(method: .get, url: server.url("/")))
        }

        #expect(await task.value.failure == .cancelled)
        #expect(server.acceptedConnections == 0)
    }

    @Test func shutdownFailsPendingAndLaterRequestsWithCancelled() async throws {
        let server = try RawServer(behaviour: .neverAnswer)
        defer { server.stop() }
        let client = CurlHTTPClient()

        let pending = Task {
            await outcome(client, CurlHTTP.HTTPRequest(method: .get, url: server.url("/"), timeout: 50))
        }
        try await server.waitForConnections(1)
        client.shutdown()

        #expect(await pending.value.failure == .cancelled)
        #expect(await outcome(client, CurlHTTP.HTTPRequest(method: .get, url: server.url("/"))).failure == .cancelled)
    }

    // MARK: - Concurrency and reuse

    @Test func concurrentRequestsCompleteWhileALongPollIsPending() async throws {
        let silent = try RawServer(behaviour: .neverAnswer)
        defer { silent.stop() }
        let server = try await EchoServer.start()
        defer { Task { await server.stop() } }
        let client = CurlHTTPClient()
        defer { client.shutdown() }

        let longPoll = Task {
            await outcome(client, CurlHTTP.HTTPRequest(method: .get, url: silent.url("/"), timeout: 50))
        }
        try await silent.waitForConnections(1)

        let bodies = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for index in 0..<20 {
                group.addTask {
                    let response = try await client.send(
                        CurlHTTP.HTTPRequest(method: .get, url: server.url("/n/\(index)")))
                    #expect(response.status == 200)
                    return (index, String(decoding: response.body, as: UTF8.self))
                }
            }
            return try await group.reduce(into: [Int: String]()) { $0[$1.0] = $1.1 }
        }
        longPoll.cancel()

        #expect(bodies == Dictionary(uniqueKeysWithValues: (0..<20).map { ($0, "/n/\($0)") }))
        #expect(await longPoll.value.failure == .cancelled)
    }

    @Test func sequentialRequestsReuseOneConnection() async throws {
        let server = try RawServer(behaviour: .keepAlive)
        defer { server.stop() }
        let client = CurlHTTPClient()
        defer { client.shutdown() }

        for index in 0..<50 {
            let response = try await client.send(CurlHTTP.HTTPRequest(method: .get, url: server.url("/r/\(index)")))
            #expect(response.status == 200)
            #expect(String(decoding: response.body, as: UTF8.self) == "/r/\(index)")
        }

        #expect(server.acceptedConnections <= 2)
        #expect(client.connectionsOpened == server.acceptedConnections)
    }

    /// Bursts of more transfers than the old cache of 8 held: the connections of the first burst are
    /// kept and serve the later ones, instead of being closed when the burst ends and opened again.
    @Test func burstsOfConcurrentRequestsReuseTheirConnections() async throws {
        let server = try RawServer(behaviour: .keepAliveAfter(seconds: 0.05))
        defer { server.stop() }
        let client = CurlHTTPClient()
        defer { client.shutdown() }
        let burst = 24

        for round in 0..<5 {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<burst {
                    group.addTask {
                        let response = try await client.send(CurlHTTP.HTTPRequest(method: .get, url: server.url("/b/\(round)/\(index)")))
                        #expect(String(decoding: response.body, as: UTF8.self) == "/b/\(round)/\(index)")
                    }
                }
                try await group.waitForAll()
            }
        }

        // One connection per transfer of the first burst at most; the four bursts after it open none.
        #expect(server.acceptedConnections <= burst)
        #expect(client.connectionsOpened == server.acceptedConnections)
    }

    /// Header fields are parsed only when asked for, and then as before: names case-insensitive, a
    /// repeated field's values joined in order.
    @Test func headersAreReadWhenAskedFor() async throws {
        let server = try RawServer(behaviour: .keepAliveAfter(seconds: 0))
        defer { server.stop() }
        let client = CurlHTTPClient()
        defer { client.shutdown() }

        let response = try await client.send(CurlHTTP.HTTPRequest(method: .get, url: server.url("/h")))

        #expect(response.header("X-RATE-LIMIT") == "5, 7")
        #expect(response.header("content-length") == "2")
        #expect(response.header("x-missing") == nil)
        #expect(response.headers == ["x-rate-limit": "5, 7", "content-length": "2"])
        // A response built by hand answers the same way, whatever the case of its names.
        #expect(CurlHTTP.HTTPResponse(status: 200, headers: ["X-Rate-Limit": "5"]).header("x-rate-limit") == "5")
    }
}

// MARK: - Helpers

/// `send`'s outcome as a value, so tests can compare errors.
private func outcome(_ client: CurlHTTPClient, _ request: CurlHTTP.HTTPRequest) async -> Result<
    CurlHTTP.HTTPResponse, HTTPError
> {
    do throws(HTTPError) {
        return .success(try await client.send(request))
    } catch {
        return .failure(error)
    }
}

extension Result {
    fileprivate var failure: Failure? {
        guard case .failure(let error) = self else { return nil }
        return error
    }
}

/// A FlyingFox server that echoes the request: path as body (or the body for POST), request
/// headers as `X-Echo-*` headers, and `/status/N` answers with status N.
private struct EchoServer {
    let server: HTTPServer
    let task: Task<Void, any Error>
    let port: UInt16

    static func start() async throws -> EchoServer {
        let server = try HTTPServer(address: .inet(ip4: "127.0.0.1", port: 0), timeout: 60, logger: .disabled)
        await server.appendRoute("*") { request in
            var headers: HTTPHeaders = [.connection: "close", HTTPHeader("X-Echo-Method"): request.method.rawValue]
            for name in ["X-Test", "User-Agent", "Content-Type"] {
                if let value = request.headers[HTTPHeader(name)] { headers[HTTPHeader("X-Echo-\(name)")] = value }
            }
            if request.path.hasPrefix("/status/"), let code = Int(request.path.dropFirst("/status/".count)) {
                return FlyingFox.HTTPResponse(
                    statusCode: HTTPStatusCode(code, phrase: "Status"), headers: headers,
                    body: Data("status \(code)".utf8))
            }
            let body = request.method == .GET ? Data(request.path.utf8) : try await request.bodyData
            return FlyingFox.HTTPResponse(statusCode: .ok, headers: headers, body: body)
        }
        let task = Task { try await server.run() }
        try await server.waitUntilListening(timeout: 60)
        guard case .ip4(_, let port) = await server.listeningAddress else {
            throw CocoaError(.featureUnsupported)
        }
        return EchoServer(server: server, task: task, port: port)
    }

    func url(_ path: String) -> String {
        "http://127.0.0.1:\(port)\(path)"
    }

    func stop() async {
        await server.stop()
        task.cancel()
    }
}

/// A hand-written POSIX server on 127.0.0.1 for faults FlyingFox cannot produce, and for counting
/// accepted connections. Each connection is served on its own thread.
private final class RawServer: Sendable {
    enum Behaviour {
        /// Reads the request and never answers; closes when the client does.
        case neverAnswer
        /// Sends headers promising 100 bytes, 5 bytes of body, then closes.
        case dropMidResponse
        /// HTTP/1.1 keep-alive: answers every request on the connection with its path as body.
        case keepAlive
        /// The same, each answer after this many seconds (so that requests sent together overlap).
        case keepAliveAfter(seconds: Double)
        /// Answers with a body of this many bytes and no length announced (it ends when the
        /// connection closes), so only the bytes received can tell how large it is.
        case unannouncedBody(bytes: Int)
    }

    private let listener: Int32
    let port: UInt16
    private let state = Mutex(State())

    private struct State {
        var accepted = 0
        var openDescriptors: Set<Int32> = []
        var isStopped = false
    }

    init(behaviour: Behaviour) throws {
        let (listener, port) = try Self.listen()
        self.listener = listener
        self.port = port
        let thread = Thread { [self] in acceptLoop(behaviour) }
        thread.start()
    }

    var acceptedConnections: Int {
        state.withLock { $0.accepted }
    }

    func url(_ path: String) -> String {
        "http://127.0.0.1:\(port)\(path)"
    }

    /// Waits (bounded) until `count` connections were accepted.
    func waitForConnections(_ count: Int) async throws {
        for _ in 0..<500 where acceptedConnections < count {
            try await Task.sleep(for: .milliseconds(10))
        }
        try #require(acceptedConnections >= count)
    }

    func stop() {
        let descriptors = state.withLock { state in
            state.isStopped = true
            return state.openDescriptors
        }
        Glibc.shutdown(listener, Int32(SHUT_RDWR))
        for descriptor in descriptors { Glibc.shutdown(descriptor, Int32(SHUT_RDWR)) }
    }

    /// A port on 127.0.0.1 nothing listens on.
    static func closedPort() throws -> UInt16 {
        let (descriptor, port) = try listen()
        close(descriptor)
        return port
    }

    private static func listen() throws -> (Int32, UInt16) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && Glibc.listen(descriptor, 64) == 0
                    && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    private func acceptLoop(_ behaviour: Behaviour) {
        defer { close(listener) }
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            let isOpen = state.withLock { state in
                guard !state.isStopped else { return false }
                state.accepted += 1
                state.openDescriptors.insert(connection)
                return true
            }
            guard isOpen else {
                close(connection)
                return
            }
            var one: Int32 = 1
            setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            let thread = Thread { [self] in
                serve(connection, behaviour)
                state.withLock { _ = $0.openDescriptors.remove(connection) }
                close(connection)
            }
            thread.start()
        }
    }

    private func serve(_ connection: Int32, _ behaviour: Behaviour) {
        var buffer: [UInt8] = []
        switch behaviour {
        case .neverAnswer:
            while readMore(connection, into: &buffer) {}
        case .dropMidResponse:
            guard readRequestPath(connection, buffer: &buffer) != nil else { return }
            write(connection, "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nshort")
        case .keepAlive:
            while let path = readRequestPath(connection, buffer: &buffer) {
                write(connection, "HTTP/1.1 200 OK\r\nContent-Length: \(path.utf8.count)\r\n\r\n\(path)")
            }
        case .keepAliveAfter(let seconds):
            while let path = readRequestPath(connection, buffer: &buffer) {
                usleep(useconds_t(seconds * 1_000_000))
                write(
                    connection, "HTTP/1.1 200 OK\r\nX-Rate-Limit: 5\r\nx-rate-limit: 7\r\nContent-Length: \(path.utf8.count)\r\n\r\n\(path)"
                )
            }
        case .unannouncedBody(let bytes):
            guard readRequestPath(connection, buffer: &buffer) != nil else { return }
            write(connection, "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n")
            let chunk = String(repeating: "x", count: 65_536)
            for _ in 0..<(bytes / chunk.count) { write(connection, chunk) }
        }
    }

    /// Reads one body-less request's head and returns its path, or nil at end of stream.
    private func readRequestPath(_ connection: Int32, buffer: inout [UInt8]) -> String? {
        let terminator: [UInt8] = Array("\r\n\r\n".utf8)
        while true {
            if let end = buffer.firstRange(of: terminator) {
                let head = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
                buffer.removeSubrange(..<end.upperBound)
                let requestLine = head.split(separator: "\r\n").first ?? ""
                let parts = requestLine.split(separator: " ")
                return parts.count >= 2 ? String(parts[1]) : "/"
            }
            guard readMore(connection, into: &buffer) else { return nil }
        }
    }

    private func readMore(_ connection: Int32, into buffer: inout [UInt8]) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = read(connection, &chunk, chunk.count)
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[..<count])
        return true
    }

    private func write(_ connection: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes {
                send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { return }
            sent += count
        }
    }
}
