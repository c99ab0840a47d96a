import Foundation
import RoastCore

/// Why the settings cannot be used. Each description is one line for the operator that names what
/// they wrote (the file's key, or the variable), the value as written, and what is expected.
enum SettingsError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The settings file itself cannot be read.
    case unreadableFile(path: String, reason: String)
    /// The settings file is not JSON: where it stops being JSON.
    case notJSON(path: String, JSONErrorLocation)
    /// The settings file is JSON but not settings (the top level, an unknown key).
    case malformedFile(path: String, reason: String, expected: String)
    /// A value that cannot be used; `value` is shown as written (JSON in the file, quoted from the environment).
    case invalidValue(SettingOrigin, value: String, expected: String)
    /// A file a setting names is unusable (missing, readable by others); the path is not secret.
    case unusableFile(SettingOrigin, path: String, problem: String)
    /// A secret of the wrong shape (a bot token from the setting itself or from the file it names, an
    /// API key): it is never shown, only `what` it should be, what is wrong with it and what is expected.
    case malformedSecret(SettingOrigin, file: String?, what: String, problem: String, expected: String)

    var description: String {
        switch self {
        case .unreadableFile(let path, let reason):
            "cannot read the settings file \(path): \(reason)"
        case .notJSON(let path, let location):
            "\(path): \(location)"
        case .malformedFile(let path, let reason, let expected):
            "\(path): \(reason): expected \(expected)"
        case .invalidValue(let origin, let value, let expected):
            "\(origin) is \(value): expected \(expected)"
        case .unusableFile(let origin, let path, let problem):
            "\(origin) (\(path)) \(problem)"
        case .malformedSecret(let origin, let file, let what, let problem, let expected):
            (file.map { "\(origin) (\($0)) does not hold \(what)" } ?? "\(origin) is not \(what)") + ": \(problem); expected \(expected)"
        }
    }
}
