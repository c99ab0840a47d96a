import Testing

@testable import DiscordGateway

@Suite struct GatewayCloseActionTests {
    /// Discord's close-code table (opcodes-and-status-codes.mdx) and the resuming rules (gateway.mdx).
    @Test(
        arguments: [
            (nil, GatewayCloseAction.resume),
            (1000, .resume), (1001, .resume), (1005, .resume), (1011, .resume),
            (4000, .resume), (4001, .resume), (4002, .resume), (4005, .resume), (4008, .resume),
            (4003, .identify), (4007, .identify), (4009, .identify),
            (4004, .final(.authenticationFailed)), (4010, .final(.invalidShard)), (4011, .final(.shardingRequired)),
            (4012, .final(.invalidAPIVersion)), (4013, .final(.invalidIntents(.botDefault))),
            (4014, .final(.disallowedIntents(.botDefault))),
        ] as [(Int?, GatewayCloseAction)])
    func closeCodeDecidesBetweenResumeIdentifyAndGivingUp(code: Int?, action: GatewayCloseAction) {
        #expect(GatewayCloseAction(closeCode: code, intents: .botDefault) == action)
    }

    @Test func finalErrorsTellTheOperatorWhatToDo() {
        #expect(GatewayFinalError.authenticationFailed.operatorMessage.contains("token"))
        #expect(GatewayFinalError.authenticationFailed.operatorMessage.contains("4004"))
        let content = GatewayFinalError.disallowedIntents(.bot(messageContent: true)).operatorMessage
        #expect(content.contains("Message Content Intent"))
        #expect(content.contains("Developer Portal"))
        #expect(content.contains("4014"))
        #expect(GatewayFinalError.invalidIntents(GatewayIntents(rawValue: 1 << 30)).operatorMessage.contains("1073741824"))
        for code in [4004, 4010, 4011, 4012, 4013, 4014] {
            #expect(GatewayFinalError(closeCode: code, intents: .botDefault)?.closeCode == code)
        }
        #expect(GatewayFinalError(closeCode: 4009, intents: .botDefault) == nil)
    }

    @Test func botIntentsAreTheNonPrivilegedSetUnlessContentIsAskedFor() {
        #expect(GatewayIntents.botDefault.rawValue == 5633)
        #expect(GatewayIntents.bot(messageContent: false).rawValue == 5633)
        #expect(GatewayIntents.bot(messageContent: true).rawValue == 38401)
        #expect(GatewayIntents.botDefault.isDisjoint(with: .privileged))
    }
}
