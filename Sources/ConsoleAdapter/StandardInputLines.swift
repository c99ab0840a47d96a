import Foundation

/// Lines of standard input as an async sequence, read on a dedicated thread so that a blocking
/// `readLine` never occupies Swift's cooperative thread pool.
public struct StandardInputLines: AsyncSequence, Sendable {
    public typealias Element = String

    public init() {}

    public func makeAsyncIterator() -> AsyncStream<String>.Iterator {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .unbounded)
        let thread = Thread {
            while let line = readLine(strippingNewline: true) {
                continuation.yield(line)
            }
            continuation.finish()
        }
        thread.name = "roastbot-stdin"
        thread.start()
        return stream.makeAsyncIterator()
    }
}
