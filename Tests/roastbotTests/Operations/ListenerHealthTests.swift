import HTTPServing
import Testing

@testable import roastbot

/// When a listener that cannot accept connections makes the bot unhealthy.
struct ListenerHealthTests {
    @Test(arguments: [(nil, nil), (0, nil), (10, nil), (11, "webhook listener cannot accept connections for 11 s: Too many open files")])
    func aListenerIsAProblemOnceAcceptHasFailedLongerThanTheGrace(failingFor seconds: Int?, problem: String?) {
        let now = ContinuousClock.now
        var statistics = HTTPServerStatistics()
        if let seconds {
            statistics.acceptFailure = HTTPServerStatistics.AcceptFailure(reason: "Too many open files", since: now - .seconds(seconds))
        }
        #expect(ListenerHealth.problem(of: "webhook", statistics, at: now) == problem)
    }

}
