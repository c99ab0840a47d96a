import ChatPlatform
import DiscordAPI
import DiscordAdapter
import Foundation
import Testing

/// The bot's command menu as Discord slash commands: valid by Discord's rules, described in Vietnamese and English,
/// typed options, admin commands shown to those who may Manage Server.
struct DiscordCommandMenuTests {
    static let roast = MenuCommand(
        name: "roast", audience: .everyone,
        summary: MenuText(["vi": "Nhận một câu roast", "en": "Get roasted"], defaultLanguage: "vi"),
        options: [
            MenuOption(
                name: "category", description: MenuText(["vi": "Chủ đề", "en": "Topic"], defaultLanguage: "vi"),
                kind: .choice([
                    .init(value: "meetings", label: MenuText(["vi": "Họp hành", "en": "Meetings"], defaultLanguage: "vi"))
                ])),
            MenuOption(
                name: "spice", description: MenuText(["vi": "Độ cay", "en": "Spice"], defaultLanguage: "vi"), kind: .integer(1...5)),
        ])
    static let settings = MenuCommand(
        name: "settings", audience: .admins,
        summary: MenuText(["vi": String(repeating: "Cài đặt ", count: 30), "en": "Settings"], defaultLanguage: "vi"))

    @Test func commandsAreValidAndDescribedInBothLanguages() throws {
        let commands = DiscordCommandMenu.commands([Self.roast, Self.settings])
        for command in commands { try command.validate() }
        let roast = try #require(commands.first)
        #expect(roast.description == "Get roasted")
        #expect(roast.descriptionLocalizations[.vietnamese] == "Nhận một câu roast")
        #expect(roast.descriptionLocalizations[.englishUS] == "Get roasted")
        #expect(roast.defaultMemberPermissions == nil)
        #expect(roast.contexts == [.guild, .botDM])
        #expect(roast.options.map(\.type) == [.string, .integer])
        #expect(roast.options.first?.choices.first?.value == .string("meetings"))
        #expect(roast.options.first?.choices.first?.nameLocalizations[.vietnamese] == "Họp hành")
        #expect(roast.options.last?.minValue == .integer(1))
        #expect(roast.options.last?.maxValue == .integer(5))
        let settings = try #require(commands.last)
        #expect(settings.defaultMemberPermissions == .manageGuild)
        #expect(try #require(settings.descriptionLocalizations[.vietnamese]).unicodeScalars.count <= DiscordLimits.commandDescription)
    }

    /// Vietnamese clients show the Vietnamese names, precomposed and lower-case as Discord's pattern requires
    /// (a decomposed "ị" is a letter and a combining mark, which the pattern refuses); English clients the default.
    @Test func namesAreLocalizedInDiscordsShape() throws {
        var roast = Self.roast
        roast.names = MenuText(["vi": "Khi\u{0323}a", "en": "roast"], defaultLanguage: "vi")
        roast.options[1].names = MenuText(["vi": "độ_cay", "en": "spice"], defaultLanguage: "vi")
        let command = try #require(DiscordCommandMenu.commands([roast]).first)
        try command.validate()
        #expect(command.name == "roast")
        #expect(command.nameLocalizations == [.vietnamese: "khịa", .englishUS: "roast", .englishUK: "roast"])
        #expect(command.options.map(\.nameLocalizations) == [[:], [.vietnamese: "độ_cay", .englishUS: "spice", .englishUK: "spice"]])
    }
}
