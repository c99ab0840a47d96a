import APIDecoding

/// One incoming update. <https://core.telegram.org/bots/api#update>
///
/// Decoding never fails for a kind Telegram adds later, nor for a known kind whose payload does
/// not match what this library expects: such an update keeps its `updateID` (so the offset still
/// advances) and gets ``Kind/unsupported(_:)`` with a reason safe to log (field names, never values).
public struct Update: Sendable, Hashable, Codable {
    /// What the update is about; at most one of these is present in an update.
    public enum Kind: Sendable, Hashable {
        case message(Message)
        case editedMessage(Message)
        case callbackQuery(CallbackQuery)
        case messageReaction(MessageReactionUpdated)
        case messageReactionCount(MessageReactionCountUpdated)
        case myChatMember(ChatMemberUpdated)
        case chatMember(ChatMemberUpdated)
        case inlineQuery(InlineQuery)
        case chosenInlineResult(ChosenInlineResult)
        /// An unknown kind, or a known kind that failed to decode. The reason names keys, never values.
        case unsupported(String)
    }

    public var updateID: Int64
    public var kind: Kind

    public init(updateID: Int64, kind: Kind) {
        self.updateID = updateID
        self.kind = kind
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case updateID = "update_id"
        case message
        case editedMessage = "edited_message"
        case callbackQuery = "callback_query"
        case messageReaction = "message_reaction"
        case messageReactionCount = "message_reaction_count"
        case myChatMember = "my_chat_member"
        case chatMember = "chat_member"
        case inlineQuery = "inline_query"
        case chosenInlineResult = "chosen_inline_result"
    }

    /// Throws only when `update_id` itself is missing or malformed.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        updateID = try c.decode(Int64.self, forKey: .updateID)
        guard let key = CodingKeys.allCases.first(where: { $0 != .updateID && c.contains($0) }) else {
            let others = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
                .filter { $0 != CodingKeys.updateID.rawValue }.sorted()
            kind = .unsupported("unknown update kind: " + (others.isEmpty ? "(none)" : others.joined(separator: ",")))
            return
        }
        do {
            kind = try Self.decodeKind(key, from: c)
        } catch let error as DecodingError {
            kind = .unsupported("malformed \(key.rawValue): \(error.safeSummary(below: decoder.codingPath.count))")
        } catch {
            kind = .unsupported("malformed \(key.rawValue)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(updateID, forKey: .updateID)
        switch kind {
        case .message(let value): try c.encode(value, forKey: .message)
        case .editedMessage(let value): try c.encode(value, forKey: .editedMessage)
        case .callbackQuery(let value): try c.encode(value, forKey: .callbackQuery)
        case .messageReaction(let value): try c.encode(value, forKey: .messageReaction)
        case .messageReactionCount(let value): try c.encode(value, forKey: .messageReactionCount)
        case .myChatMember(let value): try c.encode(value, forKey: .myChatMember)
        case .chatMember(let value): try c.encode(value, forKey: .chatMember)
        case .inlineQuery(let value): try c.encode(value, forKey: .inlineQuery)
        case .chosenInlineResult(let value): try c.encode(value, forKey: .chosenInlineResult)
        case .unsupported: break
        }
    }

    private static func decodeKind(_ key: CodingKeys, from c: KeyedDecodingContainer<CodingKeys>) throws -> Kind {
        switch key {
        case .updateID: preconditionFailure("update_id is not a kind")
        case .message: .message(try c.decode(Message.self, forKey: key))
        case .editedMessage: .editedMessage(try c.decode(Message.self, forKey: key))
        case .callbackQuery: .callbackQuery(try c.decode(CallbackQuery.self, forKey: key))
        case .messageReaction: .messageReaction(try c.decode(MessageReactionUpdated.self, forKey: key))
        case .messageReactionCount: .messageReactionCount(try c.decode(MessageReactionCountUpdated.self, forKey: key))
        case .myChatMember: .myChatMember(try c.decode(ChatMemberUpdated.self, forKey: key))
        case .chatMember: .chatMember(try c.decode(ChatMemberUpdated.self, forKey: key))
        case .inlineQuery: .inlineQuery(try c.decode(InlineQuery.self, forKey: key))
        case .chosenInlineResult: .chosenInlineResult(try c.decode(ChosenInlineResult.self, forKey: key))
        }
    }
}
