import FlyingFox
import Foundation
import Synchronization

/// An OpenAI-compatible `POST /chat/completions` endpoint on 127.0.0.1 that answers from a script.
///
/// Each request takes the next scripted ``Reply`` (the last one repeats once the script runs out) and
/// is recorded, so tests can check the model, the prompt and the `Authorization` header.
public final class FakeOpenAIServer: Sendable {
    public enum Reply: Sendable, Hashable {
        /// 200 with a chat completion whose message content is `text`.
        case completion(String)
        /// An error status with an OpenAI-style error body.
        case status(Int)
        /// Waits `seconds` before answering with `then` (to exceed a client timeout).
        indirect case delayed(seconds: Double, then: Reply)
        /// 200 with a body that is not a chat completion.
        case garbage
    }

    /// One request as received.
    public struct Received: Sendable, Hashable {
        public var path: String
        public var authorization: String?
        /// The JSON body, decoded loosely.
        public var model: String?
        public var messages: [String]
        public var temperature: Double?
        public var maxTokens: Int?
    }

    private struct State {
        var script: [Reply]
        var received: [Received] = []
    }

    /// The script and the log, shared with the route handler.
    private final class Book: Sendable {
        let state: Mutex<State>
        init(_ state: State) { self.state = Mutex(state) }
    }

    private let server: HTTPServer
    private let book: Book
    private let task: Mutex<Task<Void, Never>?> = Mutex(nil)

    public init(script: [Reply]) throws {
        book = Book(State(script: script))
        server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 60, logger: .disabled)
    }

    /// Starts listening; returns the base URL (`http://127.0.0.1:<port>/v1`).
    public func start() async throws -> String {
        let server = self.server
        let book = self.book
        await server.appendRoute("POST /*") { request in try await Self.answer(request, book: book) }
        task.withLock { $0 = Task { try? await server.run() } }
        try await server.waitUntilListening(timeout: 300)
        guard case .ip4(_, let port) = await server.listeningAddress else { throw CocoaError(.fileNoSuchFile) }
        return "http://127.0.0.1:\(port)/v1"
    }

    public func stop() async {
        await server.stop(timeout: 1)
        task.withLock { $0?.cancel() }
    }

    /// Every request so far, in order.
    public var received: [Received] { book.state.withLock { $0.received } }

    /// Replaces the rest of the script.
    public func script(_ replies: Reply...) {
        book.state.withLock { $0.script = replies }
    }

    // MARK: - Helpers

    private static func answer(_ request: FlyingFox.HTTPRequest, book: Book) async throws -> FlyingFox.HTTPResponse {
        let body = try await request.bodyData
        let json = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
        let messages = (json["messages"] as? [[String: Any]] ?? []).compactMap { $0["content"] as? String }
        let received = Received(
            path: request.path, authorization: request.headers[HTTPHeader("Authorization")], model: json["model"] as? String,
            messages: messages, temperature: json["temperature"] as? Double, maxTokens: json["max_tokens"] as? Int)
        let reply: Reply = book.state.withLock { state in
            state.received.append(received)
            guard let next = state.script.first else { return .status(500) }
            if state.script.count > 1 { state.script.removeFirst() }
            return next
        }
        return try await respond(reply)
    }

    private static func respond(_ reply: Reply) async throws -> FlyingFox.HTTPResponse {
        let headers: HTTPHeaders = [.contentType: "application/json", .connection: "close"]
        switch reply {
        case .completion(let text):
            let object: [String: Any] = [
                "id": "chatcmpl-fake", "object": "chat.completion", "model": "fake",
                "choices": [["index": 0, "message": ["role": "assistant", "content": text], "finish_reason": "stop"]],
            ]
            return FlyingFox.HTTPResponse(statusCode: .ok, headers: headers, body: try JSONSerialization.data(withJSONObject: object))
        case .status(let code):
            let body = Data(#"{"error":{"message":"scripted failure","type":"fake"}}"#.utf8)
            return FlyingFox.HTTPResponse(statusCode: HTTPStatusCode(code, phrase: "Scripted"), headers: headers, body: body)
        case .garbage:
            return FlyingFox.HTTPResponse(statusCode: .ok, headers: headers, body: Data("<html>not json</html>".utf8))
        case .delayed(let seconds, let then):
            try? await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
            return try await respond(then)
        }
    }
}
