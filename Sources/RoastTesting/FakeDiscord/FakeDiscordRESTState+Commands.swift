import Foundation

/// Application commands: bulk overwrite, checked against the docs' naming, length and localization rules.
extension FakeDiscordRESTState {
    /// The locales Discord accepts as localization keys (the spec's `AvailableLocalesEnum`).
    static let locales: Set<String> = [
        "ar", "bg", "cs", "da", "de", "el", "en-GB", "en-US", "es-419", "es-ES", "fi", "fr", "he", "hi", "hr", "hu", "id", "it", "ja", "ko",
        "lt", "nl", "no", "pl", "pt-BR", "ro", "ru", "sv-SE", "th", "tr", "uk", "vi", "zh-CN", "zh-TW",
    ]

    /// `PUT /applications/{application_id}/commands` and the guild variant: replaces the whole set.
    mutating func overwriteCommands(_ request: FakeDiscordIncoming, applicationID: Int64, guildID: Int64?) -> FakeDiscordReply {
        guard applicationID == self.applicationID else { return .error(403, code: 50001, "Missing Access") }
        guard let list = request.json?.arrayValue else { return .formError([("", "BASE_TYPE_LIST", "Must be a list")]) }
        var problems: [(path: String, code: String, message: String)] = []
        if list.count > 100 { problems.append(("", "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")) }
        var names = Set<String>()
        for (index, command) in list.enumerated() {
            let path = "\(index)"
            guard command.objectValue != nil else {
                problems.append((path, "BASE_TYPE_DICT", "Must be an object"))
                continue
            }
            if let type = command["type"]?.intValue, type != 1 {
                problems.append(("\(path).type", "BASE_TYPE_CHOICES", "This fake registers slash commands (type 1) only"))
            }
            let name = command["name"]?.stringValue ?? ""
            if !names.insert(name).inserted {
                problems.append(("\(path).name", "APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique"))
            }
            problems += Self.nameProblems(command, at: path)
            problems += Self.descriptionProblems(command, at: path)
            problems += Self.optionProblems(command["options"], at: "\(path).options")
            switch command["default_member_permissions"] {
            case nil, .null?: break
            case .string(let text)?:
                if UInt64(text).map({ $0 >= 1 << 54 }) ?? true {
                    problems.append(("\(path).default_member_permissions", "NUMBER_TYPE_COERCE", "Not a permission bitset"))
                }
            case .int(let value)? where value >= 0: break
            default:
                problems.append(("\(path).default_member_permissions", "NUMBER_TYPE_COERCE", "Not a permission bitset"))
            }
            if let contexts = command["contexts"], contexts != .null {
                let values = contexts.arrayValue?.compactMap(\.intValue) ?? []
                if values.isEmpty || values.count != contexts.arrayValue?.count || Set(values).count != values.count
                    || !values.allSatisfy({ (0...2).contains($0) })
                {
                    problems.append(("\(path).contexts", "BASE_TYPE_CHOICES", "Contexts are distinct values among 0, 1, 2"))
                }
            }
        }
        if !problems.isEmpty { return .formError(problems) }

        let previous = Set((guildID.map { guildCommands[$0] ?? [] } ?? globalCommands).map(\.name))
        commandCreates += names.subtracting(previous).count
        let commands = list.map { (command: FakeJSON) -> FakeDiscordCommand in
            let permissions = command["default_member_permissions"]
            return FakeDiscordCommand(
                id: makeID(at: request.date), name: command["name"]?.stringValue ?? "",
                description: command["description"]?.stringValue ?? "",
                nameLocalizations: (command["name_localizations"]?.objectValue ?? [:]).compactMapValues(\.stringValue),
                descriptionLocalizations: (command["description_localizations"]?.objectValue ?? [:]).compactMapValues(\.stringValue),
                defaultMemberPermissions: permissions?.stringValue ?? permissions?.intValue.map { String($0) },
                contexts: command["contexts"]?.arrayValue?.compactMap { $0.intValue.map(Int.init) },
                options: command["options"] ?? .array([]))
        }
        if let guildID { guildCommands[guildID] = commands } else { globalCommands = commands }
        var answer: [FakeJSON] = []
        for (sent, stored) in zip(list, commands) {
            var object = sent.objectValue ?? [:]
            object["id"] = .string(String(stored.id))
            object["application_id"] = .string(String(applicationID))
            object["version"] = .string(String(stored.id))
            object["type"] = object["type"] ?? .int(1)
            if let guildID { object["guild_id"] = .string(String(guildID)) }
            answer.append(.object(object))
        }
        return .json(.array(answer))
    }

    // MARK: Rules

    /// `^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$`, lowercase where a lowercase form exists; for the name and each
    /// localized name, whose keys must be Discord locales.
    private static func nameProblems(_ object: FakeJSON, at path: String) -> [(path: String, code: String, message: String)] {
        var problems: [(path: String, code: String, message: String)] = []
        if !isCommandName(object["name"]?.stringValue ?? "") {
            problems.append(("\(path).name", "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid"))
        }
        for (locale, value) in object["name_localizations"]?.objectValue ?? [:] {
            if !locales.contains(locale) {
                problems.append(("\(path).name_localizations.\(locale)", "ENUM_TYPE_COERCE", "Not a valid locale"))
            } else if !isCommandName(value.stringValue ?? "") {
                problems.append(("\(path).name_localizations.\(locale)", "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid"))
            }
        }
        return problems
    }

