import ChatPlatform

/// The bookkeeping behind ``SendThrottle``: past sends and future reservations, per chat and
/// overall, with times in whole microseconds of uptime (integers, so that spacing is exact: a
/// send one interval after another is never a rounding error too early; microseconds, so that the
/// spacing of a rate above a thousand a second is kept, not rounded up to a millisecond).
///
/// A reservation is an instant at which a waiting caller may send. It counts against the limits
/// like a send already made, so later callers are placed around it; it is removed again if its
/// caller gives up or a back-off makes it invalid.
struct SendSchedule {
    struct Slot: Hashable {
        var id: UInt64
        var time: Int64
    }

    private struct ChatState {
        /// Sends and reservations, in time order (new ones are only ever appended).
        var slots: [Slot] = []
        var backOffUntil = Int64.min
    }

    /// How far back a send still matters: the group window (and the chat interval, if longer).
    private let horizon: Int64
    private let interval: Int64
    private let limits: SendThrottle.Limits
    /// Every send and reservation, in time order.
    private var global: [Slot] = []
    private var chats: [ChatID: ChatState] = [:]
    private var globalBackOffUntil = Int64.min
    private var nextID: UInt64 = 0
    private var reservationsSinceSweep = 0

    private let globalWindow: Int64
    private let groupWindow: Int64
    private static let sweepEvery = 1_024

    init(limits: SendThrottle.Limits) {
        self.limits = limits
        interval = Self.microseconds(limits.perChatInterval)
        globalWindow = 1_000_000 + Self.microseconds(limits.margin)
        groupWindow = 60_000_000 + Self.microseconds(limits.margin)
        horizon = max(groupWindow, interval)
    }

    /// Whole microseconds, rounded, never negative, at most a century (an absurd setting must not
    /// overflow the schedule's integers).
    static func microseconds(_ seconds: Double) -> Int64 {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return Int64((min(seconds, 3_155_760_000) * 1_000_000).rounded())
    }

    /// Reserves the earliest instant, not before `now`, at which `chat` may receive a send.
    mutating func reserve(chat: ChatID, isGroup: Bool, now: Int64) -> Slot {
        forget(before: now, chat: chat)
        let state = chats[chat] ?? ChatState()
        var earliest = max(now, globalBackOffUntil, state.backOffUntil)
        if let last = state.slots.last {
            earliest = max(earliest, last.time + interval)
        }
        let perGroup = limits.perGroupPerMinute
        if isGroup, perGroup > 0, state.slots.count >= perGroup {
            earliest = max(earliest, state.slots[state.slots.count - perGroup].time + groupWindow)
        }
        var (time, index) = earliestGlobal(from: earliest, limit: limits.globalPerSecond, window: globalWindow)
        if limits.evenGlobalSpacing, limits.globalPerSecond > 0 {
            // Both rules at once: alternate until one instant satisfies both (times only grow).
            let spacing = (globalWindow + Int64(limits.globalPerSecond) - 1) / Int64(limits.globalPerSecond)
            while true {
                let spaced = earliestGlobal(from: time, limit: 1, window: spacing)
                let windowed = earliestGlobal(from: spaced.time, limit: limits.globalPerSecond, window: globalWindow)
                (time, index) = windowed
                if windowed.time == spaced.time { break }
            }
        }
        nextID += 1
        let slot = Slot(id: nextID, time: time)
        global.insert(slot, at: index)
        chats[chat, default: ChatState()].slots.append(slot)
        return slot
    }

    /// Checks a reservation whose time has come: nil if the caller may send now, else the slot to
    /// wait for instead (the same one if woken early, a new one if a back-off came in between).
    mutating func confirm(_ slot: Slot, chat: ChatID, isGroup: Bool, now: Int64) -> Slot? {
        guard now >= slot.time else { return slot }
        let blockedUntil = max(globalBackOffUntil, chats[chat]?.backOffUntil ?? .min)
        guard slot.time < blockedUntil else { return nil }
        release(slot, chat: chat)
        return reserve(chat: chat, isGroup: isGroup, now: now)
    }

