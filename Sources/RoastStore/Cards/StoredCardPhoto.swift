import ChatPlatform

/// A card the platform stored, with the roast it shows (inline mode offers a person's cards).
public struct StoredCardPhoto: Sendable, Hashable {
    public var key: CardKey
    public var photo: StoredPhotoID
    public var roast: StoredRoast

    public init(key: CardKey, photo: StoredPhotoID, roast: StoredRoast) {
        self.key = key
        self.photo = photo
        self.roast = roast
    }
}
