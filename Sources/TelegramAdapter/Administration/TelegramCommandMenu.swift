import ChatPlatform
import Logging
import TelegramBotAPI

/// Publishes the bot's commands as Telegram's menus (`setMyCommands`), in Vietnamese (also the
/// default) and English: everyone's commands by default and in groups; in private chats everything
/// (anyone may change their private chat's settings); for group admins, the admin commands too.
/// Telegram menus have no typed options: people type the arguments.
/// https://core.telegram.org/bots/api#setmycommands
public struct TelegramCommandMenu: CommandPublishing {
    /// Telegram's limit on a command's description.
    static let summaryLimit = 256

    private let client: TelegramBotClient
    private let logger: Logger

    public init(client: TelegramBotClient, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    /// Every menu is tried; one Telegram refuses is logged and the others still go.
    public func publish(_ commands: [MenuCommand]) async throws(DeliveryError) {
        let plan: [(BotCommandScope, MenuCommand.Audience)] = [
            (.default, .everyone), (.allGroupChats, .everyone), (.allPrivateChats, .admins), (.allChatAdministrators, .admins),
        ]
        for (scope, audience) in plan {
            for language in [nil, "vi", "en"] {
                let listed = commands.filter { audience == .admins || $0.audience != .admins }.map { command in
                    BotCommand(command: command.name, description: String(command.summary.text(in: language).prefix(Self.summaryLimit)))
                }
                do {
                    try await client.setMyCommands(listed, scope: scope, languageCode: language)
                } catch {
                    logger.warning("cannot register the command menu", metadata: ["error": "\(error)"])
                }
            }
        }
    }
}
