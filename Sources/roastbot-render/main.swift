import CMalloc
import CardModel
import CardRenderer

#if canImport(Glibc)
    import Glibc
#endif

// roastbot-render: draws the pictures roastbot asks for, one at a time, over standard input and
// output (frames described by `PictureWire`), until standard input closes.
//
// roastbot starts it on first use and stops it after a while without work, so that Cairo, Pango,
// fontconfig and the fonts are in memory only while pictures are being made, and a crash in them
// costs a picture, never the bot. Nothing is written to standard output but reply frames;
// diagnostics go to standard error.

/// Reads exactly `count` bytes from standard input; nil at end of input (or on a read error).
func readExactly(_ count: Int) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
        let got = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress! + filled, count - filled) }
        if got < 0, errno == EINTR { continue }
        guard got > 0 else { return nil }
        filled += got
    }
    return buffer
}

/// Writes all of `bytes` to standard output; false when the reader went away.
func writeAll(_ bytes: [UInt8]) -> Bool {
    var written = 0
    while written < bytes.count {
        let put = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress! + written, bytes.count - written) }
        if put < 0, errno == EINTR { continue }
        guard put > 0 else { return false }
        written += put
    }
    return true
}

func complain(_ message: String) {
    _ = ("roastbot-render: " + message + "\n").utf8CString.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
}

// A bot that stopped reading must end this process, not a signal handler's default in the middle of a write.
signal(SIGPIPE, SIG_IGN)
// Pictures and their PNGs are megabytes: mapped from the system and returned when freed, rather than
// kept in the heap once glibc raised its threshold above them (41 story cards: 35 MB instead of 57).
_ = mallopt(M_MMAP_THRESHOLD, 256 * 1_024)
let renderer = CardRenderer()
while let header = readExactly(4) {
    let length: Int
    do {
        length = try PictureWire.length(header, limit: PictureWire.maxRequestBytes)
    } catch {
        complain("\(error); stopping")
        exit(1)
    }
    guard let body = readExactly(length) else { break }
    let reply: [UInt8]
    do {
        reply = PictureWire.reply(png: try renderer.render(try PictureWire.picture(fromRequestBody: body)))
    } catch {
        reply = PictureWire.reply(failure: "\(error)")
    }
    guard writeAll(reply) else { break }
}
exit(0)