    /// 1–100 characters, for the description and each localized one.
    private static func descriptionProblems(_ object: FakeJSON, at path: String) -> [(path: String, code: String, message: String)] {
        var problems: [(path: String, code: String, message: String)] = []
        if !(1...100).contains((object["description"]?.stringValue ?? "").unicodeScalars.count) {
            problems.append(("\(path).description", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length."))
        }
        for (locale, value) in object["description_localizations"]?.objectValue ?? [:] {
            if !locales.contains(locale) {
                problems.append(("\(path).description_localizations.\(locale)", "ENUM_TYPE_COERCE", "Not a valid locale"))
            } else if !(1...100).contains((value.stringValue ?? "").unicodeScalars.count) {
                problems.append(
                    ("\(path).description_localizations.\(locale)", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length."))
            }
        }
        return problems
    }

    private static func optionProblems(_ value: FakeJSON?, at path: String) -> [(path: String, code: String, message: String)] {
        guard let value, value != .null else { return [] }
        guard let options = value.arrayValue else { return [(path, "BASE_TYPE_LIST", "Must be a list")] }
        var problems: [(path: String, code: String, message: String)] = []
        if options.count > 25 { problems.append((path, "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")) }
        var names = Set<String>()
        var sawOptional = false
        for (index, option) in options.enumerated() {
            let here = "\(path).\(index)"
            guard let type = option["type"]?.intValue, (1...11).contains(type) else {
                problems.append(("\(here).type", "BASE_TYPE_CHOICES", "Value must be one of 1 to 11"))
                continue
            }
            problems += nameProblems(option, at: here)
            problems += descriptionProblems(option, at: here)
            if !names.insert(option["name"]?.stringValue ?? "").inserted {
                problems.append(("\(here).name", "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Option names must be unique"))
            }
            let required = option["required"]?.boolValue ?? false
            if required, sawOptional {
                problems.append(
                    (
                        "\(here).required", "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                        "Required options must be placed before non-required options"
                    ))
            }
            if !required { sawOptional = true }
            if let choices = option["choices"]?.arrayValue {
                if choices.count > 25 { problems.append(("\(here).choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")) }
                if option["autocomplete"]?.boolValue == true {
                    problems.append(
                        (
                            "\(here).autocomplete", "APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_CHOICES",
                            "Autocomplete and choices are exclusive"
                        ))
                }
                for (choiceIndex, choice) in choices.enumerated() {
                    let choicePath = "\(here).choices.\(choiceIndex)"
                    if !(1...100).contains((choice["name"]?.stringValue ?? "").unicodeScalars.count) {
                        problems.append(("\(choicePath).name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length."))
                    }
                    for (locale, name) in choice["name_localizations"]?.objectValue ?? [:] {
                        if !locales.contains(locale) || !(1...100).contains((name.stringValue ?? "").unicodeScalars.count) {
                            problems.append(
                                ("\(choicePath).name_localizations.\(locale)", "BASE_TYPE_BAD_LENGTH", "Invalid localized choice name"))
                        }
                    }
                    switch (type, choice["value"]) {
                    case (3, .string(let text)?) where text.unicodeScalars.count <= 100: break
                    case (4, .int?), (10, .int?), (10, .double?): break
                    default: problems.append(("\(choicePath).value", "BASE_TYPE_CHOICES", "Choice value does not match the option type"))
                    }
                }
            }
            let minimum = option["min_value"]
            let maximum = option["max_value"]
            if minimum != nil || maximum != nil {
                if type != 4 && type != 10 {
                    problems.append(
                        ("\(here).min_value", "APPLICATION_COMMAND_OPTION_MIN_MAX_INVALID", "Only integer and number options have bounds"))
                } else if type == 4, [minimum, maximum].contains(where: { $0 != nil && $0?.intValue == nil }) {
                    problems.append(("\(here).min_value", "NUMBER_TYPE_COERCE", "Integer bounds must be integers"))
                } else if let low = minimum?.numberValue, let high = maximum?.numberValue, low > high {
                    problems.append(("\(here).min_value", "APPLICATION_COMMAND_OPTION_MIN_MAX_INVALID", "Minimum above maximum"))
                }
            }
            if type == 1 || type == 2 {
                problems += optionProblems(option["options"], at: "\(here).options")
            } else if let nested = option["options"]?.arrayValue, !nested.isEmpty {
                problems.append(("\(here).options", "APPLICATION_COMMAND_OPTION_INVALID", "Only subcommands hold options"))
            }
        }
        return problems
    }

    /// Discord's command-name pattern with the Unicode flag, and the lowercase rule.
    static func isCommandName(_ name: String) -> Bool {
        guard name == name.lowercased(), let pattern = try? Regex(#"^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$"#) else { return false }
        // Scalar semantics: Discord counts code points, and combining marks (Thai, Devanagari) are matched one by one.
        return (try? pattern.matchingSemantics(.unicodeScalar).wholeMatch(in: name)) != nil
    }
}

extension FakeJSON {
    /// A JSON number as a Double.
    public var numberValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }
}
