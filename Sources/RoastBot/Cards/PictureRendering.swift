import CardModel

/// Draws pictures (share cards, streak heatmaps) as PNG images for the outbox deliverer, after
/// the event's transaction and off the single writer. In production it is ``RendererProcess``
/// (the `roastbot-render` program); tests use a recording stand-in.
public protocol PictureRendering: Sendable {
    /// The PNG image of `picture`, of its size.
    func render(_ picture: Picture) async throws(PictureRenderingError) -> [UInt8]
}

/// Why no picture was made. The deliverer posts the order's text instead; the reason is for the log
/// and never contains the picture's text.
public struct PictureRenderingError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}

/// For a bot that draws no pictures: every order is posted as its text.
public struct NoPictures: PictureRendering {
    public init() {}

    public func render(_ picture: Picture) async throws(PictureRenderingError) -> [UInt8] {
        throw PictureRenderingError("pictures are turned off")
    }
}
