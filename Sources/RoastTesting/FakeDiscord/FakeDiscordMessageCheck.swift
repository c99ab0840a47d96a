import Foundation

/// The fake's checks of a message body, from Discord's docs and OpenAPI spec, plus one rule of this project: every
/// write carries `allowed_mentions` whose `parse` names at most `users` (so that a test catches any write that could
/// ping @everyone, @here or a role).
struct FakeDiscordMessageCheck: Sendable {
    /// Which write it is: what it requires and which flags it may set.
    enum Write: Sendable {
        case create
        case edit
        case callbackMessage
        case callbackUpdate
        case followup
        case forumStarter

        var requiresContent: Bool {
            switch self {
            case .create, .callbackMessage, .followup, .forumStarter: true
            case .edit, .callbackUpdate: false
            }
        }

        /// SUPPRESS_EMBEDS (4), EPHEMERAL (64), SUPPRESS_NOTIFICATIONS (4096) where each is allowed.
        var allowedFlags: Int64 {
            switch self {
            case .create, .forumStarter: 4 | 4096
            case .edit, .callbackUpdate: 4 | 64
            case .callbackMessage, .followup: 4 | 64 | 4096
            }
        }
    }

    /// `content` when sent (nil inside when sent as null).
    var content: String??
    var rows: [[FakeDiscordButton]]?
    var flags: Int?
    var replyTo: Int64?
    var failIfNotExists = true
    var allowedMentions: FakeJSON?
    /// Existing attachments listed to keep (edits); nil when `attachments` was not sent.
    var keptAttachmentIDs: [Int64]?
    /// New files in upload order, with their `files[n]` index.
    var newFiles: [(index: Int, file: RequestParameters.UploadedFile)] = []

    /// Checks `json` (with `files`) as a `write`; `existing` are the attachments on the message being edited.
    static func check(
        _ json: FakeJSON?, files: [String: RequestParameters.UploadedFile], write: Write, existing: [FakeDiscordAttachment] = [],
        maximumFileSize: Int
    ) -> Result<FakeDiscordMessageCheck, FakeDiscordReply> {
        guard let object = json?.objectValue else { return .failure(.formError([("", "BASE_TYPE_DICT", "Must be an object")])) }
        var problems: [(path: String, code: String, message: String)] = []
        var result = FakeDiscordMessageCheck()

        // allowed_mentions: required here, and never parsing roles or everyone.
        if let mentions = object["allowed_mentions"]?.objectValue {
            result.allowedMentions = .object(mentions)
            let parse = mentions["parse"]?.arrayValue ?? []
            if parse.contains(where: { $0.stringValue != "users" }) {
                problems.append(("allowed_mentions.parse", "ROASTBOT_MASS_MENTION", "parse may only name users"))
            }
            let users = mentions["users"]?.arrayValue ?? []
            if parse.contains(where: { $0.stringValue == "users" }) && !users.isEmpty {
                problems.append(("allowed_mentions", "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE", "parse users and users are exclusive"))
            }
            if users.count > 100 { problems.append(("allowed_mentions.users", "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length")) }
            if users.contains(where: { $0.stringValue.flatMap { Int64($0) } == nil }) {
                problems.append(("allowed_mentions.users", "NUMBER_TYPE_COERCE", "Value is not a snowflake"))
            }
            if let roles = mentions["roles"]?.arrayValue, !roles.isEmpty {
                problems.append(("allowed_mentions.roles", "ROASTBOT_MASS_MENTION", "the bot never pings roles"))
            }
        } else {
            problems.append(("allowed_mentions", "ROASTBOT_ALLOWED_MENTIONS_REQUIRED", "every write must carry allowed_mentions"))
        }

        if let value = object["content"] {
            switch value {
            case .null:
                result.content = .some(nil)
            case .string(let text):
                result.content = .some(text)
                if text.unicodeScalars.count > 2000 {
                    problems.append(("content", "BASE_TYPE_MAX_LENGTH", "Must be 2000 or fewer in length."))
                }
            default:
                problems.append(("content", "BASE_TYPE_STRING", "Must be a string"))
            }
        }

        if let value = object["components"], value != .null {
            let (rows, found) = checkComponents(value)
            if found.isEmpty { result.rows = rows } else { problems += found }
        }

        if let embeds = object["embeds"]?.arrayValue, embeds.count > 10 {
            problems.append(("embeds", "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length."))
        }

        if let value = object["flags"], value != .null {
            guard let flags = value.intValue else { return .failure(.formError([("flags", "NUMBER_TYPE_COERCE", "Not an integer")])) }
            if flags & ~write.allowedFlags != 0 {
                problems.append(("flags", "MESSAGE_FLAGS_INVALID", "Invalid flags for this message"))
            }
            result.flags = Int(flags)
        }

        if let reference = object["message_reference"], reference != .null {
            if case .create = write {
                guard let id = reference["message_id"]?.stringValue.flatMap({ Int64($0) }) else {
                    return .failure(.formError([("message_reference.message_id", "BASE_TYPE_REQUIRED", "This field is required")]))
                }
                result.replyTo = id
                result.failIfNotExists = reference["fail_if_not_exists"]?.boolValue ?? true
            } else {
                problems.append(("message_reference", "BASE_TYPE_INVALID", "Not allowed here"))
            }
        }

        switch checkAttachments(object["attachments"], files: files, existing: existing, maximumFileSize: maximumFileSize) {
        case .success(let (kept, new)):
            result.keptAttachmentIDs = kept
            result.newFiles = new
        case .failure(let reply):
            return .failure(reply)
        }

        if !problems.isEmpty { return .failure(.formError(problems)) }
        if write.requiresContent {
            let hasContent = !((result.content ?? nil) ?? "").isEmpty
            let hasComponents = !(result.rows ?? []).isEmpty
            let hasEmbeds = !(object["embeds"]?.arrayValue ?? []).isEmpty
            if !hasContent, !hasComponents, !hasEmbeds, result.newFiles.isEmpty {
                return .failure(.error(400, code: 50006, "Cannot send an empty message"))
            }
        }
        return .success(result)
    }

