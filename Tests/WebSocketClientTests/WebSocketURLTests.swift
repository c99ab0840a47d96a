import Testing
import WebSocketClient

@Suite struct WebSocketURLTests {
    @Test(arguments: [
        ("wss://gateway.discord.gg", "https://gateway.discord.gg:443/", "gateway.discord.gg", "/"),
        ("wss://gateway.discord.gg/?v=10&encoding=json", "https://gateway.discord.gg:443/", "gateway.discord.gg", "/?v=10&encoding=json"),
        ("ws://127.0.0.1:5000/resume?v=10", "http://127.0.0.1:5000/", "127.0.0.1:5000", "/resume?v=10"),
        ("WS://example.com:80/a%20b", "http://example.com:80/", "example.com", "/a%20b"),
        ("wss://[::1]:8443/x", "https://[::1]:8443/", "[::1]:8443", "/x"),
    ])
    func mapsTheSchemeForCurlAndKeepsTheTarget(text: String, curl: String, host: String, target: String) throws {
        let url = try #require(WebSocketURL(text))
        #expect(url.curlURL == curl)
        #expect(url.hostHeader == host)
        #expect(url.requestTarget == target)
    }

    @Test(arguments: ["https://gateway.discord.gg", "gateway.discord.gg", "ws://", "ws://user:pass@host/", "wss://host:0/", ""])
    func refusesWhatIsNotAWebSocketURL(text: String) {
        #expect(WebSocketURL(text) == nil)
    }
}
