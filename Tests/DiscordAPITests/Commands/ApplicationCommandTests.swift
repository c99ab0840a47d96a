import Foundation
import RoastTesting
import Testing

@testable import DiscordAPI

@Suite struct ApplicationCommandTests {
    /// A command shaped like the bot's own: localized, a category with choices, a spice from 1 to 5.
    static let roast = DiscordApplicationCommand(
        name: "roast", nameLocalizations: [.vietnamese: "cà-khịa", .englishUS: "roast"],
        description: "Get roasted", descriptionLocalizations: [.vietnamese: "Bị cà khịa một phát", .englishUS: "Get roasted"],
        options: [
            DiscordCommandOption(
                type: .string, name: "category", nameLocalizations: [.vietnamese: "chủ-đề"], description: "What about",
                descriptionLocalizations: [.vietnamese: "Về chuyện gì"],
                choices: [
                    DiscordCommandChoice(name: "Code", nameLocalizations: [.vietnamese: "Lập trình"], value: .string("code")),
                    DiscordCommandChoice(name: "Meetings", value: .string("meetings")),
                ]),
            DiscordCommandOption(type: .integer, name: "spice", description: "How hot", minValue: .integer(1), maxValue: .integer(5)),
        ],
        contexts: [.guild, .botDM])

    @Test func encodesLocalizationsChoicesBoundsAndContexts() throws {
        let json = try #require(FakeJSON.parse(try DiscordClient.encoder.encode(Self.roast)))
        #expect(json["type"] == 1)
        #expect(json["name_localizations"] == ["vi": "cà-khịa", "en-US": "roast"])
        #expect(json["description_localizations"]?["vi"] == "Bị cà khịa một phát")
        #expect(
            json["options"]?.arrayValue?[0]["choices"]?.arrayValue?[0] == [
                "name": "Code", "name_localizations": ["vi": "Lập trình"], "value": "code",
            ])
        #expect(json["options"]?.arrayValue?[1]["min_value"] == 1 && json["options"]?.arrayValue?[1]["max_value"] == 5)
        #expect(json["contexts"] == [0, 1])
        // Everyone may use it: written as null so that an overwrite clears an older restriction.
        #expect(json["default_member_permissions"] == .null)
        let settings = DiscordApplicationCommand(name: "settings", description: "Settings", defaultMemberPermissions: .manageGuild)
        #expect(FakeJSON.parse(try DiscordClient.encoder.encode(settings))?["default_member_permissions"] == "32")
    }

    @Test func theBotsShapeOfCommandIsValid() throws {
        try Self.roast.validate()
    }

    @Test(arguments: [
        ("Roast", true), ("roast me", true), ("cà-khịa", false), ("", true), (String(repeating: "a", count: 33), true),
        ("ทดสอบ", false), ("परीक्षण", false), ("it's_ok-1", false), ("emoji😂", true),
    ])
    func namesFollowDiscordsPatternInLowercase(name: String, refused: Bool) {
        #expect(!DiscordApplicationCommand.isValidName(name) == refused)
    }

    @Test(arguments: [
        (DiscordApplicationCommand(name: "roast", description: ""), "command roast: a description must have 1 to 100 characters"),
        (
            DiscordApplicationCommand(name: "roast", description: String(repeating: "d", count: 101)),
            "command roast: a description must have 1 to 100 characters"
        ),
        (
            DiscordApplicationCommand(name: "roast", nameLocalizations: [.vietnamese: "Cà Khịa"], description: "d"),
            "command roast: a name must be 1 to 32 lowercase letters, digits, - _ or '"
        ),
        (
            DiscordApplicationCommand(
                name: "roast", description: "d",
                options: [
                    DiscordCommandOption(type: .string, name: "a", description: "d"),
                    DiscordCommandOption(type: .string, name: "b", description: "d", required: true),
                ]),
            "command roast option b is required after an optional option"
        ),
        (
            DiscordApplicationCommand(
                name: "roast", description: "d",
                options: [
                    DiscordCommandOption(
                        type: .integer, name: "spice", description: "d", choices: [DiscordCommandChoice(name: "one", value: .string("1"))])
                ]),
            "command roast option spice choice value does not match the option type"
        ),
        (
            DiscordApplicationCommand(
                name: "roast", description: "d",
                options: [
                    DiscordCommandOption(type: .integer, name: "spice", description: "d", minValue: .integer(5), maxValue: .integer(1))
                ]),
            "command roast option spice minimum is above its maximum"
        ),
        (
            DiscordApplicationCommand(
                name: "roast", description: "d",
                options: (0..<26).map { DiscordCommandOption(type: .string, name: "o\($0)", description: "d") }),
            "command roast has 26 options (at most 25)"
        ),
    ])
    func brokenRulesAreNamedBeforeRegistering(command: DiscordApplicationCommand, reason: String) {
        #expect(throws: DiscordError.invalidRequest(reason)) { try command.validate() }
    }
}
