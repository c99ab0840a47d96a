import ChatPlatform
import ConsoleAdapter
import Foundation
import Testing

/// A console session over a database that already knows people (an earlier session's).
struct ConsoleSessionTests {
    static let stored = [
        Person(id: UserID(1001), displayName: "you", username: "you"),
        Person(id: UserID(1002), displayName: "An", username: "an"),
        Person(id: UserID(1003), displayName: "Chi", username: "chi", languageCode: "en"),
    ]

    static func step(_ session: inout ConsoleSession, _ line: String) -> ConsoleSession.Step {
        session.step(
            ConsoleInput(line: line), now: Date(timeIntervalSince1970: 1_800_000_000), buttons: { _, _, _ in nil },
            latestRoast: { _ in nil })
    }

    @Test func userFindsTheStoredPersonOfThatName() {
        var session = ConsoleSession(firstSequence: 1, userName: "you", known: Self.stored)
        _ = Self.step(&session, ":user Chi")
        #expect(session.user == Self.stored[2])
        _ = Self.step(&session, ":user an")
        #expect(session.user.id == UserID(1002))
        #expect(session.user.displayName == "An")
    }

    @Test func aNewPersonGetsAnIDNoStoredPersonHas() {
        var session = ConsoleSession(firstSequence: 1, userName: "you", known: Self.stored)
        #expect(session.user.id == UserID(1001))
        _ = Self.step(&session, ":user Dung")
        #expect(session.user.id == UserID(1004))
        #expect(session.user.displayName == "Dung")
        _ = Self.step(&session, ":user Em")
        #expect(session.user.id == UserID(1005))
        _ = Self.step(&session, ":user Dung")
        #expect(session.user.id == UserID(1004))
    }

    @Test func theFirstSpeakerIsTheStoredOneOfThatNameOrANewOne() {
        #expect(ConsoleSession(firstSequence: 1, userName: "Chi", known: Self.stored).user.id == UserID(1003))
        #expect(ConsoleSession(firstSequence: 1, userName: "Bob", known: Self.stored).user.id == UserID(1004))
        #expect(ConsoleSession(firstSequence: 1, userName: "you", known: []).user.id == UserID(1001))
    }

    @Test func aLanguageGivenWithTheNameIsKept() {
        var session = ConsoleSession(firstSequence: 1, userName: "you", known: Self.stored)
        _ = Self.step(&session, ":user Nguyễn Văn A vi")
        #expect(session.user.displayName == "Nguyễn Văn A")
        #expect(session.user.languageCode == "vi")
        _ = Self.step(&session, ":user An en")
        #expect(session.user.id == UserID(1002))
        #expect(session.user.languageCode == "en")
        _ = Self.step(&session, ":user you")
        _ = Self.step(&session, ":user An")
        #expect(session.user.languageCode == "en", "a language once given stays")
    }
}
