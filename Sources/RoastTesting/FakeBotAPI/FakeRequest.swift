import Foundation

/// One request the fake received, in arrival order.
public struct FakeRequest: Sendable, Equatable {
    /// Position in arrival order, from 0.
    public let sequence: Int
    /// The method name as the client spelled it (Telegram matches it case-insensitively).
    public let method: String
    /// Parameters as text: strings as sent, structured values as compact JSON, files as their name.
    public let parameters: [String: String]
    public let arrivedAt: Date
    /// The injected fault this request was answered with, if any.
    public let fault: FakeFault?
    /// The HTTP status sent, once answered (nil while pending, for stalls and dropped connections).
    public var statusCode: Int?
    /// The Bot API `description` when the answer was an error.
    public var errorDescription: String?

    public var answeredWithFault: Bool { fault != nil }
}
