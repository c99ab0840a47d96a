import ChatPlatform
import DiscordAPI
import Foundation
import Logging

/// Registers the bot's commands as Discord slash commands, by bulk overwrite at start: globally, or in one server
/// (`guild`) for development, where changes show at once. Names and descriptions in Vietnamese and English
/// (`name_localizations`, `description_localizations`: `vi`, `en-US`, `en-GB`; interactions still carry the default
/// names, so nothing maps them back), typed options (choices, whole numbers in a range, text). Commands for admins,
/// and those that change settings, are offered by default to those who may Manage Server (a server's admins may widen
/// that in its Integrations settings; the bot still checks the member's permissions on each use). Every command is
/// usable in servers and in the bot's DMs.
public struct DiscordCommandMenu: CommandPublishing {
    private let client: DiscordClient
    private let application: DiscordApplicationID
    private let guild: DiscordGuildID?
    private let logger: Logger

    public init(client: DiscordClient, application: DiscordApplicationID, guild: DiscordGuildID? = nil, logger: Logger) {
        self.client = client
        self.application = application
        self.guild = guild
        self.logger = logger
    }

    public func publish(_ commands: [MenuCommand]) async throws(DeliveryError) {
        let registered = Self.commands(commands)
        do {
            if let guild {
                _ = try await client.bulkOverwriteGuildCommands(application: application, guild: guild, registered)
            } else {
                _ = try await client.bulkOverwriteGlobalCommands(application: application, registered)
            }
            logger.info(
                "Discord commands registered", metadata: ["count": "\(registered.count)", "scope": "\(guild == nil ? "global" : "guild")"])
        } catch {
            logger.error("Discord commands not registered", metadata: ["error": "\(error)"])
            throw error.isRetryable ? .unavailable(reason: error.description) : .rejected(reason: error.description)
        }
    }

    /// The application commands for `commands`.
    public static func commands(_ commands: [MenuCommand]) -> [DiscordApplicationCommand] {
        commands.map { command in
            let (description, localizations) = texts(command.summary, fallback: command.name)
            return DiscordApplicationCommand(
                name: command.name, nameLocalizations: names(command.names), description: description,
                descriptionLocalizations: localizations,
                options: command.options.prefix(DiscordLimits.commandOptions).map(option),
                defaultMemberPermissions: permissions(command.audience), contexts: [.guild, .botDM])
        }
    }

    /// Who is offered a command by default.
    private static func permissions(_ audience: MenuCommand.Audience) -> DiscordPermissions? {
        switch audience {
        case .everyone: nil
        case .admins, .everyoneReadsAdminsChange: .manageGuild
        }
    }

    private static func option(_ option: MenuOption) -> DiscordCommandOption {
        let (description, localizations) = texts(option.description, fallback: option.name)
        switch option.kind {
        case .choice(let choices):
            return DiscordCommandOption(
                type: .string, name: option.name, nameLocalizations: names(option.names), description: description,
                descriptionLocalizations: localizations,
                choices: choices.prefix(DiscordLimits.commandOptions).map { choice in
                    let (name, names) = texts(choice.label, fallback: choice.value, limit: DiscordLimits.choiceName)
                    return DiscordCommandChoice(name: name, nameLocalizations: names, value: .string(choice.value))
                })
        case .integer(let range):
            return DiscordCommandOption(
                type: .integer, name: option.name, nameLocalizations: names(option.names), description: description,
                descriptionLocalizations: localizations, minValue: .integer(Int64(range.lowerBound)),
                maxValue: .integer(Int64(range.upperBound)))
        case .text:
            return DiscordCommandOption(
                type: .string, name: option.name, nameLocalizations: names(option.names), description: description,
                descriptionLocalizations: localizations)
        }
    }

    /// A command's or option's localized names by Discord locale, precomposed (Discord's name pattern takes letters,
    /// not combining marks) and lower-cased; none when it has no localized names.
    static func names(_ names: MenuText?) -> [DiscordLocale: String] {
        guard let names else { return [:] }
        func shaped(_ name: String) -> String { name.precomposedStringWithCanonicalMapping.lowercased() }
        let english = shaped(names.text(in: "en"))
        return [.englishUS: english, .englishUK: english, .vietnamese: shaped(names.text(in: "vi"))]
    }

    /// The English text (Discord's default), and the localizations by Discord locale, each within `limit`.
    static func texts(_ text: MenuText, fallback: String, limit: Int = DiscordLimits.commandDescription)
        -> (String, [DiscordLocale: String])
    {
        func fitted(_ value: String) -> String {
            let trimmed = value.isEmpty ? fallback : value
            guard trimmed.unicodeScalars.count > limit else { return trimmed }
            var cut = ""
            for character in trimmed {
                guard cut.unicodeScalars.count + character.unicodeScalars.count <= limit - 1 else { break }
                cut.append(character)
            }
            return cut + "…"
        }
        let english = fitted(text.text(in: "en"))
        let vietnamese = fitted(text.text(in: "vi"))
        return (english, [.englishUS: english, .englishUK: english, .vietnamese: vietnamese])
    }
}