    // MARK: Components

    /// Legacy messages: at most 5 action rows of 1–5 buttons; every non-link button has a custom_id of 1–100
    /// characters unique in the message; labels at most 80; a label or an emoji on each.
    private static func checkComponents(_ value: FakeJSON) -> ([[FakeDiscordButton]], [(path: String, code: String, message: String)]) {
        guard let rows = value.arrayValue else { return ([], [("components", "BASE_TYPE_LIST", "Must be a list")]) }
        var problems: [(path: String, code: String, message: String)] = []
        if rows.count > 5 { problems.append(("components", "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")) }
        var parsed: [[FakeDiscordButton]] = []
        var customIDs = Set<String>()
        for (rowIndex, row) in rows.enumerated() {
            let rowPath = "components.\(rowIndex)"
            guard row["type"]?.intValue == 1, let children = row["components"]?.arrayValue else {
                problems.append((rowPath, "UNION_TYPE_CHOICES", "Expected an action row"))
                continue
            }
            if children.isEmpty || children.count > 5 {
                problems.append(("\(rowPath).components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length."))
            }
            var buttons: [FakeDiscordButton] = []
            for (index, child) in children.enumerated() {
                let path = "\(rowPath).components.\(index)"
                guard child["type"]?.intValue == 2, let style = child["style"]?.intValue, (1...6).contains(style) else {
                    problems.append((path, "UNION_TYPE_CHOICES", "Expected a button with a style from 1 to 6"))
                    continue
                }
                let label = child["label"]?.stringValue
                let customID = child["custom_id"]?.stringValue
                let url = child["url"]?.stringValue
                let emoji = child["emoji"]?["name"]?.stringValue
                if let label, label.unicodeScalars.count > 80 {
                    problems.append(("\(path).label", "BASE_TYPE_MAX_LENGTH", "Must be 80 or fewer in length."))
                }
                if (label ?? "").isEmpty, emoji == nil {
                    problems.append((path, "BUTTON_COMPONENT_INVALID", "A button needs a label or an emoji"))
                }
                if let emoji, emoji.unicodeScalars.count > 32 {
                    problems.append(("\(path).emoji.name", "BASE_TYPE_MAX_LENGTH", "Must be 32 or fewer in length."))
                }
                if style == 5 {
                    if url == nil || url!.isEmpty || url!.unicodeScalars.count > 512 {
                        problems.append(("\(path).url", "BASE_TYPE_REQUIRED", "A link button needs a url of at most 512 characters"))
                    }
                    if customID != nil { problems.append(("\(path).custom_id", "COMPONENT_INVALID", "A link button has no custom_id")) }
                } else if style != 6 {
                    if let customID {
                        let length = customID.unicodeScalars.count
                        if length < 1 || length > 100 {
                            problems.append(("\(path).custom_id", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length."))
                        } else if !customIDs.insert(customID).inserted {
                            problems.append(
                                ("\(path).custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated"))
                        }
                    } else {
                        problems.append(("\(path).custom_id", "BASE_TYPE_REQUIRED", "This field is required"))
                    }
                    if url != nil { problems.append(("\(path).url", "COMPONENT_INVALID", "Only link buttons have a url")) }
                }
                buttons.append(
                    FakeDiscordButton(
                        style: Int(style), label: label, emoji: emoji, customID: customID, url: url,
                        disabled: child["disabled"]?.boolValue ?? false))
            }
            parsed.append(buttons)
        }
        return (parsed, problems)
    }

    // MARK: Attachments

    /// Every `files[n]` is listed in `attachments` with id `n` and its file name, every listed new id has its file, a
    /// `.png` is a PNG, each file fits; snowflake ids must be attachments already on the message.
    private static func checkAttachments(
        _ value: FakeJSON?, files: [String: RequestParameters.UploadedFile], existing: [FakeDiscordAttachment], maximumFileSize: Int
    ) -> Result<([Int64]?, [(index: Int, file: RequestParameters.UploadedFile)]), FakeDiscordReply> {
        var problems: [(path: String, code: String, message: String)] = []
        var uploads: [Int: RequestParameters.UploadedFile] = [:]
        for (name, file) in files {
            guard name.hasPrefix("files["), name.hasSuffix("]"), let index = Int(name.dropFirst(6).dropLast()), index >= 0 else {
                problems.append((name, "FILE_NAME_INVALID", "File parts are named files[n]"))
                continue
            }
            if file.contents.count > maximumFileSize {
                return .failure(.error(413, code: 40005, "Request entity too large"))
            }
            let isPNGName = file.filename.lowercased().hasSuffix(".png") || file.contentType?.lowercased() == "image/png"
            if isPNGName, !file.contents.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
                problems.append((name, "FILE_TYPE_INVALID", "Not a PNG file"))
            }
            uploads[index] = file
        }
        guard let value, value != .null else {
            if !uploads.isEmpty { problems.append(("attachments", "BASE_TYPE_REQUIRED", "Uploaded files must be listed in attachments")) }
            return problems.isEmpty ? .success((nil, [])) : .failure(.formError(problems))
        }
        guard let entries = value.arrayValue else { return .failure(.formError([("attachments", "BASE_TYPE_LIST", "Must be a list")])) }
        if entries.count > 10 { problems.append(("attachments", "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")) }
        var kept: [Int64] = []
        var new: [(index: Int, file: RequestParameters.UploadedFile)] = []
        for (position, entry) in entries.enumerated() {
            let path = "attachments.\(position)"
            switch entry["id"] {
            case .int(let number)?:
                guard let file = uploads[Int(number)] else {
                    problems.append(("\(path).id", "ATTACHMENT_NOT_FOUND", "No files[\(number)] for this id"))
                    continue
                }
                if let filename = entry["filename"]?.stringValue, filename != file.filename {
                    problems.append(("\(path).filename", "ATTACHMENT_FILENAME_MISMATCH", "Does not match files[\(number)]"))
                }
                uploads[Int(number)] = nil
                new.append((Int(number), file))
            case .string(let text)?:
                if let number = Int(text), number < 1000, let file = uploads[number] {
                    uploads[number] = nil
                    new.append((number, file))
                } else if let id = Int64(text), existing.contains(where: { $0.id == id }) {
                    kept.append(id)
                } else {
                    problems.append(("\(path).id", "ATTACHMENT_NOT_FOUND", "Unknown attachment"))
                }
            default:
                problems.append(("\(path).id", "BASE_TYPE_REQUIRED", "This field is required"))
            }
        }
        for index in uploads.keys.sorted() {
            problems.append(("files[\(index)]", "ATTACHMENT_NOT_LISTED", "Uploaded file missing from attachments"))
        }
        return problems.isEmpty ? .success((kept, new.sorted { $0.index < $1.index })) : .failure(.formError(problems))
    }
}
