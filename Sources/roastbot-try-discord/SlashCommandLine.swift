import Foundation
import RoastTesting

/// A typed slash command turned into what Discord would send for it, against the commands the bot registered: Discord
/// offers only those, by any of their localized names, and fills in typed option values (a choice's value, a whole
/// number within its range) — so a command or option the bot did not register, or a value Discord's form would not
/// accept, is refused here with what would be accepted.
struct SlashCommandLine: Sendable {
    /// The command's default (English) name, as interactions carry it.
    var name: String
    /// `data.options` as Discord sends them.
    var options: [FakeJSON]

    /// - Parameters:
    ///   - name: as typed, without the slash (`roast`, `khịa`).
    ///   - text: the rest of the line: `name:value` pairs (a value runs to the next `name:`), or bare words that fill
    ///     the options they fit (a choice, a number, else the text option).
    static func build(name typed: String, text: String, commands: [FakeDiscordCommand]) -> Result<SlashCommandLine, TryRefusal> {
        guard let command = commands.first(where: { names(of: $0.name, $0.nameLocalizations).contains(shaped(typed)) }) else {
            return .failure(TryRefusal("the bot registered no /\(typed) (type commands to list them)"))
        }
        let declared = command.options.arrayValue ?? []
        var values: [String: String] = [:]
        var bare: [String] = []
        var current: String?
        for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            if let colon = word.firstIndex(of: ":"), let option = option(named: String(word[..<colon]), in: declared) {
                current = option
                values[option] = String(word[word.index(after: colon)...])
            } else if let open = current {
                values[open, default: ""] += " " + word
            } else {
                bare.append(word)
            }
        }
        for word in bare {
            let free = declared.filter { values[$0["name"]?.stringValue ?? ""] == nil }
            if let choice = free.first(where: { choiceValue(word, of: $0) != nil }) {
                values[choice["name"]?.stringValue ?? ""] = word
            } else if let number = free.first(where: { $0["type"]?.intValue == 4 }), Int64(word) != nil {
                values[number["name"]?.stringValue ?? ""] = word
            } else if let textOption = declared.first(where: { $0["type"]?.intValue == 3 && $0["choices"] == nil }) {
                let key = textOption["name"]?.stringValue ?? ""
                values[key] = values[key].map { $0 + " " + word } ?? word
            } else {
                return .failure(TryRefusal("/\(command.name) has no option for “\(word)”: \(usage(of: command))"))
            }
        }
        var options: [FakeJSON] = []
        for option in declared {
            let key = option["name"]?.stringValue ?? ""
            guard let raw = values[key]?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else {
                if option["required"]?.boolValue == true { return .failure(TryRefusal("/\(command.name) needs \(key):…")) }
                continue
            }
            let type = option["type"]?.intValue ?? 3
            let value: FakeJSON
            switch type {
            case 4:
                guard let number = Int64(raw) else { return .failure(TryRefusal("\(key) takes a whole number: \(describe(option))")) }
                if let low = option["min_value"]?.intValue, number < low {
                    return .failure(TryRefusal("\(key) is at least \(low)"))
                }
                if let high = option["max_value"]?.intValue, number > high {
                    return .failure(TryRefusal("\(key) is at most \(high)"))
                }
                value = .int(number)
            case 5:
                value = .bool(["true", "yes", "on"].contains(raw.lowercased()))
            default:
                if option["choices"] != nil {
                    guard let choice = choiceValue(raw, of: option) else {
                        return .failure(TryRefusal("\(key) is one of: \(describe(option))"))
                    }
                    value = choice
                } else {
                    value = .string(raw)
                }
            }
            options.append(["name": .string(key), "type": .int(type), "value": value])
        }
        return .success(SlashCommandLine(name: command.name, options: options))
    }

    /// One line per command: `/roast · vi /khịa — description · category: a|b|… · spice: 1–5`.
    static func describe(_ command: FakeDiscordCommand) -> String {
        var line = "/\(command.name)"
        if let vietnamese = command.nameLocalizations["vi"], vietnamese != command.name { line += " · vi /\(vietnamese)" }
        line += " — \(command.description)"
        if command.defaultMemberPermissions != nil { line += " (offered to Manage Server)" }
        let options = (command.options.arrayValue ?? []).map { "\($0["name"]?.stringValue ?? ""): \(describe($0))" }
        return ([line] + options).joined(separator: " · ")
    }

    static func usage(of command: FakeDiscordCommand) -> String {
        let options = (command.options.arrayValue ?? []).map { "\($0["name"]?.stringValue ?? ""):…" }
        return options.isEmpty ? "it takes no options" : "/\(command.name) " + options.joined(separator: " ")
    }

    // MARK: Helpers

    private static func describe(_ option: FakeJSON) -> String {
        if let choices = option["choices"]?.arrayValue {
            return choices.compactMap { $0["value"]?.stringValue ?? $0["value"]?.intValue.map(String.init) }.joined(separator: "|")
        }
        switch option["type"]?.intValue {
        case 4:
            let low = option["min_value"]?.intValue.map(String.init) ?? ""
            let high = option["max_value"]?.intValue.map(String.init) ?? ""
            return "\(low)–\(high)"
        case 5: return "true|false"
        default: return "text"
        }
    }

    /// The option (its default name) that `typed` names, by any of its localized names.
    private static func option(named typed: String, in options: [FakeJSON]) -> String? {
        options.first { option in
            let localized = (option["name_localizations"]?.objectValue ?? [:]).compactMapValues(\.stringValue)
            return names(of: option["name"]?.stringValue ?? "", localized).contains(shaped(typed))
        }?["name"]?.stringValue
    }

    /// The value of the choice `typed` names (its value, or its name in any language), if the option has one.
    private static func choiceValue(_ typed: String, of option: FakeJSON) -> FakeJSON? {
        let wanted = shaped(typed)
        return option["choices"]?.arrayValue?.first { choice in
            let localized = (choice["name_localizations"]?.objectValue ?? [:]).compactMapValues(\.stringValue)
            let value = choice["value"]?.stringValue ?? choice["value"]?.intValue.map(String.init) ?? ""
            return (names(of: choice["name"]?.stringValue ?? "", localized) + [shaped(value)]).contains(wanted)
        }?["value"]
    }

    private static func names(of name: String, _ localized: [String: String]) -> [String] {
        ([name] + localized.values).map(shaped)
    }

    /// Names compared as Discord's are written: precomposed, lower-cased.
    private static func shaped(_ text: String) -> String { text.precomposedStringWithCanonicalMapping.lowercased() }
}

/// Why a typed line is not sent: what Discord's client would not let a member do, said plainly.
struct TryRefusal: Error, Sendable {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}
