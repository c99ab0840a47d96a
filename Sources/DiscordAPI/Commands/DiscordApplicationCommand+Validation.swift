extension DiscordApplicationCommand {
    /// Checks Discord's rules for a slash command (name pattern and case, description and localization lengths,
    /// option counts and order, choice types); throws ``DiscordError/invalidRequest(_:)`` naming the first broken one.
    /// The client runs it before every registration, so a bad command fails at start with a clear line.
    public func validate() throws(DiscordError) {
        try Self.checkName(name, nameLocalizations, at: "command \(name)")
        try Self.checkDescription(description, descriptionLocalizations, at: "command \(name)")
        try Self.checkOptions(options, at: "command \(name)")
    }

    private static func checkOptions(_ options: [DiscordCommandOption], at place: String) throws(DiscordError) {
        guard options.count <= DiscordLimits.commandOptions else {
            throw .invalidRequest("\(place) has \(options.count) options (at most \(DiscordLimits.commandOptions))")
        }
        var names = Set<String>()
        var sawOptional = false
        for option in options {
            let here = "\(place) option \(option.name)"
            try checkName(option.name, option.nameLocalizations, at: here)
            try checkDescription(option.description, option.descriptionLocalizations, at: here)
            guard names.insert(option.name).inserted else { throw .invalidRequest("\(here) repeats a name") }
            if option.required, sawOptional { throw .invalidRequest("\(here) is required after an optional option") }
            if !option.required { sawOptional = true }
            guard option.choices.count <= DiscordLimits.commandOptions else {
                throw .invalidRequest("\(here) has \(option.choices.count) choices (at most \(DiscordLimits.commandOptions))")
            }
            for choice in option.choices {
                let length = choice.name.unicodeScalars.count
                guard length >= 1, length <= DiscordLimits.choiceName,
                    choice.nameLocalizations.values.allSatisfy({ (1...DiscordLimits.choiceName).contains($0.unicodeScalars.count) })
                else { throw .invalidRequest("\(here) choice name must have 1 to \(DiscordLimits.choiceName) characters") }
                switch (option.type, choice.value) {
                case (.string, .string), (.integer, .integer), (.number, .number), (.number, .integer): break
                default: throw .invalidRequest("\(here) choice value does not match the option type")
                }
            }
            if option.minValue != nil || option.maxValue != nil, option.type != .integer, option.type != .number {
                throw .invalidRequest("\(here) min/max values need an integer or number option")
            }
            if case .integer(let low)? = option.minValue, case .integer(let high)? = option.maxValue, low > high {
                throw .invalidRequest("\(here) minimum is above its maximum")
            }
            switch option.type {
            case .subcommand, .subcommandGroup:
                try checkOptions(option.options, at: here)
            default:
                guard option.options.isEmpty else { throw .invalidRequest("\(here) only subcommands hold options") }
            }
        }
    }

    private static func checkName(_ name: String, _ localizations: [DiscordLocale: String], at place: String) throws(DiscordError) {
        for candidate in [name] + localizations.values.sorted() where !isValidName(candidate) {
            throw .invalidRequest("\(place): a name must be 1 to \(DiscordLimits.commandName) lowercase letters, digits, - _ or '")
        }
    }

    private static func checkDescription(_ text: String, _ localizations: [DiscordLocale: String], at place: String) throws(DiscordError) {
        for candidate in [text] + localizations.values.sorted() {
            let length = candidate.unicodeScalars.count
            guard length >= 1, length <= DiscordLimits.commandDescription else {
                throw .invalidRequest("\(place): a description must have 1 to \(DiscordLimits.commandDescription) characters")
            }
        }
    }

    /// `^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$`, in the lowercase form where one exists.
    static func isValidName(_ name: String) -> Bool {
        let scalars = name.unicodeScalars
        guard (1...DiscordLimits.commandName).contains(scalars.count), name == name.lowercased() else { return false }
        return scalars.allSatisfy { scalar in
            if "-_'".unicodeScalars.contains(scalar) { return true }
            if (0x0900...0x097F).contains(scalar.value) || (0x0E00...0x0E7F).contains(scalar.value) { return true }
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .decimalNumber, .letterNumber, .otherNumber:
                return true
            default:
                return false
            }
        }
    }
}
