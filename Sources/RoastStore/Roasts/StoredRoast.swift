import ChatPlatform
import Foundation
import RoastCore

/// A roast as stored: its record, its id and, once posted, its message. The record's fields read
/// directly (`stored.category`).
@dynamicMemberLookup
public struct StoredRoast: Sendable, Hashable, Codable {
    public var id: RoastID
    /// The message that carries it in its chat, recorded when its outbox item was delivered.
    public var messageID: MessageID?
    /// The forum topic it was posted in; nil in a chat's main thread.
    public var topic: TopicID?
    public var record: RoastRecord

    public init(id: RoastID, messageID: MessageID?, topic: TopicID? = nil, record: RoastRecord) {
        self.id = id
        self.messageID = messageID
        self.topic = topic
        self.record = record
    }

    public subscript<Value>(dynamicMember field: KeyPath<RoastRecord, Value>) -> Value {
        record[keyPath: field]
    }
}