    /// Forgets a reservation whose caller will not send.
    mutating func release(_ slot: Slot, chat: ChatID) {
        if let index = global.firstIndex(where: { $0.id == slot.id }, startingAt: lowerBound(slot.time)) {
            global.remove(at: index)
        }
        if let index = chats[chat]?.slots.lastIndex(where: { $0.id == slot.id }) {
            chats[chat]?.slots.remove(at: index)
        }
    }

    mutating func backOff(chat: ChatID?, until: Int64) {
        guard let chat else {
            globalBackOffUntil = max(globalBackOffUntil, until)
            return
        }
        chats[chat, default: ChatState()].backOffUntil = max(chats[chat]?.backOffUntil ?? .min, until)
    }
}

extension SendSchedule {
    /// The earliest instant from `start` at which one more send keeps every `window` (µs) at
    /// `limit` sends or fewer, and the index where it goes in ``global``.
    ///
    /// In sorted order the limit says: any N+1 consecutive sends span at least one window. Putting
    /// `t` at index `p` creates new runs of N+1: the N sends before `t` (so `t` must be at least
    /// a window after the first of them), the N after (so `t` must be a window before the last),
    /// and runs straddling `t`, whose span does not depend on `t`. Gaps are tried in time order,
    /// so a send may go before reservations made earlier for later instants.
    private func earliestGlobal(from start: Int64, limit: Int, window: Int64) -> (time: Int64, index: Int) {
        var index = lowerBound(start)
        guard limit > 0 else { return (start, index) }
        while true {
            var low = start
            var high = Int64.max
            if index > 0 { low = max(low, global[index - 1].time) }
            if index - limit >= 0 { low = max(low, global[index - limit].time + window) }
            if index < global.count { high = global[index].time }
            if index + limit - 1 < global.count { high = min(high, global[index + limit - 1].time - window) }
            if low <= high, straddlingRunsFit(at: index, limit: limit, window: window) { return (low, index) }
            index += 1
        }
    }

    private func straddlingRunsFit(at index: Int, limit: Int, window: Int64) -> Bool {
        let first = max(0, index - limit + 1)
        let last = min(index - 1, global.count - limit)
        guard first <= last else { return true }
        for start in first...last where global[start + limit - 1].time - global[start].time < window {
            return false
        }
        return true
    }

    /// The first index in ``global`` whose time is not before `time`.
    private func lowerBound(_ time: Int64) -> Int {
        var low = 0
        var high = global.count
        while low < high {
            let middle = (low + high) / 2
            if global[middle].time < time { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Drops sends too old to matter for any limit: overall, for `chat`, and now and then for
    /// every chat, so that memory stays bounded by recent traffic.
    private mutating func forget(before now: Int64, chat: ChatID) {
        let globalCutoff = now - globalWindow
        let stale = global.prefix { $0.time <= globalCutoff }.count
        if stale > 0 { global.removeFirst(stale) }

        reservationsSinceSweep += 1
        if reservationsSinceSweep >= Self.sweepEvery {
            reservationsSinceSweep = 0
            for key in Array(chats.keys) { forget(before: now, inChat: key) }
        } else {
            forget(before: now, inChat: chat)
        }
    }

    private mutating func forget(before now: Int64, inChat chat: ChatID) {
        guard var state = chats[chat] else { return }
        let cutoff = now - horizon
        let stale = state.slots.prefix { $0.time <= cutoff }.count
        if stale > 0 { state.slots.removeFirst(stale) }
        chats[chat] = state.slots.isEmpty && state.backOffUntil <= now ? nil : state
    }
}

extension Array {
    fileprivate func firstIndex(where predicate: (Element) -> Bool, startingAt start: Int) -> Int? {
        self[start...].firstIndex(where: predicate)
    }
}
