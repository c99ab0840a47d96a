import ChatPlatform
import RoastStore

extension RoastID {
    /// A roast id written in a button payload: a positive decimal number.
    init?(payloadField text: String) {
        guard text.count <= 19, let raw = Int64(text), raw > 0 else { return nil }
        self.init(rawValue: raw)
    }
}

extension UserID {
    /// A user id written in a button payload: a positive decimal number.
    init?(payloadField text: String) {
        guard text.count <= 19, let raw = Int64(text), raw > 0 else { return nil }
        self.init(raw)
    }
}
