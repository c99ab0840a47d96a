import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastStore
import RoastTesting
import Testing

struct PipelineTests {
    @Test func roastIsPostedWithReactionButtonsAndLinkedToItsMessage() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/roast meetings 2"))
        let sent = try #require(bot.platform.sentMessages.last)
        #expect(sent.content.buttons.count == 2)
        #expect(sent.content.buttons[0].map(\.label) == ["😂", "🔥", "😐", "👎"])
        let roast = try bot.database.read { try $0.roast(chat: BotFixture.group.id, message: sent.message) }
        #expect(roast?.category == .meetings)
        #expect(roast?.spice.rawValue == 2)
        #expect(try bot.database.read { try $0.pendingOutboxCount() } == 0)
    }

    /// A crash after an update's commit but before the poll offset is saved makes the platform
    /// deliver it again: it must change nothing the second time.
    @Test func applyingTheSameUpdateTwiceHasOneEffect() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let roast = bot.command("/roast")
        await bot.runtime.pipeline.process([roast], from: BotFixture.source, nextOffset: nil)
        await bot.runtime.pipeline.process([roast], from: BotFixture.source, nextOffset: nil)
        await bot.runtime.outbox.deliverPending()
        #expect(bot.platform.sentMessages.count == 1)
        let profile = try bot.database.read { try $0.profile(chat: BotFixture.group.id, user: BotFixture.alice.id) }
        #expect(profile?.roastCount == 1)
    }

    /// Issue 25 §6: once a source forgot an update's id (polling: below its resume point; webhook:
    /// two days after), a replay of it changes nothing — it is below the source's low-water mark.
    @Test func aReplayOfAnUpdateWhoseIdWasForgottenHasNoEffect() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let polled = bot.command("/roast")
        await bot.run(polled)
        #expect(try bot.database.read { try $0.appliedEventCount() } == 0, "forgotten below the resume point")
        #expect(await bot.runtime.pipeline.settle([polled], from: BotFixture.source))
        await bot.runtime.pipeline.process([polled], from: BotFixture.source, nextOffset: nil)

        let delivered = bot.command("/roast")
        #expect(await bot.runtime.pipeline.settle([delivered], from: BotFixture.source))
        try bot.database.write { try $0.pruneApplied(from: BotFixture.source, appliedBefore: .distantFuture) }
        #expect(try bot.database.read { try $0.appliedEventCount() } == 0, "forgotten by age")
        #expect(await bot.runtime.pipeline.settle([delivered], from: BotFixture.source), "answered as applied")

        await bot.runtime.outbox.deliverPending()
        #expect(bot.platform.sentMessages.count == 2)
        let profile = try bot.database.read { try $0.profile(chat: BotFixture.group.id, user: BotFixture.alice.id) }
        #expect(profile?.roastCount == 2)
    }

    @Test func buttonPressSwitchesAndRemovesTheReactionAndUpdatesCounts() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/roast"))
        let posted = try #require(bot.platform.sentMessages.last)
        let fire = posted.content.buttons[0][1].data
        let laugh = posted.content.buttons[0][0].data
        await bot.run(bot.envelope(.press(callbackID: "c1", data: fire, message: posted.message)))
        await bot.run(bot.envelope(.press(callbackID: "c2", data: fire, message: posted.message), from: BotFixture.bob))
        await bot.run(bot.envelope(.press(callbackID: "c3", data: laugh, message: posted.message), from: BotFixture.bob))
        await bot.run(bot.envelope(.press(callbackID: "c4", data: fire, message: posted.message)))

        let roastID = try #require(try bot.database.read { try $0.roast(chat: BotFixture.group.id, message: posted.message) }?.id)
        let counts = try bot.database.read { try $0.reactionCounts(roast: roastID) }
        #expect(counts[.fire, default: 0] == 0)
        #expect(counts[.hilarious] == 1)
        // Only the keyboard is edited: the text stays as posted.
        let lastEdit = bot.platform.deliveries.compactMap { delivery -> [[Button]]? in
            if case .editedButtons(_, let message, let buttons) = delivery, message == posted.message { return buttons }
            return nil
        }.last
        #expect(lastEdit?[0].map(\.label) == ["😂 1", "🔥", "😐", "👎"])
        #expect(bot.platform.acknowledgements.count == 4)
    }

    @Test(arguments: ["r:999999:f", "r:abc:f", "x:1", "", "r:1:z", String(repeating: "r", count: 300), "r:-5:h", "a:", "f:1:2"])
    func staleOrForgedButtonsGetAPoliteNotice(_ payload: String) async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.envelope(.press(callbackID: "cb", data: payload, message: MessageID(3))))
        guard case .answered(_, .handled(let notice, _)) = try #require(bot.platform.deliveries.last) else {
            Issue.record("expected an acknowledgement")
            return
        }
        #expect(notice == Phrasebook(.vi).staleButton)
        #expect(bot.platform.sentMessages.isEmpty)
    }

    @Test func nativeReactionsCountLikeButtons() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/roast"))
        let posted = try #require(bot.platform.sentMessages.last)
        await bot.run(bot.envelope(.reactionChange(message: posted.message, old: [], new: ["🤣"]), from: BotFixture.bob))
        await bot.run(bot.envelope(.reactionChange(message: posted.message, old: ["🤣"], new: ["🤣", "❤‍🔥"]), from: BotFixture.alice))
        await bot.run(bot.envelope(.reactionChange(message: posted.message, old: [], new: ["👍"]), from: BotFixture.alice))
        let roastID = try #require(try bot.database.read { try $0.roast(chat: BotFixture.group.id, message: posted.message) }?.id)
        let counts = try bot.database.read { try $0.reactionCounts(roast: roastID) }
        #expect(counts[.hilarious] == 1)
        #expect(counts[.fire] == 1)
        await bot.run(bot.envelope(.reactionChange(message: posted.message, old: ["🤣"], new: []), from: BotFixture.bob))
        #expect(try bot.database.read { try $0.reactionCounts(roast: roastID) }[.hilarious, default: 0] == 0)
    }

    @Test func unaddressedUnknownCommandsInAGroupAreLeftToOtherBots() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let poll = bot.envelope(.command(name: "poll", arguments: "lunch?", message: MessageID(5), addressed: false))
        // No resume point: the applied mark stays to be read.
        await bot.runtime.pipeline.process([poll], from: BotFixture.source, nextOffset: nil)
        await bot.runtime.outbox.deliverPending()
        #expect(bot.platform.deliveries.isEmpty)
        let (applied, profile) = try bot.database.read { tx in
            (
                try tx.hasApplied(poll.key!, from: BotFixture.source),
                try tx.profile(chat: BotFixture.group.id, user: BotFixture.alice.id)
            )
        }
        #expect(applied)
        // Not an interaction with this bot: no profile, no streak.
        #expect(profile == nil)
    }

    @Test func unknownCommandsGetALocalizedHint() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/frobnicate now"))
        #expect(bot.platform.sentMessages.last?.content.text.plainText == Phrasebook(.vi).unknownCommand("frobnicate"))
    }

    @Test func privateChatsSpeakTheUsersLanguage() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let privateChat = ChatRef(id: ChatID(BotFixture.alice.id.rawValue), kind: .privateChat)
        await bot.run(bot.command("/help", in: privateChat))
        #expect(bot.platform.sentMessages.last?.content.text.plainText.hasPrefix(Phrasebook(.en).helpTitle) == true)
    }

    @Test func oneChatsEventsStayInOrderWhileChatsRunTogether() async throws {
        var bot = try BotFixture(abuseGate: nil)  // ten commands in one instant would be throttled as spam
        defer { bot.cleanUp() }
        let other = ChatRef(id: ChatID(-100_999), kind: .group, title: "Other")
        var batch: [IncomingEnvelope] = []
        for index in 0..<10 {
            batch.append(bot.command(index.isMultiple(of: 2) ? "/help" : "/start"))
            batch.append(bot.command("/roast", from: BotFixture.bob, in: other))
        }
        await bot.runtime.pipeline.process(batch, from: BotFixture.source, nextOffset: 100)
        await bot.runtime.outbox.deliverPending()
        let inGroup = bot.platform.sentMessages.filter { $0.chat == BotFixture.group.id }.map(\.content.text.plainText)
        #expect(inGroup.count == 10)
        for (index, text) in inGroup.enumerated() {
            let expected = index.isMultiple(of: 2) ? Phrasebook(.vi).helpTitle : "Chào Alice"
            #expect(text.hasPrefix(expected))
        }
        // Ten roasts (the tenth also earns Bob the Roast Rookie badge, announced separately).
        #expect(bot.platform.sentMessages.filter { $0.chat == other.id && !$0.content.buttons.isEmpty }.count == 10)
        #expect(try bot.database.read { try $0.resumePoint(of: BotFixture.source) } == 100)
    }

    @Test func transientDeliveryFailureKeepsTheMessageQueued() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        bot.platform.failNext(.unavailable(reason: "HTTP 502"))
        await bot.run(bot.command("/help"))
        #expect(bot.platform.sentMessages.isEmpty)
        #expect(try bot.database.read { try $0.pendingOutboxCount() } == 1)
        bot.clock.advance(by: 600)
        await bot.runtime.outbox.deliverPending()
        #expect(bot.platform.sentMessages.count == 1)
        #expect(try bot.database.read { try $0.pendingOutboxCount() } == 0)
    }

    @Test func rejectedMessageIsRecordedNotRetriedForever() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        bot.platform.failNext(.rejected(reason: "Bad Request: can't parse entities"))
        await bot.run(bot.command("/help"), bot.command("/start"))
        #expect(bot.platform.sentMessages.count == 1)
        #expect(try bot.database.read { try $0.pendingOutboxCount() } == 0)
    }

    @Test func migratedChatTakesItsDataAlong() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let oldGroup = ChatRef(id: ChatID(-555), kind: .group, title: "Old")
        await bot.run(bot.command("/roast", in: oldGroup))
        await bot.run(bot.envelope(.migrated(to: ChatID(-100_555)), from: nil, in: oldGroup))
        let profile = try bot.database.read { try $0.profile(chat: ChatID(-100_555), user: BotFixture.alice.id) }
        #expect(profile?.roastCount == 1)
        #expect(try bot.database.read { try $0.profile(chat: ChatID(-555), user: BotFixture.alice.id) } == nil)
    }
}
