/// Where a setting's value came from, named as the operator wrote it, so that an error points at
/// the one thing to fix: the file's key, the environment variable, or the command-line option.
enum SettingOrigin: Sendable, Hashable, CustomStringConvertible {
    /// A key of the settings file (`throttle.per_chat_interval` in `/etc/roastbot/roastbot.json`).
    case file(path: String, key: String)
    /// An environment variable (`ROASTBOT_RETENTION_DAYS`).
    case environment(String)
    /// A command-line option (`--webhook`).
    case option(String)
    /// Not set anywhere: the default, named by its file key.
    case defaultValue(key: String)

    /// `FILE: key`, `VARIABLE`, `--option` or `key (default)`: what an error line starts with.
    var description: String {
        switch self {
        case .file(let path, let key): "\(path): \(key)"
        case .environment(let variable): variable
        case .option(let name): name
        case .defaultValue(let key): "\(key) (default)"
        }
    }
}
