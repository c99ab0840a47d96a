/// Decodes a chunked body (RFC 9112 §7.1) as its bytes arrive, within a limit on the decoded size;
/// chunk extensions and trailer fields are read and dropped. Keeps only the line it is in the middle
/// of (a chunk-size line or a trailer field, each at most ``lineLimit`` bytes).
struct ChunkedBodyDecoder {
    enum Progress: Equatable {
        case incomplete
        case complete
        case refused(HTTPRefusal)
    }

    static let lineLimit = 4_096
    /// Trailer fields, all together, at most this many bytes.
    static let trailerLimit = 16_384

    private enum State {
        case size
        case data(remaining: Int)
        case dataEnd
        case trailer
        case done
    }

    let limit: Int
    private(set) var decoded = 0
    private var state = State.size
    private var line: [UInt8] = []
    private var trailerBytes = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// Reads what it can of `input` from `start`, appending the body's bytes to `body` (dropping
    /// them when nil); returns the progress and where it stopped.
    mutating func feed(_ input: [UInt8], from start: Int, into body: inout [UInt8]?) -> (Progress, next: Int) {
        var index = start
        while index < input.count {
            switch state {
            case .done:
                return (.complete, index)
            case .data(let remaining):
                let count = min(remaining, input.count - index)
                body?.append(contentsOf: input[index..<(index + count)])
                index += count
                state = remaining == count ? .dataEnd : .data(remaining: remaining - count)
            case .size, .dataEnd, .trailer:
                guard let newline = input[index...].firstIndex(of: UInt8(ascii: "\n")) else {
                    line.append(contentsOf: input[index...])
                    if line.count > Self.lineLimit { return (.refused(.malformedChunk), input.count) }
                    return (.incomplete, input.count)
                }
                line.append(contentsOf: input[index..<newline])
                index = newline + 1
                if line.count > Self.lineLimit { return (.refused(.malformedChunk), index) }
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                let progress = endOfLine()
                line.removeAll(keepingCapacity: true)
                if case .refused = progress { return (progress, index) }
            }
        }
        if case .done = state { return (.complete, index) }
        return (.incomplete, index)
    }

    // MARK: - Helpers

    private mutating func endOfLine() -> Progress {
        switch state {
        case .size:
            let digits = line.prefix { $0 != UInt8(ascii: ";") }
            guard !digits.isEmpty, digits.count <= 15, let size = Int(String(decoding: digits, as: UTF8.self), radix: 16), size >= 0,
                digits.allSatisfy({ $0.isHexDigit })
            else { return .refused(.malformedChunk) }
            guard decoded + size <= limit else { return .refused(HTTPRefusal(status: 413, reason: "body too large")) }
            decoded += size
            state = size == 0 ? .trailer : .data(remaining: size)
        case .dataEnd:
            guard line.isEmpty else { return .refused(.malformedChunk) }
            state = .size
        case .trailer:
            if line.isEmpty {
                state = .done
                return .complete
            }
            trailerBytes += line.count
            guard trailerBytes <= Self.trailerLimit else { return .refused(.headTooLarge) }
        case .data, .done:
            break
        }
        return .incomplete
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
