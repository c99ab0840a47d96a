import ChatPlatform
import Foundation
import Logging
import RoastBot
import RoastTesting
import Testing
import Timekeeping

struct AdminCheckTests {
    static let group = ChatRef(id: ChatID(-7), kind: .supergroup)
    static let alice = Person(id: UserID(1), displayName: "Alice")

    static func envelope(at date: Date) -> IncomingEnvelope {
        IncomingEnvelope(
            source: EventSource("test"), key: 1, date: date, chat: group, sender: alice,
            event: .command(name: "settings", arguments: "", message: MessageID(1)))
    }

    /// The cache lasts its time on the monotonic clock: a wall clock set a day ahead does not drop it,
    /// five minutes of uptime do.
    @Test func cachedAnswersLastTheirUptimeWhateverTheWallClockSays() async {
        let clock = ManualClock()
        let administration = FixedAdministration(admins: [Self.alice.id])
        let check = AdminCheck(administration: administration, clock: clock, ttl: 300, logger: Logger(label: "test"))
        let needs = ActionNeeds(adminStatus: true)
        #expect(await check.prepare(Self.envelope(at: clock.now), needs: needs) == true)
        clock.stepWallClock(by: 86_400)
        #expect(await check.prepare(Self.envelope(at: clock.now), needs: needs) == true)
        #expect(administration.lookups == 1)
        clock.advance(by: 301)
        #expect(await check.prepare(Self.envelope(at: clock.now), needs: needs) == true)
        #expect(administration.lookups == 2)
    }
}
