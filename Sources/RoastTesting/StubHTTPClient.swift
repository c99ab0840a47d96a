import CurlHTTP
import Synchronization

/// An ``HTTPClient`` that answers from a script, in order, and records every request.
///
/// A reply can also hang until the calling task is cancelled, like a long poll that never returns.
/// When the script runs out, `whenExhausted` answers every further request.
public final class StubHTTPClient: HTTPClient {
    /// One scripted answer.
    public enum Reply: Sendable {
        case response(HTTPResponse)
        case failure(HTTPError)
        /// Never answers; throws `HTTPError.cancelled` when the calling task is cancelled.
        case hangUntilCancelled

        /// A JSON response.
        public static func json(_ text: String, status: Int = 200) -> Reply {
            .response(HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Array(text.utf8)))
        }

        /// A Bot API success: `{"ok":true,"result":<resultJSON>}`.
        public static func ok(_ resultJSON: String) -> Reply {
            json(#"{"ok":true,"result":"# + resultJSON + "}")
        }

        /// A Bot API refusal with `error_code` and `description`.
        public static func refusal(_ code: Int, _ description: String, parameters: String? = nil) -> Reply {
            let extra = parameters.map { #","parameters":"# + $0 } ?? ""
            return json(#"{"ok":false,"error_code":\#(code),"description":"\#(description)""# + extra + "}", status: code)
        }

        /// A non-JSON body (an HTML error page from a proxy).
        public static func text(_ body: String, status: Int) -> Reply {
            .response(HTTPResponse(status: status, headers: ["Content-Type": "text/html"], body: Array(body.utf8)))
        }
    }

    private struct State {
        var script: [Reply]
        var requests: [HTTPRequest] = []
        var hanging: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextID: UInt64 = 0
    }

    private let state: Mutex<State>
    private let whenExhausted: Reply

    public init(_ script: [Reply] = [], whenExhausted: Reply = .failure(.other(code: -1, message: "no scripted reply"))) {
        self.state = Mutex(State(script: script))
        self.whenExhausted = whenExhausted
    }

    /// Appends replies to the script.
    public func enqueue(_ replies: Reply...) {
        state.withLock { $0.script += replies }
    }

    /// Every request received so far, in order.
    public var requests: [HTTPRequest] { state.withLock { $0.requests } }

    /// How many requests were received so far.
    public var requestCount: Int { state.withLock { $0.requests.count } }

    /// How many requests are currently hanging.
    public var hangingCount: Int { state.withLock { $0.hanging.count } }

    /// Suspends (yielding) until at least `count` requests were received.
    public func waitForRequests(_ count: Int) async {
        while requestCount < count, !Task.isCancelled { await Task.yield() }
    }

    public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        let (reply, id): (Reply, UInt64) = state.withLock { state in
            state.requests.append(request)
            state.nextID += 1
            let reply = state.script.isEmpty ? whenExhausted : state.script.removeFirst()
            return (reply, state.nextID)
        }
        switch reply {
        case .response(let response): return response
        case .failure(let error): throw error
        case .hangUntilCancelled:
            await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let cancelled = state.withLock { state in
                        if Task.isCancelled { return true }
                        state.hanging[id] = continuation
                        return false
                    }
                    if cancelled { continuation.resume() }
                }
            } onCancel: {
                state.withLock { $0.hanging.removeValue(forKey: id) }?.resume()
            }
            throw .cancelled
        }
    }
}
