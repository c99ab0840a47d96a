/// What the bot writes in a message: one shape for channel messages and their edits, interaction answers
/// (callback types 4 and 7), `@original` edits, followups and the first message of a forum post.
///
/// ``allowedMentions`` is not optional: every write says whom it may notify (see ``DiscordAllowedMentions``).
/// Before sending, the client checks the payload against ``DiscordLimits`` and refuses it with
/// ``DiscordError/invalidRequest(_:)`` rather than have Discord answer 400.
public struct DiscordMessagePayload: Sendable, Hashable {
    /// The text (at most 2,000 characters). On an edit, nil leaves it unchanged.
    public var content: String?
    /// Up to 5 rows of up to 5 buttons. On an edit nil leaves them unchanged and `[]` removes them.
    public var components: [DiscordActionRow]?
    public var allowedMentions: DiscordAllowedMentions
    /// `ephemeral` only in interaction answers and followups; `suppressEmbeds`, `suppressNotifications` anywhere.
    public var flags: DiscordMessageFlags?
    /// New messages only: the message this replies to.
    public var reference: DiscordMessageReference?
    /// Edits only: the attachments already on the message that stay on it. nil leaves them as they are when no file
    /// is uploaded; when files are uploaded with the edit, only these and the new files remain (API v10 rule). This is
    /// how a card already uploaded is reused (kept) instead of uploaded again.
    public var keptAttachments: [DiscordAttachmentID]?

    public init(
        content: String? = nil, components: [DiscordActionRow]? = nil, allowedMentions: DiscordAllowedMentions = .none,
        flags: DiscordMessageFlags? = nil, reference: DiscordMessageReference? = nil, keptAttachments: [DiscordAttachmentID]? = nil
    ) {
        self.content = content
        self.components = components
        self.allowedMentions = allowedMentions
        self.flags = flags
        self.reference = reference
        self.keptAttachments = keptAttachments
    }
}

extension DiscordMessagePayload {
    /// Checks the documented limits; throws ``DiscordError/invalidRequest(_:)`` naming the first broken one.
    ///
    /// - Parameters:
    ///   - files: the files sent with it.
    ///   - requiresContent: a new message needs text, buttons or a file (edits do not).
    ///   - allowsEphemeral: only interaction answers and followups may be ephemeral.
    func validate(files: [DiscordFile], requiresContent: Bool, allowsEphemeral: Bool) throws(DiscordError) {
        if let content, content.unicodeScalars.count > DiscordLimits.messageContent {
            throw .invalidRequest("content has \(content.unicodeScalars.count) characters (at most \(DiscordLimits.messageContent))")
        }
        if requiresContent, content?.isEmpty ?? true, components?.isEmpty ?? true, files.isEmpty {
            throw .invalidRequest("a message needs content, components or a file")
        }
        if let components { try Self.validate(components) }
        if allowedMentions.users.count > DiscordLimits.allowedMentionUsers {
            throw .invalidRequest(
                "allowed_mentions names \(allowedMentions.users.count) users (at most \(DiscordLimits.allowedMentionUsers))")
        }
        if let flags, flags.contains(.ephemeral), !allowsEphemeral {
            throw .invalidRequest("only interaction answers and followups can be ephemeral")
        }
        if let flags, flags.contains(.isComponentsV2) {
            throw .invalidRequest("Components V2 messages are not supported")
        }
        if files.count + (keptAttachments?.count ?? 0) > DiscordLimits.attachments {
            throw .invalidRequest("\(files.count + (keptAttachments?.count ?? 0)) attachments (at most \(DiscordLimits.attachments))")
        }
        for file in files where file.filename.isEmpty {
            throw .invalidRequest("a file needs a name")
        }
    }

    private static func validate(_ rows: [DiscordActionRow]) throws(DiscordError) {
        guard rows.count <= DiscordLimits.actionRows else {
            throw .invalidRequest("\(rows.count) action rows (at most \(DiscordLimits.actionRows))")
        }
        var customIDs = Set<String>()
        for (rowIndex, row) in rows.enumerated() {
            guard !row.buttons.isEmpty, row.buttons.count <= DiscordLimits.buttonsPerRow else {
                throw .invalidRequest("row \(rowIndex) has \(row.buttons.count) buttons (1 to \(DiscordLimits.buttonsPerRow))")
            }
            for (index, button) in row.buttons.enumerated() {
                let place = "button \(rowIndex).\(index)"
                if let label = button.label, label.unicodeScalars.count > DiscordLimits.buttonLabel {
                    throw .invalidRequest(
                        "\(place) label has \(label.unicodeScalars.count) characters (at most \(DiscordLimits.buttonLabel))")
                }
                if (button.label ?? "").isEmpty, button.emoji == nil {
                    throw .invalidRequest("\(place) has neither label nor emoji")
                }
                switch button.style {
                case .link:
                    guard let url = button.url, !url.isEmpty, url.unicodeScalars.count <= DiscordLimits.buttonURL, button.customID == nil
                    else {
                        throw .invalidRequest(
                            "\(place) is a link button: it needs a url (at most \(DiscordLimits.buttonURL)) and no custom_id")
                    }
                case .premium, .other:
                    throw .invalidRequest("\(place) has a style this bot does not send")
                case .primary, .secondary, .success, .danger:
                    guard let customID = button.customID, button.url == nil else {
                        throw .invalidRequest("\(place) needs a custom_id and no url")
                    }
                    let length = customID.unicodeScalars.count
                    guard length >= 1, length <= DiscordLimits.customID else {
                        throw .invalidRequest("\(place) custom_id has \(length) characters (1 to \(DiscordLimits.customID))")
                    }
                    guard customIDs.insert(customID).inserted else {
                        throw .invalidRequest("\(place) repeats a custom_id of the same message")
                    }
                }
            }
        }
    }
}

/// The JSON of a message payload as Discord reads it, with the `attachments` list built from the files sent.
struct MessageBody: Encodable {
    var payload: DiscordMessagePayload
    var files: [DiscordFile]

    enum CodingKeys: String, CodingKey {
        case content, components, flags, attachments
        case allowedMentions = "allowed_mentions"
        case reference = "message_reference"
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(payload.content, forKey: .content)
        try c.encodeIfPresent(payload.components, forKey: .components)
        try c.encode(payload.allowedMentions, forKey: .allowedMentions)
        if let flags = payload.flags, !flags.isEmpty { try c.encode(flags, forKey: .flags) }
        try c.encodeIfPresent(payload.reference, forKey: .reference)
        if !files.isEmpty || payload.keptAttachments != nil {
            var entries = (payload.keptAttachments ?? []).map(AttachmentEntry.kept)
            entries += files.enumerated().map {
                AttachmentEntry.new(index: $0.offset, filename: $0.element.filename, description: $0.element.description)
            }
            try c.encode(entries, forKey: .attachments)
        }
    }

    /// An entry of `attachments`: an existing attachment by its snowflake, or a new file by the `n` of its `files[n]`.
    enum AttachmentEntry: Encodable {
        case kept(DiscordAttachmentID)
        case new(index: Int, filename: String, description: String?)

        enum CodingKeys: String, CodingKey { case id, filename, description }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .kept(let id):
                try c.encode(id, forKey: .id)
            case .new(let index, let filename, let description):
                try c.encode(index, forKey: .id)
                try c.encode(filename, forKey: .filename)
                try c.encodeIfPresent(description, forKey: .description)
            }
        }
    }
}
