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
    public var record: RoastRecord

    public init(id: RoastID, messageID: MessageID?, record: RoastRecord) {
        self.id = id
        self.messageID = messageID
        self.record = record
    }

    public subscript<Value>(dynamicMember field: KeyPath<RoastRecord, Value>) -> Value {
        record[keyPath: field]
    }
}
