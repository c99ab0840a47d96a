import CardModel
import Dispatch
import Foundation
import Logging
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Draws pictures in a child process, `roastbot-render`, started on the first picture and stopped
/// after ``idleTimeout`` without one.
///
/// Why a process of its own: Cairo, Pango, fontconfig and the fonts are 32 shared libraries and
/// 4 MB of resident memory merely linked, and about 10 MB more once the fonts are loaded; in a
/// child they cost nothing while no picture is being made, and a crash or a hang in them costs one
/// picture (the deliverer posts its text), never the bot. A request is a ``PictureWire`` frame on
/// the child's standard input, the answer a frame on its standard output; one at a time.
///
/// Pipe reads and writes block, so they run on a serial queue of this object's own, never on the
/// cooperative thread pool or the database writer. A child that does not answer within
/// ``renderTimeout`` is killed, and the next picture starts a new one. Writing to a child that
/// died would raise SIGPIPE, whose default action ends the process: the bot ignores SIGPIPE
/// (errors come back from `write` instead) from the first start on.
///
/// The child starts with an environment of its own (``childEnvironment(from:)``): the locale, font
/// and cache variables the drawing libraries read, never the bot's token, AI key or other settings,
/// which a crash report or a flaw in a font library would otherwise expose.
public final class RendererProcess: PictureRendering, Sendable {
    /// The `roastbot-render` executable.
    public let executable: URL
    /// Seconds without a picture after which the child is stopped.
    public let idleTimeout: Double
    /// Seconds a picture may take before the child is taken for stuck and killed.
    public let renderTimeout: Double

    /// The child's whole environment (see ``childEnvironment(from:)``).
    public let environment: [String: String]

    private let logger: Logger
    private let queue = DispatchQueue(label: "roastbot.renderer")
    /// The running child; read and changed on `queue` only (the lock makes that checkable).
    private let state = Mutex(State())

    private struct State: ~Copyable {
        var child: Child?
        /// Moves with every picture: an idle stop scheduled before a later picture does nothing.
        var activity = 0
        var starts = 0
    }

    /// One started `roastbot-render`: its process and the two ends of its pipes the bot keeps.
    private final class Child: @unchecked Sendable {
        let process: Process
        /// Its standard input (the bot writes requests).
        let input: Int32
        /// Its standard output (the bot reads answers).
        let output: Int32

        init(process: Process, input: Int32, output: Int32) {
            self.process = process
            self.input = input
            self.output = output
        }
    }

    /// - Parameter environment: the bot's environment, of which the child gets only what
    ///   ``childEnvironment(from:)`` keeps.
    public init(
        executable: URL, idleTimeout: Double = 300, renderTimeout: Double = 15,
        environment: [String: String] = ProcessInfo.processInfo.environment, logger: Logger
    ) {
        self.executable = executable
        self.idleTimeout = idleTimeout
        self.renderTimeout = renderTimeout
        self.environment = Self.childEnvironment(from: environment)
        self.logger = logger
    }

    /// The variables of `parent` the renderer may see: the search path, home, locale and time zone,
    /// the temporary folder, the XDG folders (fontconfig keeps its cache under `XDG_CACHE_HOME`; the
    /// systemd unit points it at the unit's cache directory) and fontconfig's own. Everything else —
    /// the bot token, the AI key, the database path, any setting — stays with the bot: a list of what
    /// is allowed, so that a secret added later is not passed on by default.
    public static func childEnvironment(from parent: [String: String]) -> [String: String] {
        parent.filter { name, _ in
            inheritedVariables.contains(name) || name.hasPrefix("LC_") || name.hasPrefix("XDG_") || name.hasPrefix("FONTCONFIG_")
        }
    }

    /// Variables passed on by name (``childEnvironment(from:)`` adds `LC_*`, `XDG_*`, `FONTCONFIG_*`).
    private static let inheritedVariables: Set<String> = ["PATH", "HOME", "LANG", "LANGUAGE", "TZ", "TMPDIR"]

    /// `roastbot-render` beside the running executable (how `make release`, the systemd unit and the
    /// container install them), unless `ROASTBOT_RENDERER` names another file.
    public static func besideThisExecutable(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let configured = environment["ROASTBOT_RENDERER"], !configured.isEmpty { return URL(fileURLWithPath: configured) }
        let running = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let folder =
            running.path == "/proc/self/exe"
            ? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent() : running.deletingLastPathComponent()
        return folder.appendingPathComponent("roastbot-render")
    }

    /// The child's process id while one runs (tests stop it to check that the next picture starts
    /// another).
    public var runningChild: Int32? {
        queue.sync { state.withLock { $0.child?.process.processIdentifier } }
    }

    /// How many children were started so far.
    public var starts: Int { queue.sync { state.withLock { $0.starts } } }

