import Foundation
import Testing

@testable import DiscordAPI

@Suite struct InteractionDecodingTests {
    private func interaction(_ sample: String) throws -> DiscordInteraction {
        guard case .interactionCreate(let interaction) = DiscordDispatch(name: "INTERACTION_CREATE", json: try Samples.data(sample)) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not an interaction"))
        }
        return interaction
    }

    @Test func slashCommandInAGuildCarriesWhoWhereLanguageAndPermissions() throws {
        let interaction = try interaction("interaction_slash_command")
        #expect(interaction.type == .applicationCommand)
        #expect(interaction.id == DiscordInteractionID(786_008_729_715_212_338))
        #expect(interaction.applicationID == DiscordApplicationID(775_799_577_604_522_054))
        #expect(interaction.token == DiscordInteractionToken("A_UNIQUE_TOKEN"))
        #expect(interaction.guildID == DiscordGuildID(290_926_798_626_357_999))
        #expect(interaction.channelID == DiscordChannelID(645_027_906_669_510_667))
        #expect(interaction.channelType == .publicThread && interaction.channel?.parentID == DiscordChannelID(645_027_906_669_510_600))
        #expect(interaction.invoker?.id == DiscordUserID(53_908_232_506_183_680))
        #expect(interaction.member?.permissions?.canManageGuild == true)
        #expect(interaction.locale == .vietnamese && interaction.guildLocale == .englishUS)
        // 442368: embed links, attach files, read history, mention everyone; not send messages.
        #expect(interaction.appPermissions?.contains([.attachFiles, .embedLinks]) == true)
        #expect(interaction.appPermissions?.contains(.sendMessages) == false)
        #expect(interaction.attachmentSizeLimit == 26_214_400)
        guard case .command(let command) = interaction.payload else {
            Issue.record("not a command")
            return
        }
        #expect(command.name == "cardsearch" && command.subcommandPath.isEmpty)
        #expect(command.string("cardname") == "The Gitrog Monster")
        // An interaction has no date: its id is its time.
        #expect(interaction.createdAt == interaction.id.timestamp)
    }

    @Test func subcommandOptionsFlattenUnderTheirPath() throws {
        let interaction = try interaction("interaction_subcommand_dm")
        #expect(interaction.guildID == nil && interaction.member == nil)
        #expect(interaction.invoker?.displayName == "Mason")
        #expect(interaction.context == .botDM && interaction.channelType == .dm)
        guard case .command(let command) = interaction.payload else {
            Issue.record("not a command")
            return
        }
        #expect(command.subcommandPath == ["schedule", "time"])
        #expect(command.arguments.map(\.name) == ["hour", "weekends", "who", "ratio", "future"])
        #expect(command.integer("hour") == 9)
        #expect(command.boolean("weekends") == false)
        #expect(command["who"] == .user(DiscordUserID(53_908_232_506_183_681)))
        #expect(command["ratio"] == .number(0.5))
        #expect(command["future"] == .unsupported(type: 42))
        #expect(command.resolvedUsers[DiscordUserID(53_908_232_506_183_681)]?.username == "linh")
    }

    @Test func buttonPressCarriesItsCustomIDAndTheMessageWithItsButtonsAndCard() throws {
        let interaction = try interaction("interaction_button")
        #expect(interaction.type == .messageComponent)
        #expect(interaction.payload == .component(DiscordComponentPress(customID: "r:1:laugh", componentType: .button)))
        let message = try #require(interaction.message)
        #expect(message.author.isBot && !message.isFromPerson)
        // The select and the Components V2 block are dropped; the buttons stay.
        #expect(message.components.count == 1)
        #expect(message.components[0].buttons.map(\.customID) == ["r:1:laugh", "r:1:fire"])
        #expect(message.components[0].buttons[0].emoji?.unicodeValue == "😂" && message.components[0].buttons[0].label == "3")
        #expect(message.attachments.first?.filename == "card.png" && message.attachments.first?.width == 1080)
        #expect(interaction.guildLocale == .vietnamese)
    }

    @Test(arguments: [
        (#"{"id":"1","application_id":"2","type":9,"token":"t","data":{"x":1}}"#, "interaction type 9"),
        (#"{"id":"1","application_id":"2","type":5,"token":"t","data":{"custom_id":"m"}}"#, "interaction type 5"),
        (#"{"id":"1","application_id":"2","type":2,"token":"t","data":{"name":"roast"}}"#, "malformed data: missing id at data"),
        (
            #"{"id":"1","application_id":"2","type":2,"token":"t","data":{"id":"3","name":"roast","options":[{"name":"spice","type":4,"value":"hot"}]}}"#,
            "malformed data: type mismatch at data.options.[0].value (expected Double)"
        ),
        (#"{"id":"1","application_id":"2","type":3,"token":"t"}"#, "malformed data: missing data"),
    ])
    func unreadableDataStillLeavesAnInteractionThatCanBeAnswered(json: String, reason: String) throws {
        guard case .interactionCreate(let interaction) = DiscordDispatch(name: "INTERACTION_CREATE", json: Data(json.utf8)) else {
            Issue.record("the interaction itself was lost")
            return
        }
        #expect(interaction.token == DiscordInteractionToken("t"))
        #expect(interaction.payload == .unsupported(reason))
    }
}
