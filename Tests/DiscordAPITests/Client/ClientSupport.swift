import CurlHTTP
import Foundation
import RoastTesting
import Timekeeping

@testable import DiscordAPI

/// Clients over a scripted HTTP stub and a manual clock, and Discord-shaped replies.
enum ClientSupport {
    static let token = DiscordBotToken("MTA1NjY.fake.SECRETPART")
    static let interactionToken = DiscordInteractionToken("aW50ZXJhY3Rpb24tc2VjcmV0")

    static func client(
        _ stub: StubHTTPClient, clock: ManualClock = ManualClock(),
        configuration: DiscordClient.Configuration = DiscordClient.Configuration()
    ) -> DiscordClient {
        DiscordClient(token: token, http: stub, configuration: configuration, clock: clock)
    }

    static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> StubHTTPClient.Reply {
        var all = headers
        all["content-type"] = "application/json"
        return .response(HTTPResponse(status: status, headers: all, body: Array(text.utf8)))
    }

    static func error(_ status: Int, code: Int, message: String = "refused", extra: String = "") -> StubHTTPClient.Reply {
        json(#"{"code":\#(code),"message":"\#(message)"\#(extra)}"#, status: status)
    }

    static let noContent = StubHTTPClient.Reply.response(HTTPResponse(status: 204))

    static let message =
        #"{"id":"10","channel_id":"20","author":{"id":"30","username":"bot","bot":true},"content":"hi","timestamp":"2024-01-01T00:00:00+00:00","type":0}"#

    static func header(_ name: String, of request: HTTPRequest) -> String? {
        request.headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
