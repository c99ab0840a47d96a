import Testing

@testable import roastbot

struct ListenAddressTests {
    @Test(arguments: [
        ("127.0.0.1:9464", "127.0.0.1", 9464, true), ("0.0.0.0:8080", "0.0.0.0", 8080, false), ("[::1]:9464", "::1", 9464, true),
        ("localhost:1", "127.0.0.1", 1, true), ("10.1.2.3:0", "10.1.2.3", 0, false), ("[fe80::1]:80", "fe80::1", 80, false),
    ])
    func parses(text: String, host: String, port: Int, loopback: Bool) throws {
        let address = try #require(ListenAddress(text))
        #expect(address.host == host)
        #expect(Int(address.port) == port)
        #expect(address.isLoopback == loopback)
        #expect(ListenAddress(address.description) == address, "its description parses back")
    }

    @Test(arguments: [
        "", "9464", "127.0.0.1", "127.0.0.1:", "127.0.0.1:65536", "127.0.0.1:-1", "example.com:80", "1.2.3:80", "256.0.0.1:80", "[::1]",
        "::1:9464", "[example]:80", "[::1]9464",
    ])
    func refuses(text: String) {
        #expect(ListenAddress(text) == nil)
    }
}
