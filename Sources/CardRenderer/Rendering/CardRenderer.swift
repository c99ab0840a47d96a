import CPangoCairo
import CardModel
import Dispatch
import Synchronization

/// Draws share cards and streak heatmaps as PNG images.
///
/// **Threads.** Rendering is synchronous CPU work (tens of milliseconds) and serialized: one
/// render at a time per renderer, under a lock, because the Pango font map and context it keeps
/// may only be used by one thread at a time. From async code use the `InBackground` variants,
/// which run on the renderer's own serial queue and leave the cooperative thread pool (two threads
/// on a two-core machine) free; never render on the database writer's thread. Create one renderer
/// for the process.
///
/// **Memory.** Nothing is loaded until the first render: only then are fontconfig's
/// configuration and cache read and the fonts opened, so a process that never renders a card
/// keeps its idle memory. The first render therefore takes longer than the following ones.
public final class CardRenderer: Sendable {
    /// nil until the first render.
    private let fonts = Mutex<FontSession?>(nil)

    public init() {}

    /// Whether the fonts have been loaded (by a first render).
    public var hasLoadedFonts: Bool { fonts.withLock { $0 != nil } }

    /// The card as a PNG image of `card.format`'s size.
    public func render(_ card: RoastCard) throws(CardRenderingError) -> [UInt8] {
        try withFonts { session throws(CardRenderingError) in
            let canvas = try Canvas(width: card.format.width, height: card.format.height, opaque: true)
            CardPainter(card, session: session).paint(on: canvas)
            return try canvas.pngData()
        }
    }

    /// The heatmap as a PNG image of ``StreakHeatmap/width`` × ``StreakHeatmap/height``.
    public func render(_ heatmap: StreakHeatmap) throws(CardRenderingError) -> [UInt8] {
        try withFonts { session throws(CardRenderingError) in
            let canvas = try Canvas(width: StreakHeatmap.width, height: StreakHeatmap.height, opaque: true)
            HeatmapPainter(heatmap, session: session).paint(on: canvas)
            return try canvas.pngData()
        }
    }

    /// The picture as a PNG image of its size.
    public func render(_ picture: Picture) throws(CardRenderingError) -> [UInt8] {
        switch picture {
        case .card(let card): try render(card)
        case .heatmap(let heatmap): try render(heatmap)
        }
    }

    /// ``render(_:)-(RoastCard)`` on the renderer's own queue, off the caller's thread.
    public func renderInBackground(_ card: RoastCard) async throws(CardRenderingError) -> [UInt8] {
        try await onQueue { () throws(CardRenderingError) in try self.render(card) }
    }

    /// ``render(_:)-(StreakHeatmap)`` on the renderer's own queue, off the caller's thread.
    public func renderInBackground(_ heatmap: StreakHeatmap) async throws(CardRenderingError) -> [UInt8] {
        try await onQueue { () throws(CardRenderingError) in try self.render(heatmap) }
    }

    private let queue = DispatchQueue(label: "CardRenderer")

    private func onQueue(
        _ work: @escaping @Sendable () throws(CardRenderingError) -> [UInt8]
    ) async throws(CardRenderingError) -> [UInt8] {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<[UInt8], CardRenderingError>, Never>) in
            queue.async { continuation.resume(returning: Result { () throws(CardRenderingError) in try work() }) }
        }
        return try result.get()
    }

    /// Runs `body` under the lock with the fonts, loading them first if this is the first render.
    func withFonts<Result: Sendable>(_ body: (FontSession) throws(CardRenderingError) -> Result) throws(CardRenderingError) -> Result {
        try fonts.withLock { (fonts: inout FontSession?) throws(CardRenderingError) -> Result in
            let session: FontSession
            if let loaded = fonts {
                session = loaded
            } else {
                session = FontSession()
                fonts = session
            }
            return try body(session)
        }
    }
}
