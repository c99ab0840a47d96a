import CurlHTTP
import Foundation
import RoastTesting
import Testing

@testable import DiscordAPI

@Suite struct MultipartBodyTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x01]

    @Test func payloadJSONComesFirstThenEachFileAsFilesN() {
        let body = MultipartBody.upload(
            payloadJSON: Array(#"{"content":"hi"}"#.utf8),
            files: [
                .png(filename: "card.png", data: Self.png),
                DiscordFile(filename: "a\"b.txt", contentType: "text/plain", data: Array("x".utf8)),
            ],
            boundary: "B")
        let expected =
            Array(
                ("--B\r\nContent-Disposition: form-data; name=\"payload_json\"\r\nContent-Type: application/json\r\n\r\n{\"content\":\"hi\"}\r\n"
                    + "--B\r\nContent-Disposition: form-data; name=\"files[0]\"; filename=\"card.png\"\r\nContent-Type: image/png\r\n\r\n")
                    .utf8)
            + Self.png
            + Array(
                ("\r\n--B\r\nContent-Disposition: form-data; name=\"files[1]\"; filename=\"a_b.txt\"\r\nContent-Type: text/plain\r\n\r\nx\r\n"
                    + "--B--\r\n").utf8)
        #expect(body.bytes == expected)
        #expect(body.contentType == "multipart/form-data; boundary=B")
    }

    @Test func aMessageWithACardGoesAsMultipartWithMatchingAttachmentIDs() async throws {
        let stub = StubHTTPClient([ClientSupport.json(ClientSupport.message)])
        let client = ClientSupport.client(stub)
        _ = try await client.createMessage(
            in: DiscordChannelID(20), DiscordMessagePayload(content: "Your card", reference: .reply(to: DiscordMessageID(5))),
            files: [.png(filename: "card.png", data: Self.png)])
        let request = try #require(stub.requests.first)
        let contentType = try #require(ClientSupport.header("Content-Type", of: request))
        #expect(contentType.hasPrefix("multipart/form-data; boundary="))
        let boundary = String(contentType.dropFirst("multipart/form-data; boundary=".count))
        let text = String(decoding: request.body, as: UTF8.self)
        #expect(text.hasPrefix("--\(boundary)\r\nContent-Disposition: form-data; name=\"payload_json\""))
        #expect(text.hasSuffix("--\(boundary)--\r\n"))
        #expect(request.body.count > Self.png.count && request.body.indices.contains { request.body[$0...].starts(with: Self.png) })
        let jsonStart = try #require(text.range(of: "\r\n\r\n")?.upperBound)
        let jsonEnd = try #require(text.range(of: "\r\n--\(boundary)", range: jsonStart..<text.endIndex)?.lowerBound)
        let payload = try #require(FakeJSON.parse(String(text[jsonStart..<jsonEnd])))
        #expect(payload["attachments"] == [["id": 0, "filename": "card.png"]])
        #expect(payload["allowed_mentions"]?["parse"] == [])
        #expect(payload["message_reference"]?["fail_if_not_exists"] == false)
    }

    @Test func anEditKeepsTheCardAlreadyUploadedWithoutUploadingItAgain() async throws {
        let stub = StubHTTPClient([ClientSupport.json(ClientSupport.message)])
        let client = ClientSupport.client(stub)
        _ = try await client.editMessage(
            DiscordMessageID(10), in: DiscordChannelID(20),
            DiscordMessagePayload(content: "3 😂", keptAttachments: [DiscordAttachmentID(1_290_000_000_000_000_009)]))
        let request = try #require(stub.requests.first)
        #expect(ClientSupport.header("Content-Type", of: request) == "application/json")
        #expect(request.method == .patch)
        #expect(FakeJSON.parse(Data(request.body))?["attachments"] == [["id": "1290000000000000009"]])
    }
}
