/// A photo to post: an image, an optional caption and buttons under it. `Image` says what the photo
/// shows (see ``OutgoingAction``).
public struct Photo<Image: Sendable & Hashable>: Sendable, Hashable {
    public var image: Image
    public var caption: RichText?
    public var buttons: [[Button]]
    /// Post as a reply to this message, when it still exists.
    public var replyTo: MessageID?
    /// Post in this topic (forum thread, channel) of the chat; nil posts in the chat's main thread.
    public var topic: TopicID?

    public init(image: Image, caption: RichText? = nil, buttons: [[Button]] = [], replyTo: MessageID? = nil, topic: TopicID? = nil) {
        self.image = image
        self.caption = caption
        self.buttons = buttons
        self.replyTo = replyTo
        self.topic = topic
    }

    /// The same photo showing `image` instead.
    public func showing<Other>(_ image: Other) -> Photo<Other> {
        Photo<Other>(image: image, caption: caption, buttons: buttons, replyTo: replyTo, topic: topic)
    }
}

/// A photo as a platform posts it.
public typealias OutgoingPhoto = Photo<PhotoImage>

/// What a photo shows when it reaches the platform: a new image to upload, or one the platform
/// stored before.
public enum PhotoImage: Sendable, Hashable {
    /// A PNG image to upload.
    case png([UInt8])
    /// A photo posted before, by the id the platform gave it.
    case stored(StoredPhotoID)
}
