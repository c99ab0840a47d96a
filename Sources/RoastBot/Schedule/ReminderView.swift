import ChatPlatform
import RoastCore

/// The evening streak reminder: one message mentioning everyone whose streak breaks tonight.
public struct ReminderView: Sendable {
    public let members: [StreakRisk]
    public let words: Phrasebook

    public init(members: [StreakRisk], words: Phrasebook) {
        self.members = members
        self.words = words
    }

    public var message: OutgoingMessage {
        var text = RichText()
        text.append(.bold(words.reminderTitle))
        text.append(.plain("\n"))
        for (index, member) in members.enumerated() {
            text.append(.plain(index == 0 ? "" : ", "))
            text.append(.mention(member.userID, name: member.displayName))
            text.append(.plain(" (\(member.streak)🔥)"))
        }
        text.append(.plain("\n\n" + words.reminderBody))
        return OutgoingMessage(text: text)
    }
}
