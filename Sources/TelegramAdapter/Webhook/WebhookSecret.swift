/// The secret Telegram sends with every webhook delivery (`X-Telegram-Bot-Api-Secret-Token`), made
/// afresh at each start and given to Telegram with `setWebhook`: a request without it did not come
/// from Telegram. Its description never shows the value.
public struct WebhookSecret: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// 64 characters from Telegram's alphabet for it (A–Z, a–z, 0–9, `_`, `-`): 384 random bits.
    public let value: String

    public init(_ value: String) {
        self.value = value
    }

    /// A new secret from the system's random number generator.
    public static func random() -> WebhookSecret {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
        var generator = SystemRandomNumberGenerator()
        return WebhookSecret(String((0..<64).map { _ in alphabet[Int(generator.next(upperBound: UInt64(alphabet.count)))] }))
    }

    /// Whether `candidate` is the secret, compared in time that depends only on the secret's length:
    /// every byte is looked at whatever the first difference, so timing tells nothing about how
    /// much of a guess was right.
    public func matches(_ candidate: String?) -> Bool {
        guard let candidate else { return false }
        let expected = Array(value.utf8)
        let given = Array(candidate.utf8)
        var difference: UInt8 = expected.count == given.count ? 0 : 1
        for index in expected.indices {
            difference |= expected[index] ^ (index < given.count ? given[index] : 0)
        }
        return difference == 0
    }

    public var description: String { "WebhookSecret(<redacted>)" }
    public var debugDescription: String { description }
}
