import FlyingFox
import Foundation

/// The HTTP side: routing `/bot<token>/<method>`, faults, and getUpdates' long polling.
extension FakeBotAPI {
    func serve(_ request: HTTPRequest) async -> HTTPResponse {
        let arrivedAt = Date()
        if let end = request.remoteAddress {
            state.withLock { _ = $0.clientEnds.insert("\(end)") }
        }
        guard let (token, method) = Self.route(request.path) else {
            return http(.error(404, "Not Found"))
        }
        guard token == self.token else { return http(.error(401, "Unauthorized")) }
        let body = (try? await request.bodyData) ?? Data()
        let parameters: RequestParameters
        do {
            parameters = try RequestParameters.parse(
                query: request.query.map { ($0.name, $0.value) },
                contentType: request.headers[.contentType], body: body)
        } catch {
            let (sequence, _) = state.withLock {
                $0.record(method: method, parameters: [:], arrivedAt: arrivedAt)
            }
            return finish(
                sequence, .badRequest(error == .invalidJSON ? "invalid JSON" : "can't parse multipart body")
            )
        }
        let (sequence, fault) = state.withLock {
            $0.record(method: method, parameters: parameters.recorded, arrivedAt: arrivedAt)
        }
        switch fault {
        case nil:
            return finish(sequence, await perform(method, parameters))
        case .tooManyRequests(let seconds):
            return finish(
                sequence,
                .error(
                    429, "Too Many Requests: retry after \(seconds)",
                    parameters: ["retry_after": .int(Int64(seconds))]))
        case .serverError(let status):
            let html =
                "<html>\r\n<head><title>\(status) Bad Gateway</title></head>\r\n<body>\r\n<center><h1>\(status)</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n"
            return finish(
                sequence, APIReply(status: status, body: html, errorDescription: "HTTP \(status)"),
                contentType: "text/html")
        case .dropConnection:
            return HTTPResponse(webSocket: ConnectionDropper())
        case .truncatedJSON:
            let reply = await perform(method, parameters)
            let cut = String(reply.body.prefix(max(1, reply.body.count / 2)))
            return finish(sequence, APIReply(status: 200, body: cut, errorDescription: nil))
        case .delay(let seconds):
            try? await Task.sleep(for: .seconds(seconds))
            return finish(sequence, await perform(method, parameters))
        case .stall:
            try? await Task.sleep(for: .seconds(86_400))
            return HTTPResponse(
                statusCode: .serviceUnavailable, headers: HTTPHeaders([.connection: "close"]))
        case .apiError(let code, let description):
            return finish(sequence, .error(code, description))
        case .migrated(let newChatID):
            return finish(
                sequence,
                .error(
                    400, "Bad Request: group chat was upgraded to a supergroup chat",
                    parameters: ["migrate_to_chat_id": .int(newChatID)]))
        }
    }

    private func perform(_ method: String, _ parameters: RequestParameters) async -> APIReply {
        if method.lowercased() == "getupdates" { return await getUpdates(parameters) }
        let now = Date()
        let monotonic = Self.monotonicSeconds()
        let reply = state.withLock {
            $0.perform(method: method, parameters, now: now, monotonicSeconds: monotonic)
        }
        if ["setwebhook", "deletewebhook"].contains(method.lowercased()) { startWebhookDeliveriesIfNeeded() }
        return reply
    }

    private func finish(_ sequence: Int, _ reply: APIReply, contentType: String = "application/json")
        -> HTTPResponse
    {
        state.withLock { $0.finish(sequence, with: reply) }
        return http(reply, contentType: contentType)
    }

    private func http(_ reply: APIReply, contentType: String = "application/json")
        -> HTTPResponse
    {
        var headers: HTTPHeaders = [.contentType: contentType]
        if !keepsConnectionsOpen { headers[.connection] = "close" }
        return HTTPResponse(
            statusCode: HTTPStatusCode(reply.status, phrase: Self.phrase(reply.status)), headers: headers, body: Data(reply.body.utf8))
    }

