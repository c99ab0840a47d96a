import ChatPlatform
import Foundation
import RoastCore
import RoastStore

extension RoastRecord {
    /// The record of a roast the ``RoastSelector`` chose, as every path stores it.
    init(
        _ selection: RoastSelection, chat: ChatID, requester: UserID?, kind: RoastKind, language: Language, mood: Mood?, createdAt: Date
    ) {
        let source: RoastSource
        switch selection.origin {
        case .library: source = .library
        case .ai: source = .ai
        }
        self.init(
            chatID: chat, requester: requester, kind: kind, source: source, libraryID: selection.libraryID, text: selection.text,
            language: language, category: selection.category, spice: selection.spice, mood: mood, collection: selection.collection,
            createdAt: createdAt)
    }
}
