import Foundation

/// What the fake does with each client payload, with the checks Discord makes (research §6).
extension FakeDiscordGatewayState {
    mutating func payload(_ data: Data, on id: Int, now: ContinuousClock.Instant) {
        guard var connection = connections[id] else { return }
        connection.payloadTimes = connection.payloadTimes.filter { now - $0 < .seconds(60) } + [now]
        connections[id] = connection
        guard connection.payloadTimes.count <= configuration.sendLimitPerMinute else {
            violations.append("connection \(id): more than \(configuration.sendLimitPerMinute) payloads in 60 s")
            return close(id, code: 4008, reason: "Rate limited.")
        }
        guard data.count <= 4_096 else {
            violations.append("connection \(id): a payload of \(data.count) bytes (limit 4096)")
            return close(id, code: 4002, reason: "Error while decoding payload.")
        }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any], let op = object["op"] as? Int else {
            violations.append("connection \(id): a payload that is not a JSON object with an op")
            return close(id, code: 4002, reason: "Error while decoding payload.")
        }
        let body = object["d"]
        switch op {
        case 1:
            heartbeat(body, on: id, now: now)
        case 2:
            identify(body as? [String: Any], size: data.count, on: id, now: now)
        case 6:
            resume(body as? [String: Any], on: id, now: now)
        case 3, 4, 8, 31:
            guard connection.isAuthenticated else {
                violations.append("connection \(id): op \(op) before Identify")
                return close(id, code: 4003, reason: "Not authenticated.")
            }
        default:
            violations.append("connection \(id): unknown opcode \(op)")
            close(id, code: 4001, reason: "Unknown opcode.")
        }
    }

    // MARK: - Heartbeat

    private mutating func heartbeat(_ body: Any?, on id: Int, now: ContinuousClock.Instant) {
        guard let connection = connections[id] else { return }
        let interval = Duration.milliseconds(configuration.heartbeatIntervalMilliseconds)
        let tolerance = Duration.milliseconds(configuration.heartbeatToleranceMilliseconds)
        let sequence = body as? Int
        if body != nil, !(body is NSNull), sequence == nil {
            violations.append("connection \(id): heartbeat d is neither a sequence number nor null")
        }
        // Timing: the first beat within the interval after Hello; then one per interval.
        let since = now - (connection.lastBeatAt ?? connection.helloAt)
        if since > interval + tolerance {
            violations.append(
                "connection \(id): heartbeat \(Self.milliseconds(since)) ms after the previous one (interval \(Self.milliseconds(interval)) ms)"
            )
        }
        let requested = connection.heartbeatRequestedAt.map { now - $0 < interval } ?? false
        if connection.lastBeatAt != nil, since < interval - tolerance, !requested {
            violations.append(
                "connection \(id): heartbeat only \(Self.milliseconds(since)) ms after the previous one (interval \(Self.milliseconds(interval)) ms)"
            )
        }
        // Its d: the last sequence sent, give or take one still in flight.
        if let sessionID = connection.sessionID, let session = sessions[sessionID] {
            let slack = Duration.milliseconds(configuration.sequenceSlackMilliseconds)
            let settled = session.sentAt.last { now - $0.at >= slack }?.sequence
            let newest = session.sentAt.last?.sequence
            let carried = sequence ?? 0
            if carried < (settled ?? 0) || carried > max(newest ?? 0, session.sequence) {
                violations.append(
                    "connection \(id): heartbeat d=\(sequence.map(String.init) ?? "null"), expected the last sequence sent (\(newest.map(String.init) ?? "null"))"
                )
            }
        }
        heartbeats.append(
            FakeGatewayHeartbeat(
                connectionID: id, sequence: sequence,
                secondsSinceHello: Double((now - connection.helloAt).components.seconds)
                    + Double((now - connection.helloAt).components.attoseconds) / 1e18))
        connections[id]?.lastBeatAt = now
        if acknowledgesHeartbeats { write(#"{"op":11,"d":null,"s":null,"t":null}"#, to: id) }
    }

    // MARK: - Identify

    private mutating func identify(_ body: [String: Any]?, size: Int, on id: Int, now: ContinuousClock.Instant) {
        guard let connection = connections[id] else { return }
        let intents = body?["intents"] as? Int
        let properties = (body?["properties"] as? [String: Any] ?? [:]).compactMapValues { $0 as? String }
        let tokenMatched = body?["token"] as? String == token
        records[id - 1].purpose = "identify"
        func answer(_ outcome: String) {
            identifies.append(
                FakeGatewayIdentify(
                    connectionID: id, tokenMatched: tokenMatched, intents: intents, properties: properties, size: size, outcome: outcome))
        }
        func refuse(_ code: Int, _ reason: String) {
            answer("close \(code)")
            close(id, code: code, reason: reason)
        }
        guard !connection.isAuthenticated else {
            violations.append("connection \(id): a second Identify or Resume on one connection")
            return refuse(4005, "Already authenticated.")
        }
        guard tokenMatched else { return refuse(4004, "Authentication failed.") }
        if !scriptedIdentifyCloses.isEmpty {
            let code = scriptedIdentifyCloses.removeFirst()
            return refuse(code, "Scripted close.")
        }
        guard configuration.sessionStartRemaining > 0 else {
            violations.append("connection \(id): Identify with no session starts left (Discord resets the token)")
            return refuse(4004, "Authentication failed.")
        }
        configuration.sessionStartRemaining -= 1
        let window = identifyTimes.filter { now - $0 < .seconds(5) }
        identifyTimes = window + [now]
        guard window.count < configuration.maxConcurrency else {
            let gap = window.max().map { Self.milliseconds(now - $0) } ?? 0
            violations.append(
                "connection \(id): more than \(configuration.maxConcurrency) Identify in 5 s (max_concurrency; this one \(gap) ms after the last)"
            )
            answer("invalid session")
            return write(#"{"op":9,"d":false,"s":null,"t":null}"#, to: id)
        }
        guard let intents else {
            violations.append("connection \(id): Identify without intents")
            return refuse(4002, "Error while decoding payload.")
        }
        guard intents & ~Self.knownIntents == 0, intents >= 0 else { return refuse(4013, "Invalid intent(s).") }
        guard intents & Self.privilegedIntents & ~configuration.enabledPrivilegedIntents == 0 else {
            return refuse(4014, "Disallowed intent(s).")
        }
        guard ["os", "browser", "device"].allSatisfy({ properties[$0] != nil }) else {
            violations.append("connection \(id): Identify properties without os, browser and device")
            return refuse(4002, "Error while decoding payload.")
        }
        answer("ready")
        let sessionID = "fake-session-\(identifies.count)"
        sessions[sessionID] = Session(id: sessionID, connectionID: id)
        currentSessionID = sessionID
        connections[id]?.sessionID = sessionID
        connections[id]?.isAuthenticated = true
        let ready = """
            {"v":10,"user":{"id":"\(botUserID)","username":"\(botUsername)","discriminator":"0","bot":true},"guilds":[],\
            "session_id":"\(sessionID)","resume_gateway_url":"\(baseURL)\(resumePath)","shard":[0,1],\
            "application":{"id":"\(applicationID)","flags":0}}
            """
        dispatch("READY", ready, session: sessionID, now: now)
    }

    // MARK: - Resume

    private mutating func resume(_ body: [String: Any]?, on id: Int, now: ContinuousClock.Instant) {
        guard let connection = connections[id] else { return }
        records[id - 1].purpose = "resume"
        let sessionID = body?["session_id"] as? String ?? ""
        let sequence = body?["seq"] as? Int ?? -1
        func refused() {
            resumes.append(FakeGatewayResume(connectionID: id, sessionID: sessionID, sequence: sequence, accepted: false, replayed: []))
        }
        guard !connection.isAuthenticated else {
            violations.append("connection \(id): a second Identify or Resume on one connection")
            refused()
            return close(id, code: 4005, reason: "Already authenticated.")
        }
        guard body?["token"] as? String == token else {
            refused()
            return close(id, code: 4004, reason: "Authentication failed.")
        }
        guard connection.path == resumePath else {
            violations.append("connection \(id): Resume on the gateway URL instead of READY's resume_gateway_url")
            refused()
            return write(#"{"op":9,"d":false,"s":null,"t":null}"#, to: id)
        }
        guard var session = sessions[sessionID], session.isValid else {
            refused()
            return write(#"{"op":9,"d":false,"s":null,"t":null}"#, to: id)
        }
        guard sequence >= 0, sequence <= session.sequence else {
            violations.append("connection \(id): Resume with seq \(sequence), beyond the session's \(session.sequence)")
            refused()
            return close(id, code: 4007, reason: "Invalid seq.")
        }
        if let previous = session.connectionID, previous != id {
            // The session moves to the new connection; the old one gets nothing more.
            connections[previous]?.sessionID = nil
        }
        session.connectionID = id
        sessions[sessionID] = session
        connections[id]?.sessionID = sessionID
        connections[id]?.isAuthenticated = true
        let missed = session.log.filter { $0.sequence > sequence && $0.name != "READY" && $0.name != "RESUMED" }
        for entry in missed {
            writeDispatch(sequence: entry.sequence, name: entry.name, data: entry.data, session: sessionID, to: id, replay: true, now: now)
        }
        resumes.append(
            FakeGatewayResume(connectionID: id, sessionID: sessionID, sequence: sequence, accepted: true, replayed: missed.map(\.sequence)))
        dispatch("RESUMED", "{}", session: sessionID, now: now)
    }

    static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }
}