    private static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 409: "Conflict"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        default: "Error"
        }
    }

    /// `/bot<token>/<method>` split into its parts.
    private static func route(_ path: String) -> (token: String, method: String)? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].hasPrefix("bot") else { return nil }
        return (String(parts[0].dropFirst(3)), String(parts[1]))
    }

    private static func monotonicSeconds() -> Double {
        let elapsed = ContinuousClock.now - processStart
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    // MARK: getUpdates

    /// https://core.telegram.org/bots/api#getupdates: confirms by offset, answers at once when updates
    /// are ready, else waits up to `timeout` seconds; a newer call ends an older pending one with 409.
    private func getUpdates(_ parameters: RequestParameters) async -> APIReply {
        let limit = Int(parameters.int("limit") ?? 100).clamped(to: 1...100, zeroMeans: 100)
        let timeout = max(0, Double(parameters.int("timeout") ?? 0))
        let deadline = ContinuousClock.now + .seconds(timeout)
        let allowed: Set<String>? = parameters.json("allowed_updates")?.arrayValue.map {
            Set($0.compactMap(\.stringValue))
        }
        enum Start {
            case reply(APIReply)
            case wait(pollID: Int)
        }
        let (start, superseded) = state.withLock {
            state -> (Start, CheckedContinuation<Void, Never>?) in
            if state.webhookActive {
                return (
                    .reply(
                        .error(
                            409,
                            "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first"
                        )), nil
                )
            }
            var superseded: CheckedContinuation<Void, Never>?
            if let older = state.activePollID {
                state.activePollID = nil
                superseded = state.wakeTarget(older)
            }
            if let offset = parameters.int("offset") { state.confirm(offset: Int(offset)) }
            if let allowed { state.allowedUpdates = allowed }
            let ready = state.deliverable(limit: limit)
            if !ready.isEmpty || timeout == 0 { return (.reply(Self.updatesReply(ready)), superseded) }
            let pollID = state.nextPollID
            state.nextPollID += 1
            state.activePollID = pollID
            return (.wait(pollID: pollID), superseded)
        }
        superseded?.resume()
        guard case .wait(let pollID) = start else {
            if case .reply(let reply) = start { return reply }
            return .ok([])
        }
        defer { state.withLock { _ = $0.pendingWakes.remove(pollID) } }
        while true {
            await waitForWake(pollID: pollID, deadline: deadline)
            let expired = ContinuousClock.now >= deadline || Task.isCancelled
            let outcome: APIReply? = state.withLock { state in
                guard state.activePollID == pollID else {
                    return .error(
                        409,
                        "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running"
                    )
                }
                let ready = state.deliverable(limit: limit)
                guard !ready.isEmpty || expired else { return nil }
                state.activePollID = nil
                return Self.updatesReply(ready)
            }
            if let outcome { return outcome }
        }
    }

    private static func updatesReply(_ updates: [FakeBotAPIState.QueuedUpdate]) -> APIReply {
        APIReply(
            status: 200, body: "{\"ok\":true,\"result\":[\(updates.map(\.json).joined(separator: ","))]}")
    }

    /// Returns when the poll is woken (new update, newer poll, stop), at the deadline, or on cancellation.
    private func waitForWake(pollID: Int, deadline: ContinuousClock.Instant) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                try? await Task.sleep(until: deadline, clock: .continuous)
            }
            group.addTask {
                await withTaskCancellationHandler {
                    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                        let resumeNow = self.state.withLock { state -> Bool in
                            if state.pendingWakes.remove(pollID) != nil { return true }
                            state.pollContinuations[pollID] = continuation
                            return false
                        }
                        if resumeNow { continuation.resume() }
                    }
                } onCancel: {
                    self.wake(pollID)
                }
            }
            await group.next()
            group.cancelAll()
        }
    }

    func wake(_ pollID: Int) {
        state.withLock { $0.wakeTarget(pollID) }?.resume()
    }

    /// Wakes the pending long poll, if any, after new updates arrived (and the webhook's deliveries).
    func wakeActivePoll() {
        webhookSignal.signal()
        let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let active = state.activePollID else { return nil }
            return state.wakeTarget(active)
        }
        continuation?.resume()
    }
}

private let processStart = ContinuousClock.now

/// Fails the "upgrade" before FlyingFox writes anything, so the connection closes with no response at all.
private struct ConnectionDropper: WSHandler {
    struct Dropped: Error {}

    func makeFrames(for client: AsyncThrowingStream<WSFrame, any Error>) async throws -> AsyncStream<
        WSFrame
    > {
        throw Dropped()
    }
}

extension Int {
    fileprivate func clamped(to range: ClosedRange<Int>, zeroMeans zero: Int) -> Int {
        self == 0 ? zero : Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}
