import Testing

@testable import HTTPServing

/// Issue 25 §4: one line per kind of refusal and interval, the rest counted.
struct RefusalLogTests {
    static let forged = RefusalLog.Kind(message: "HTTP request refused", reason: "no secret", status: 401, level: .notice)
    static let tooLong = RefusalLog.Kind(message: "HTTP request refused", reason: "request head too large", status: 431, level: .notice)

    @Test func theFirstRefusalIsToldAtOnceAndTheRestCountedUntilTheIntervalEnds() {
        var log = RefusalLog(interval: .seconds(60))
        let start = ContinuousClock.now
        #expect(log.note(Self.forged, at: start) == RefusalLog.Line(kind: Self.forged, more: 0, seconds: 0))
        for second in 1...599 { #expect(log.note(Self.forged, at: start + .milliseconds(second * 10)) == nil) }
        #expect(log.note(Self.tooLong, at: start + .seconds(1)) != nil, "another kind is told on its own")
        #expect(log.due(at: start + .seconds(59)).isEmpty)
        #expect(log.due(at: start + .seconds(60)) == [RefusalLog.Line(kind: Self.forged, more: 599, seconds: 60)])
        // A new interval: counted again, and a quiet kind is forgotten so that its next one is told at once.
        #expect(log.note(Self.forged, at: start + .seconds(61)) == nil)
        #expect(log.due(at: start + .seconds(61)).isEmpty, "the other kind was quiet: forgotten")
        #expect(log.note(Self.tooLong, at: start + .seconds(62)) != nil)
        #expect(log.flush(at: start + .seconds(70)) == [RefusalLog.Line(kind: Self.forged, more: 1, seconds: 10)])
        #expect(log.note(Self.forged, at: start + .seconds(71)) != nil, "after a flush the next is told")
    }
}
