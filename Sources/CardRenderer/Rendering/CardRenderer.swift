import CPangoCairo
import Synchronization

/// Draws share cards and streak heatmaps as PNG images.
///
/// **Threads.** Rendering is synchronous CPU work (tens of milliseconds) and serialized: one
/// render at a time per renderer, under a lock, because the Pango font map and context it keeps
/// may only be used by one thread at a time. Callers should render off the cooperative thread
/// pool's hot paths (and never on the database writer's thread), for instance on a dedicated
/// thread or a detached task, and create one renderer for the process.
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
