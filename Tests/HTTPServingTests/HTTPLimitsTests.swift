import HTTPServing
import Testing

/// The listeners' connection limit against the process's open-file limit.
struct HTTPLimitsTests {
    @Test(arguments: [
        (1_024, 2, 128), (1_024, 1, 128), (524_288, 2, 128), (256, 2, 64), (128, 2, 32), (128, 1, 64), (16, 2, 4), (0, 0, 4),
    ])
    func listenersTogetherKeepToHalfOfTheOpenFileLimit(openFiles: Int, listeners: Int, connections: Int) {
        let fitted = HTTPLimits().fitted(toOpenFiles: openFiles, listeners: listeners)
        #expect(fitted.connections == connections)
        var rest = fitted
        rest.connections = HTTPLimits().connections
        #expect(rest == HTTPLimits(), "nothing else changes")
    }
}
