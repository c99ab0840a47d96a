import Foundation

/// Starts a program as a child process the way the end-to-end tests, the benchmarks and roastbot-try-discord start the
/// real `roastbot`: in a working directory, with a given environment, its standard output and error appended to a log
/// file, no standard input, and optionally a lower limit of open files.
public enum ChildProcessLauncher {
    /// - Parameters:
    ///   - command: the program and its arguments.
    ///   - openFileLimit: the child's limit of open files (`ulimit -n`, e.g. systemd's default 1,024); nil: this
    ///     process's own.
    /// - Returns: the running process.
    public static func launch(
        _ command: [String], environment: [String: String], directory: URL, logPath: String, openFileLimit: Int? = nil
    ) throws -> Process {
        let process = Process()
        if let openFileLimit {
            // The shell sets the limit, then becomes the program (same process id).
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -n \(openFileLimit) && exec \"$0\" \"$@\""] + command
        } else {
            process.executableURL = URL(fileURLWithPath: command[0])
            process.arguments = Array(command.dropFirst())
        }
        process.environment = environment
        process.currentDirectoryURL = directory
        if !FileManager.default.fileExists(atPath: logPath) { _ = FileManager.default.createFile(atPath: logPath, contents: nil) }
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        log.seekToEndOfFile()
        process.standardError = log
        process.standardOutput = log
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }
}
