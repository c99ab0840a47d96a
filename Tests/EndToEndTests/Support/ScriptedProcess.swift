import Foundation

/// A program run with a script piped to its standard input (closed after it, as the end of a terminal session): what
/// it printed, and how it exited. For the console, the README's tour and `roastbot-try-discord`.
enum ScriptedProcess {
    /// - Parameter errorsToo: standard error goes into the output too (else it is discarded).
    static func run(
        _ executable: URL, arguments: [String], environment: [String: String], directory: URL? = nil, script: String,
        errorsToo: Bool = false
    ) throws -> (output: String, status: Int32) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        if let directory { process.currentDirectoryURL = directory }
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errorsToo ? output : FileHandle.nullDevice
        try process.run()
        // The script is small: it fits in the pipe, so writing it all before reading cannot block.
        input.fileHandleForWriting.write(Data(script.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }
}
