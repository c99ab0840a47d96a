/// A photo to post: an image, an optional caption and buttons under it.
public struct OutgoingPhoto: Sendable, Hashable {
    public var image: PhotoImage
    public var caption: RichText?
    public var buttons: [[Button]]
    /// Post as a reply to this message, when it still exists.
    public var replyTo: MessageID?
    /// Post in this topic (forum thread) of the chat; nil posts in the chat's main thread.
    public var topic: TopicID?

    public init(image: PhotoImage, caption: RichText? = nil, buttons: [[Button]] = [], replyTo: MessageID? = nil, topic: TopicID? = nil) {
        self.image = image
        self.caption = caption
        self.buttons = buttons
        self.replyTo = replyTo
        self.topic = topic
    }
}

/// What a photo shows: a new image to upload, or one the platform stored before.
public enum PhotoImage: Sendable, Hashable {
    /// A PNG image to upload.
    case png([UInt8])
    /// A photo posted before, by the id the platform gave it.
    case stored(StoredPhotoID)
}

/// A posted photo: its message, and the id that posts the same photo again without an upload
/// (nil when the platform gave none).
public struct SentPhoto: Sendable, Hashable {
    public var message: MessageID
    public var stored: StoredPhotoID?

    public init(message: MessageID, stored: StoredPhotoID?) {
        self.message = message
        self.stored = stored
    }
}