    public func render(_ picture: Picture) async throws(PictureRenderingError) -> [UInt8] {
        let request: [UInt8]
        do {
            request = try PictureWire.request(picture)
        } catch {
            throw PictureRenderingError("cannot encode the picture: \(error)")
        }
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<[UInt8], PictureRenderingError>, Never>) in
            queue.async {
                continuation.resume(returning: Result { () throws(PictureRenderingError) in try self.exchange(request) })
            }
        }
        return try result.get()
    }

    /// Stops the child now, if one runs (at shutdown; otherwise idleness stops it).
    public func stop() {
        queue.sync { stopChild(reason: nil) }
    }

    // MARK: On the queue

    /// Sends `request` to the child (starting one if none runs) and reads its answer.
    private func exchange(_ request: [UInt8]) throws(PictureRenderingError) -> [UInt8] {
        dispatchPrecondition(condition: .onQueue(queue))
        defer { scheduleIdleStop() }
        let child = try runningOrStartedChild()
        // A child that takes too long is killed, which ends the read below.
        let watch = Watch()
        DispatchQueue.global().asyncAfter(deadline: .now() + renderTimeout) {
            if watch.expire() { kill(child.process.processIdentifier, SIGKILL) }
        }
        defer { watch.finish() }
        do {
            try Self.writeAll(request, to: child.input)
            let header = try Self.readExactly(5, from: child.output)
            let status = try PictureWire.status(header[0])
            let length = try PictureWire.length(header[1...], limit: PictureWire.maxReplyBytes)
            let body = try Self.readExactly(length, from: child.output)
            switch status {
            case .png: return body
            case .failed: throw PictureRenderingError("roastbot-render: \(String(decoding: body, as: UTF8.self))")
            }
        } catch let error as PictureRenderingError {
            throw error
        } catch {
            // The stream is out of step or the child is gone: a new child for the next picture.
            stopChild(reason: "\(error)")
            throw PictureRenderingError(watch.expired ? "roastbot-render did not answer within \(renderTimeout) s" : "\(error)")
        }
    }

    /// Whether a picture finished before its deadline (then the timer does nothing) or not.
    private final class Watch: Sendable {
        private let state = Mutex<(finished: Bool, expired: Bool)>((false, false))

        func finish() { state.withLock { $0.finished = true } }

        /// Marks the deadline passed; true when the picture had not finished.
        func expire() -> Bool {
            state.withLock { state in
                guard !state.finished else { return false }
                state.expired = true
                return true
            }
        }

        var expired: Bool { state.withLock { $0.expired } }
    }

    private func runningOrStartedChild() throws(PictureRenderingError) -> Child {
        if let child = state.withLock({ $0.child }), child.process.isRunning { return child }
        stopChild(reason: nil)
        // The bot writes to the child's pipe: a child that died must make `write` fail, not end the bot.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = executable
        process.arguments = []
        process.environment = environment
        let requests = Pipe()
        let answers = Pipe()
        process.standardInput = requests
        process.standardOutput = answers
        do {
            try process.run()
        } catch {
            throw PictureRenderingError("cannot start \(executable.path): \(error)")
        }
        // The child's ends belong to it now.
        try? requests.fileHandleForReading.close()
        try? answers.fileHandleForWriting.close()
        let child = Child(
            process: process, input: dup(requests.fileHandleForWriting.fileDescriptor),
            output: dup(answers.fileHandleForReading.fileDescriptor))
        try? requests.fileHandleForWriting.close()
        try? answers.fileHandleForReading.close()
        state.withLock {
            $0.child = child
            $0.starts += 1
        }
        logger.info("picture renderer started", metadata: ["pid": "\(process.processIdentifier)"])
        return child
    }

    /// Closes the child's input, which makes it exit; one that does not is killed shortly after.
    private func stopChild(reason: String?) {
        guard
            let child = state.withLock({ state -> Child? in
                defer { state.child = nil }
                return state.child
            })
        else { return }
        close(child.input)
        close(child.output)
        if let reason {
            kill(child.process.processIdentifier, SIGKILL)
            logger.warning("picture renderer stopped", metadata: ["reason": "\(reason)"])
        } else {
            DispatchQueue.global().asyncAfter(deadline: .now() + 5) {
                if child.process.isRunning { kill(child.process.processIdentifier, SIGKILL) }
            }
            logger.info("picture renderer stopped after being idle")
        }
    }

    private func scheduleIdleStop() {
        let activity = state.withLock { state in
            state.activity += 1
            return state.activity
        }
        queue.asyncAfter(deadline: .now() + idleTimeout) { [weak self] in
            guard let self, self.state.withLock({ $0.activity == activity }) else { return }
            self.stopChild(reason: nil)
        }
    }

    // MARK: Pipes

    private struct PipeError: Error, CustomStringConvertible {
        var description: String
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws {
        var written = 0
        while written < bytes.count {
            let put = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, bytes.count - written) }
            if put < 0, errno == EINTR { continue }
            guard put > 0 else { throw PipeError(description: "write failed (errno \(errno))") }
            written += put
        }
    }

    private static func readExactly(_ count: Int, from descriptor: Int32) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, count - filled) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { throw PipeError(description: got == 0 ? "the renderer exited" : "read failed (errno \(errno))") }
            filled += got
        }
        return buffer
    }
}
