import Foundation
import RoastTesting
import Testing

/// docs/deployment.md's systemd deployment, followed literally: `deploy/install.sh` builds the layout under
/// a staging root for a fresh system user, and the bot, started as that user the way the unit starts
/// it (`roastbot run --config /etc/roastbot/roastbot.json`, umask 077), reads its settings and token
/// and polls the fake Bot API. Needs root (useradd), as the deployment does.
@Suite(.serialized, .enabled(if: getuid() == 0, "installing a service user needs root"))
struct DeploymentEndToEndTests {
    /// Runs `executable` with `arguments` and `environment`; its exit status and combined output.
    @discardableResult
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, in directory: URL? = nil, input: String = ""
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let stdin = Pipe()
        process.standardInput = stdin
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    static func mode(_ path: String) throws -> (permissions: Int, owner: String, group: String) {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (
            (attributes[.posixPermissions] as? Int) ?? -1, (attributes[.ownerAccountName] as? String) ?? "?",
            (attributes[.groupOwnerAccountName] as? String) ?? "?"
        )
    }

    @Test func theDocumentedLayoutStartsAsTheServiceUserAndPolls() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        defer { Task { await fake.stop() } }
        let user = "rmltest\(Int.random(in: 10_000...99_999))"
        let root = URL(fileURLWithPath: "/tmp/roastbot-deploy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer {
            _ = try? Self.run("/usr/sbin/userdel", [user])
            try? FileManager.default.removeItem(at: root)
        }
        let repository = BotProcess.repositoryRoot

        let install = try Self.run(
            "/bin/sh", ["deploy/install.sh", "--token-stdin"],
            environment: [
                "PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "ROASTBOT_USER": user,
                "ROASTBOT_INSTALL_ROOT": root.path, "ROASTBOT_BIN_DIR": BotProcess.executable.deletingLastPathComponent().path,
            ],
            in: repository, input: fake.token + "\n")
        #expect(install.status == 0, "\(install.output)")

        let etc = root.appendingPathComponent("etc/roastbot").path
        #expect(try Self.mode(etc) == (0o750, "root", user))
        #expect(try Self.mode(etc + "/roastbot.json") == (0o640, "root", user))
        #expect(try Self.mode(etc + "/token") == (0o600, user, user))
        #expect(try Self.mode(root.appendingPathComponent("var/lib/roastbot").path) == (0o700, user, user))
        #expect(try Self.mode(root.appendingPathComponent("var/backups/roastbot").path) == (0o700, user, user))
        for program in ["roastbot", "roastbot-render"] {
            #expect(try Self.mode(root.appendingPathComponent("opt/roastbot/bin/\(program)").path) == (0o755, "root", "root"))
        }

        // As the unit runs it: the service user, umask 077, the settings file; the fake stands in
        // for api.telegram.org.
        let bot = Process()
        bot.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        bot.arguments = [
            "--reuid=\(user)", "--regid=\(user)", "--init-groups", "--", "/bin/sh", "-c",
            "umask 077 && exec \"$0\" run --config \"$1\"", root.appendingPathComponent("opt/roastbot/bin/roastbot").path,
            etc + "/roastbot.json",
        ]
        bot.environment = ["PATH": "/usr/bin:/bin", "TELEGRAM_API_URL": fake.baseURL, "ROASTBOT_LOG_LEVEL": "info"]
        bot.currentDirectoryURL = root.appendingPathComponent("opt/roastbot")
        let log = Pipe()
        bot.standardError = log
        bot.standardOutput = log
        try bot.run()
        let polled = await fake.waitFor(timeout: .seconds(20)) { !fake.requests(method: "getUpdates").isEmpty }
        bot.terminate()
        bot.waitUntilExit()
        let output = String(decoding: log.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(polled, "\(output)")
        #expect(bot.terminationStatus == 0, "\(output)")
        #expect(!output.contains(fake.token.split(separator: ":").last.map(String.init) ?? fake.token))

        let database = root.appendingPathComponent("var/lib/roastbot/roastbot.sqlite").path
        #expect(try Self.mode(database) == (0o600, user, user))
    }

    /// A service user that already exists keeps its own primary group, and the layout is shared with
    /// that group (a user named like no group would otherwise make `install` fail halfway).
    @Test func anExistingServiceUserKeepsItsOwnGroup() throws {
        let user = "rmltest\(Int.random(in: 10_000...99_999))"
        let root = URL(fileURLWithPath: "/tmp/roastbot-deploy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try #require(Self.run("/usr/sbin/useradd", ["--system", "--gid", "nogroup", "--no-create-home", user]).status == 0)
        defer {
            _ = try? Self.run("/usr/sbin/userdel", [user])
            try? FileManager.default.removeItem(at: root)
        }
        let install = try Self.run(
            "/bin/sh", ["deploy/install.sh", "--token-stdin"],
            environment: [
                "PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "ROASTBOT_USER": user, "ROASTBOT_INSTALL_ROOT": root.path,
                "ROASTBOT_BIN_DIR": BotProcess.executable.deletingLastPathComponent().path,
            ],
            in: BotProcess.repositoryRoot, input: "123:abc\n")
        #expect(install.status == 0, "\(install.output)")
        let etc = root.appendingPathComponent("etc/roastbot").path
        #expect(try Self.mode(etc) == (0o750, "root", "nogroup"))
        #expect(try Self.mode(etc + "/roastbot.json") == (0o640, "root", "nogroup"))
        #expect(try Self.mode(etc + "/token") == (0o600, user, "nogroup"))
        #expect(try String(contentsOfFile: etc + "/token", encoding: .utf8) == "123:abc\n")
        #expect(try Self.mode(root.appendingPathComponent("var/lib/roastbot").path) == (0o700, user, "nogroup"))
    }

    /// systemd itself checks the unit (syntax, user, binary) when it can: pointed at the staged binary.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze")))
    func theUnitPassesSystemdsChecks() throws {
        let directory = URL(fileURLWithPath: "/tmp/roastbot-unit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let unit = try String(contentsOf: BotProcess.repositoryRoot.appendingPathComponent("deploy/roastbot.service"), encoding: .utf8)
            .replacingOccurrences(of: "/opt/roastbot/bin/roastbot", with: BotProcess.executable.path)
            .replacingOccurrences(of: "User=roastbot", with: "User=root").replacingOccurrences(of: "Group=roastbot", with: "Group=root")
        let path = directory.appendingPathComponent("roastbot.service").path
        try unit.write(toFile: path, atomically: true, encoding: .utf8)
        let verify = try Self.run("/usr/bin/systemd-analyze", ["verify", path])
        // It exits 0 on directives it ignores, but names each one: a clean unit prints nothing.
        #expect(verify.status == 0 && verify.output.isEmpty, "\(verify.output)")
    }
}
