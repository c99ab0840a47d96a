import CardModel
import RoastBot
import Synchronization

/// A ``PictureRendering`` that records what it was asked to draw and answers with a PNG header of
/// the picture's size (enough for a platform to read its dimensions), or fails when told to.
final class RecordingPictures: PictureRendering {
    private struct State {
        var drawn: [Picture] = []
        var failing = false
    }

    private let state = Mutex(State())

    init() {}

    /// Every picture drawn so far, in order.
    var drawn: [Picture] { state.withLock { $0.drawn } }

    /// Whether the next pictures fail (the renderer is missing or crashed).
    func fail(_ failing: Bool = true) { state.withLock { $0.failing = failing } }

    func render(_ picture: Picture) async throws(PictureRenderingError) -> [UInt8] {
        let failing = state.withLock { state in
            if !state.failing { state.drawn.append(picture) }
            return state.failing
        }
        if failing { throw PictureRenderingError("told to fail") }
        return Self.pngHeader(width: picture.width, height: picture.height)
    }

    /// A PNG signature and IHDR chunk for `width` × `height` (no pixels).
    static func pngHeader(width: Int, height: Int) -> [UInt8] {
        func bigEndian(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(13) + Array("IHDR".utf8) + bigEndian(width) + bigEndian(height)
            + [8, 2, 0, 0, 0] + [0, 0, 0, 0]
    }
}
