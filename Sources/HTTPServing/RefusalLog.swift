import Logging

/// What the listener says about what it refuses, at most one line per interval for each kind: the
/// first at once, the others counted and told in one line when the interval ends (or the listener
/// stops). A flood of forged requests costs a line a minute, not a line a request — journald's rate
/// limit would otherwise drop the bot's own messages with them.
struct RefusalLog {
    /// One kind of refusal: what is logged and why.
    struct Kind: Hashable {
        var message: String
        var reason: String
        var status: Int?
        var level: Logger.Level
    }

    /// A line to write.
    struct Line: Equatable {
        var kind: Kind
        /// 0 for the first of an interval; else how many more came during it.
        var more: Int
        var seconds: Int
    }

    private struct Window {
        var started: ContinuousClock.Instant
        var more: Int
    }

    let interval: Duration
    private var windows: [Kind: Window] = [:]

    init(interval: Duration) {
        self.interval = interval
    }

    /// Counts one refusal; the line to write now, if any.
    mutating func note(_ kind: Kind, at now: ContinuousClock.Instant) -> Line? {
        if var window = windows[kind] {
            window.more += 1
            windows[kind] = window
            return nil
        }
        windows[kind] = Window(started: now, more: 0)
        return Line(kind: kind, more: 0, seconds: 0)
    }

    /// The counts of the intervals that ended by `now`; kinds quiet for a whole interval are
    /// forgotten, so that their next refusal is told at once.
    mutating func due(at now: ContinuousClock.Instant) -> [Line] {
        var lines: [Line] = []
        for (kind, window) in windows where now - window.started >= interval {
            if window.more > 0 {
                lines.append(Line(kind: kind, more: window.more, seconds: Self.seconds(now - window.started)))
                windows[kind] = Window(started: now, more: 0)
            } else {
                windows[kind] = nil
            }
        }
        return lines.sorted { $0.kind.reason < $1.kind.reason }
    }

    /// Every count not told yet (the listener stops).
    mutating func flush(at now: ContinuousClock.Instant) -> [Line] {
        defer { windows = [:] }
        return windows.filter { $0.value.more > 0 }.map {
            Line(kind: $0.key, more: $0.value.more, seconds: Self.seconds(now - $0.value.started))
        }
        .sorted { $0.kind.reason < $1.kind.reason }
    }

    /// When the next interval ends, if any is open.
    var nextDue: ContinuousClock.Instant? {
        windows.values.map { $0.started + interval }.min()
    }

    /// Writes `line` to `logger`, with the listener's name.
    static func write(_ line: Line, to logger: Logger, listener: String) {
        var metadata: Logger.Metadata = ["listener": "\(listener)", "reason": "\(line.kind.reason)"]
        if let status = line.kind.status { metadata["status"] = "\(status)" }
        if line.more == 0 {
            logger.log(level: line.kind.level, "\(line.kind.message)", metadata: metadata)
        } else {
            metadata["more"] = "\(line.more)"
            metadata["in_seconds"] = "\(line.seconds)"
            logger.log(level: line.kind.level, "\(line.kind.message) (more of the same)", metadata: metadata)
        }
    }

    private static func seconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds)
    }
}
