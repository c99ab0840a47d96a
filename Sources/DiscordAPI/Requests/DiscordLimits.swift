/// Discord's documented limits on what the bot sends: one place for the numbers the client checks before sending and
/// the adapter sizes its messages by. Where the OpenAPI spec disagrees with the docs (content: 4,000 there, 2,000 in
/// the docs), the docs win, as the spec's README says.
public enum DiscordLimits {
    /// Characters (Unicode scalars) of a message's `content`.
    /// <https://discord.com/developers/docs/resources/message#create-message-jsonform-params>
    public static let messageContent = 2000
    /// Action rows on a message without Components V2.
    /// <https://discord.com/developers/docs/components/reference#action-row>
    public static let actionRows = 5
    /// Buttons in one action row.
    public static let buttonsPerRow = 5
    /// Characters of a button's `custom_id` (at least 1).
    public static let customID = 100
    /// Characters of a button's label.
    public static let buttonLabel = 80
    /// Characters of a link button's URL.
    public static let buttonURL = 512
    /// Users named in `allowed_mentions.users`.
    public static let allowedMentionUsers = 100
    /// Embeds on one message.
    public static let embeds = 10
    /// Files on one message.
    public static let attachments = 10
    /// Bytes of one file unless the interaction says more (`attachment_size_limit`).
    /// <https://discord.com/developers/docs/reference#uploading-files>
    public static let defaultFileSize = 10 * 1024 * 1024
    /// Characters of a command or option name.
    /// <https://discord.com/developers/docs/interactions/application-commands#application-command-object-application-command-naming>
    public static let commandName = 32
    /// Characters of a command, option or choice description (at least 1).
    public static let commandDescription = 100
    /// Options of one command, and choices of one option.
    public static let commandOptions = 25
    /// Characters of a choice name.
    public static let choiceName = 100
    /// Characters of a forum post's (thread's) name.
    public static let threadName = 100
}
