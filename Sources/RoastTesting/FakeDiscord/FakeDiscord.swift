import FlyingFox
import Foundation
import Synchronization

/// The fake Discord for end-to-end tests: ``FakeDiscordREST`` and ``FakeDiscordGateway`` on one server on
/// 127.0.0.1, with one token and one bot account. `GET /api/v10/gateway/bot` is the gateway's (it hands out
/// its own address and enforces the session start budget it reports); every other `/api/v10/…` route is
/// the REST fake's; the two WebSocket paths are the gateway's.
///
/// Interactions go the way Discord sends them: ``useCommand(_:options:by:channelID:guildID:permissions:locale:guildLocale:)``
/// records the interaction with the REST fake (its 3-second callback deadline starts) and dispatches it on the
/// gateway as INTERACTION_CREATE.
public final class FakeDiscord: Sendable {
    public let rest: FakeDiscordREST
    public let gateway: FakeDiscordGateway
    private let running = Mutex<Running?>(nil)

    private struct Running: Sendable {
        var server: HTTPServer
        var task: Task<Void, any Error>
        var port: UInt16
    }

    public enum StartError: Error {
        case alreadyStarted
        case noListeningPort
    }

    public init(
        token: String = "fake-discord-bot-token",
        gateway configuration: FakeDiscordGatewayConfiguration = FakeDiscordGatewayConfiguration(),
        rateLimits: FakeDiscordRateLimits? = .discordLike
    ) {
        rest = FakeDiscordREST(token: token, rateLimits: rateLimits)
        gateway = FakeDiscordGateway(
            token: token, configuration: configuration, botUserID: String(rest.botUser.id), botUsername: rest.botUser.username,
            applicationID: String(rest.applicationID))
    }

    /// Serves REST and the gateway on a free port of 127.0.0.1.
    public func start() async throws {
        guard running.withLock({ $0 == nil }) else { throw StartError.alreadyStarted }
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 60, logger: .disabled)
        // First: FlyingFox answers with the first route that matches, and the REST fake takes all of /api/v10.
        await gateway.appendRoutes(to: server)
        await rest.install(on: server)
        let task = Task { try await server.run() }
        try await server.waitUntilListening(timeout: 60)
        guard case .ip4(_, let port)? = await server.listeningAddress else {
            task.cancel()
            throw StartError.noListeningPort
        }
        gateway.setListeningPort(port)
        rest.gatewayURL = gateway.gatewayURL
        running.withLock { $0 = Running(server: server, task: task, port: port) }
    }

    public func stop() async {
        await gateway.stop()
        guard
            let current = running.withLock({ value -> Running? in
                defer { value = nil }
                return value
            })
        else { return }
        await current.server.stop(timeout: 0)
        current.task.cancel()
    }

    public var token: String { rest.token }

    /// `http://127.0.0.1:PORT/api/v10`: what replaces `https://discord.com/api/v10` (`DISCORD_API_URL`).
    public var apiBaseURL: String { "http://127.0.0.1:\(running.withLock { $0?.port ?? 0 })\(FakeDiscordREST.apiPath)" }

    /// A slash command used now, delivered over the gateway; nil when the gateway has no session yet.
    @discardableResult
    public func useCommand(
        _ name: String, options: [FakeJSON] = [], by user: FakeDiscordUser, channelID: Int64, guildID: Int64?,
        permissions: UInt64 = FakeDiscordREST.memberPermissions, locale: String = "en-US", guildLocale: String? = "en-US"
    ) -> FakeDiscordInteraction? {
        guard gateway.currentSessionID != nil else { return nil }
        let interaction = rest.dispatchCommand(
            name, options: options, by: user, channelID: channelID, guildID: guildID, permissions: permissions, locale: locale,
            guildLocale: guildLocale)
        gateway.dispatch("INTERACTION_CREATE", interaction.payload.jsonText)
        return interaction
    }

    /// A press on a button of one of the bot's messages, delivered over the gateway; nil when there is no such
    /// message or no session.
    @discardableResult
    public func pressButton(
        customID: String, messageID: Int64, by user: FakeDiscordUser, permissions: UInt64 = FakeDiscordREST.memberPermissions,
        locale: String = "en-US", guildLocale: String? = "en-US"
    ) -> FakeDiscordInteraction? {
        guard gateway.currentSessionID != nil,
            let interaction = rest.dispatchButtonPress(
                customID: customID, messageID: messageID, by: user, permissions: permissions, locale: locale, guildLocale: guildLocale)
        else { return nil }
        gateway.dispatch("INTERACTION_CREATE", interaction.payload.jsonText)
        return interaction
    }
}
