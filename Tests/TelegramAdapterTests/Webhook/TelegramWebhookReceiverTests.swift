import ChatPlatform
import Foundation
import Logging
import Synchronization
import Testing
import Timekeeping

@testable import TelegramAdapter

/// The webhook endpoint's rules apart from HTTP: who may deliver, what a body must be, and that 200
/// means applied.
struct TelegramWebhookReceiverTests {
    static let secret = WebhookSecret("the-right-secret_0123456789")

    /// A message update with a /roast command in `chat`.
    static func roast(_ updateID: Int64, chat: Int64 = -100) -> [UInt8] {
        Array(
            #"""
            {"update_id": \#(updateID), "message": {"message_id": \#(updateID), "date": 1772398800,
             "chat": {"id": \#(chat), "type": "supergroup", "title": "T"}, "from": {"id": 7, "is_bot": false, "first_name": "M"},
             "text": "/roast", "entities": [{"type": "bot_command", "offset": 0, "length": 6}]}}
            """#.utf8)
    }

    /// Records what was applied and what was skipped.
    final class Sink: Sendable {
        let applied = Mutex<[Int64]>([])
        let skipped = Mutex<[Int64]>([])
        let outcome: Bool

        init(outcome: Bool = true) { self.outcome = outcome }
    }

    static func receiver(_ sink: Sink, logs: CapturedLogs = CapturedLogs(), maximumBodyBytes: Int = 4_096) -> TelegramWebhookReceiver {
        TelegramWebhookReceiver(
            secret: secret, translator: UpdateTranslator(botUserID: 1, botUsername: "RoastBot"), clock: ManualClock(),
            logger: logs.logger(),
            maximumBodyBytes: maximumBodyBytes,
            apply: { envelope in
                sink.applied.withLock { $0.append(envelope.key!) }
                return sink.outcome
            },
            skipped: { updateID, _ in sink.skipped.withLock { $0.append(updateID) } })
    }

    @Test(arguments: [nil, "", "the-right-secret_012345678", "the-right-secret_0123456789x", "THE-RIGHT-SECRET_0123456789"])
    func aDeliveryWithoutTheSecretIsRefusedBeforeItsBodyIsRead(token: String?) async {
        let sink = Sink()
        let bodyRead = Mutex(false)
        let reply = await Self.receiver(sink).receive(secretToken: token) { _ in
            bodyRead.withLock { $0 = true }
            return Self.roast(1)
        }
        #expect(reply.status == 401)
        #expect(!bodyRead.withLock { $0 })
        #expect(sink.applied.withLock { $0 }.isEmpty)
    }

    @Test func anUpdateIsAnswered200OnlyOnceApplied() async {
        let sink = Sink()
        let reply = await Self.receiver(sink).receive(secretToken: Self.secret.value) { _ in Self.roast(42) }
        #expect(reply.status == 200)
        #expect(sink.applied.withLock { $0 } == [42])
    }

    @Test func anUpdateNotAppliedIsAnswered503SoThatTelegramDeliversItAgain() async {
        let sink = Sink(outcome: false)
        let reply = await Self.receiver(sink).receive(secretToken: Self.secret.value) { _ in Self.roast(43) }
        #expect(reply.status == 503)
    }

    @Test(arguments: ["{not json", "[]", #"{"message": {}}"#, "", #"{"update_id": "seven"}"#])
    func aBodyThatIsNotAnUpdateIs400WithAReasonSafeToLog(body: String) async {
        let sink = Sink()
        let logs = CapturedLogs()
        let reply = await Self.receiver(sink, logs: logs).receive(secretToken: Self.secret.value) { _ in Array(body.utf8) }
        #expect(reply.status == 400)
        #expect(sink.applied.withLock { $0 }.isEmpty)
        #expect(reply.refusal?.contains("not an update") == true)
        #expect(body.isEmpty || reply.refusal?.contains(body) == false, "the body is never part of it")
        #expect(logs.all.isEmpty, "the listener logs refusals, once a minute with a count")
    }

    /// Issue 25 §1–2: the listener asks before it reads any of the body, on its own thread: the secret
    /// (constant time), then the declared length; a refusal's reason never carries the token.
    @Test func aDeliveryIsScreenedBeforeItsBodyIsRead() {
        let receiver = Self.receiver(Sink(), maximumBodyBytes: 1_024)
        let forged = receiver.screen(secretToken: "guess-guess", declaredLength: 10)
        #expect(forged?.status == 401)
        #expect(forged?.refusal?.contains("secret token") == true)
        #expect(forged?.refusal?.contains("guess") == false)
        #expect(receiver.screen(secretToken: Self.secret.value, declaredLength: 2_000)?.status == 413)
        #expect(receiver.screen(secretToken: nil, declaredLength: 2_000)?.status == 401, "the secret first")
        #expect(receiver.screen(secretToken: Self.secret.value, declaredLength: 1_024) == nil)
        #expect(receiver.screen(secretToken: Self.secret.value) == nil, "a chunked body is counted as it arrives")
        #expect(receiver.refuseOversizedBody().status == 413)
    }

    @Test func aBodyOverTheLimitIs413() async {
        let sink = Sink()
        let reply = await Self.receiver(sink, maximumBodyBytes: 1_024).receive(secretToken: Self.secret.value) { limit in
            #expect(limit == 1_024)
            return nil
        }
        #expect(reply.status == 413)
    }

    @Test func anUnreadableBodyIs400() async {
        struct Dropped: Error {}
        let reply = await Self.receiver(Sink()).receive(secretToken: Self.secret.value) { _ in throw Dropped() }
        #expect(reply.status == 400)
    }

    @Test func anUpdateTheBotSkipsIsAnswered200AndCounted() async {
        let sink = Sink()
        let edited = #"{"update_id": 9, "edited_message": {"message_id": 1, "date": 1772398800, "chat": {"id": -1, "type": "group"}}}"#
        let reply = await Self.receiver(sink).receive(secretToken: Self.secret.value) { _ in Array(edited.utf8) }
        #expect(reply.status == 200)
        #expect(sink.skipped.withLock { $0 } == [9])
        #expect(sink.applied.withLock { $0 }.isEmpty)
    }

    @Test func afterCloseDeliveriesAre503() async {
        let receiver = Self.receiver(Sink())
        await receiver.close(timeout: 1)
        #expect(await receiver.receive(secretToken: Self.secret.value) { _ in Self.roast(1) }.status == 503)
    }

    /// Telegram delivers on several connections at once: one chat's updates wait for each other, other
    /// chats' do not.
    @Test func oneChatsDeliveriesAreAppliedInTurnOthersAtOnce() async {
        let order = Mutex<[String]>([])
        let (gate, opener) = AsyncStream<Void>.makeStream()
        let receiver = TelegramWebhookReceiver(
            secret: Self.secret, translator: UpdateTranslator(botUserID: 1, botUsername: "RoastBot"), clock: ManualClock(),
            logger: CapturedLogs().logger(),
            apply: { envelope in
                order.withLock { $0.append("start \(envelope.key!)") }
                if envelope.key! == 1 { for await _ in gate { break } }
                order.withLock { $0.append("end \(envelope.key!)") }
                return true
            })
        async let first = receiver.receive(secretToken: Self.secret.value) { _ in Self.roast(1, chat: -100) }
        while !order.withLock({ $0.contains("start 1") }) { await Task.yield() }
        async let second = receiver.receive(secretToken: Self.secret.value) { _ in Self.roast(2, chat: -100) }
        let other = await receiver.receive(secretToken: Self.secret.value) { _ in Self.roast(3, chat: -200) }
        #expect(other.status == 200)
        #expect(order.withLock { $0 } == ["start 1", "start 3", "end 3"], "the same chat's second delivery waits")
        opener.yield()
        #expect(await first.status == 200)
        #expect(await second.status == 200)
        #expect(order.withLock { $0 } == ["start 1", "start 3", "end 3", "end 1", "start 2", "end 2"])
    }
}
