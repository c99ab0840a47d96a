import APIDecoding
import CurlHTTP
import Foundation
import RoastCore
import RoastTesting
import Testing

@testable import TelegramBotAPI

/// The responses read straight from their bytes (`APIResponse.read`, ``JSONReader``) come out exactly
/// as `JSONDecoder` decodes them: the same value, or the same ``TelegramError``, for real Bot API
/// shapes, odd but valid JSON, and thousands of mutations and truncations of both.
@Suite struct ResponseReadingTests {
    private let client = TelegramBotClient(token: BotToken("123:SECRET"), http: StubHTTPClient())

    /// What a body turns into: a value or an error.
    private enum Outcome<Value: Equatable>: Equatable {
        case value(Value)
        case failure(TelegramError)
    }

    private func outcomes<Value: Decodable, Compared: Equatable>(
        _ type: Value.Type, _ body: [UInt8], status: Int, compare: (Value) -> Compared
    ) -> (read: Outcome<Compared>, decoded: Outcome<Compared>) {
        let response = HTTPResponse(status: status, body: body)
        let read: Outcome<Compared>
        do {
            let value: Value = try client.decodeResponse(response)
            read = .value(compare(value))
        } catch {
            read = .failure(error)
        }
        let decoded: Outcome<Compared>
        do {
            let frame: APIResponse<Value> = try client.decodeWithFoundation(response)
            decoded = .value(compare(try client.result(of: frame, status: status)))
        } catch {
            decoded = .failure(error)
        }
        return (read, decoded)
    }

    /// Every outcome of `body` under each result type the hot methods use, compared; returns how
    /// many the reader took without falling back.
    @discardableResult
    private func expectSameOutcomes(_ body: [UInt8], status: Int = 200, sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        var readDirectly = 0
        let updates = outcomes(LossyArray<Update>.self, body, status: status) { UpdateBatch(elements: $0.elements, dropped: $0.dropped) }
        #expect(updates.read == updates.decoded, "getUpdates: \(Self.show(body))", sourceLocation: sourceLocation)
        let sent = outcomes(SentMessage.self, body, status: status) { $0 }
        #expect(sent.read == sent.decoded, "SentMessage: \(Self.show(body))", sourceLocation: sourceLocation)
        let ignored = outcomes(Ignored.self, body, status: status) { $0 }
        #expect(ignored.read == ignored.decoded, "Ignored: \(Self.show(body))", sourceLocation: sourceLocation)
        if APIResponse<LossyArray<Update>>.read(body) != nil { readDirectly += 1 }
        if APIResponse<SentMessage>.read(body) != nil { readDirectly += 1 }
        if APIResponse<Ignored>.read(body) != nil { readDirectly += 1 }
        return readDirectly
    }

    private struct UpdateBatch: Equatable {
        var elements: [Update]
        var dropped: Int
    }

    private static func show(_ body: [UInt8]) -> String {
        String(decoding: body.prefix(300), as: UTF8.self) + " (\(body.count) bytes)"
    }

    // MARK: Bodies

    private static func sampleUpdates() throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: Samples.directory.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        return try names.map { try Samples.text(String($0.dropLast(5))) }
    }

    /// A sent message as Telegram answers sendMessage: buttons, entities, the message it replies to.
    static let sentMessage = #"""
        {"message_id":4415,"from":{"id":8000000001,"is_bot":true,"first_name":"RoastMeLater","username":"RoastMeLaterBot"},
        "chat":{"id":-1001234567890,"title":"Team H\u1ecdp \ud83d\ude34","type":"supergroup","is_forum":true},"date":1767312003,
        "message_thread_id":77,"is_topic_message":true,
        "reply_to_message":{"message_id":5120,"from":{"id":777000111,"is_bot":false,"first_name":"Lan"},
          "chat":{"id":-1001234567890,"type":"supergroup"},"date":1767312000,"text":"/roast",
          "entities":[{"type":"bot_command","offset":0,"length":6}]},
        "text":"Cu\u1ed9c h\u1ecdp n\u00e0y l\u1ebd ra l\u00e0 m\u1ed9t email. \"Quote\" \\ / \/ \b\f\n\r\t \u0000 \u20ac",
        "entities":[{"type":"bold","offset":0,"length":4},{"type":"text_link","offset":5,"length":3,"url":"https://t.me/x"},
          {"type":"text_mention","offset":9,"length":2,"user":{"id":5,"is_bot":false,"first_name":"A"}}],
        "link_preview_options":{"is_disabled":true},
        "reply_markup":{"inline_keyboard":[[{"text":"😂 12","callback_data":"r:lol:42"},{"text":"🔥","callback_data":"r:fire:42"}]]}}
        """#

    static let photoMessage = #"""
        {"message_id":77,"chat":{"id":5,"type":"private","first_name":"Linh","last_name":"Ng"},"date":1767312003,
        "photo":[{"file_id":"AgAC-1","file_unique_id":"AQAD1","width":90,"height":47,"file_size":1234},
          {"file_id":"AgAC-2","file_unique_id":"AQAD2","width":1280,"height":670}],"caption":"card",
        "forward_origin":{"type":"user","date":1,"sender_user":{"id":9,"is_bot":false,"first_name":"F"}},
        "location":{"latitude":21.0285,"longitude":-105.8542e0,"horizontal_accuracy":1.5E+1}}
        """#

    static let serviceMessage = #"""
        {"message_id":9,"chat":{"id":-100,"type":"group","title":"G"},"date":5,"migrate_to_chat_id":-1009999999999,
        "new_chat_members":[{"id":1,"is_bot":true,"first_name":"B","username":"b"}],"left_chat_member":{"id":2,"is_bot":false,"first_name":"L"},
        "sender_chat":{"id":-100,"type":"group","title":"G"},"migrate_from_chat_id":null,"text":null}
        """#

    /// Whole responses, hot and not, well-formed and not.
    static func bodies() throws -> [String] {
        let samples = try sampleUpdates()
        var bodies = [
            #"{"ok":true,"result":[\#(samples.joined(separator: ","))]}"#,
            #"{"ok":true,"result":[]}"#,
            #"{"ok":true,"result":\#(sentMessage)}"#,
            // The same messages as updates, so that every field the reader fills is compared.
            #"{"ok":true,"result":[{"update_id":1,"message":\#(sentMessage)},{"update_id":2,"edited_message":\#(photoMessage)},"#
                + #"{"update_id":3,"message":\#(serviceMessage)},{"update_id":4,"callback_query":{"id":"7","chat_instance":"-1","#
                + #""from":{"id":1,"is_bot":false,"first_name":"\ud83d\ude00","last_name":"\u00e9","language_code":null},"#
                + #""message":\#(sentMessage)}}]}"#,
            #"{"ok":true,"result":\#(photoMessage)}"#,
            #"{"ok":true,"result":\#(serviceMessage)}"#,
            #"{"ok":true,"result":true}"#,
            #"{"ok":false,"error_code":429,"description":"Too Many Requests: retry after 7","parameters":{"retry_after":7}}"#,
            #"{"ok":false,"error_code":400,"description":"Bad Request: group chat was upgraded","parameters":{"migrate_to_chat_id":-1001234}}"#,
            #"{"ok":false,"error_code":409,"description":"Conflict: terminated by other getUpdates request"}"#,
            #"{"ok":false,"error_code":403,"description":"Forbidden: bot was blocked by the user"}"#,
            #"{"ok":false,"error_code":400,"description":"Bad Request: message is not modified: specified new message content"}"#,
            #"{"ok":false,"error_code":401,"description":"Unauthorized: bot123:SECRET"}"#,
            #"{"ok":false,"description":"no code","parameters":null}"#,
            #"{"ok":false,"error_code":null,"description":null,"parameters":{"retry_after":-3,"other":[1,{"a":"b"}]}}"#,
            #"{"result":{"message_id":1,"chat":{"id":1,"type":"private"},"date":1},"ok":true}"#,
            #"{"result":true,"description":"x","ok":false,"error_code":400}"#,
            " \r\n\t{ \"ok\" : true , \"result\" : [ { \"update_id\" : 1 , \"message\" : { \"message_id\" : 2 , \"chat\" : { \"id\" : -3 , \"type\" : \"group\" } , \"date\" : 4 , \"text\" : \"hi\" } } ] } \n",
            #"{"ok":true,"result":{"message_id":1,"message_id":2,"chat":{"id":1,"type":"private"},"date":1}}"#,
            #"{"ok":true,"ok":false,"result":true}"#,
            #"{"ok":true,"result":[{"update_id":1,"message":{"message_id":2,"chat":{"id":1,"type":"private"},"date":1},"callback_query":{"id":"x"}}]}"#,
            #"{"ok":true,"result":[{"update_id":1,"message":null},{"update_id":2},{"message":{}},7,"x",null,{"update_id":3,"edited_message":{"message_id":1,"chat":{"id":1,"type":"private"},"date":1,"text":"e"}}]}"#,
            #"{"ok":true,"result":[{"update_id":1.0,"message":{"message_id":2,"chat":{"id":1,"type":"private"},"date":1}}]}"#,
            #"{"ok":true,"result":[{"update_id":9223372036854775807,"message":{"message_id":-9223372036854775808,"chat":{"id":-0,"type":"private"},"date":1e2}}]}"#,
            #"{"ok":true,"result":[{"update_id":9223372036854775808,"message":{"message_id":1,"chat":{"id":1,"type":"private"},"date":1}}]}"#,
            #"{"ok":true,"result":{"message_id":1,"chat":{"id":1,"type":"private"},"date":1,"text":"\ud83d\ude00 \uD83D\uDE00 pair"}}"#,
            #"{"ok":true,"result":[{"update_id":1,"message":{"message_id":1,"chat":{"id":1,"type":"private"},"date":1,"text":"\ud83d\ude00 \uD83D\uDE00 \udbff\udfff pair"}}]}"#,
            #"{"ok":true,"result":[{"update_id":1,"message":{"message_id":1,"chat":{"id":1,"type":"private"},"date":1,"text":"lone \ud83d x"}}]}"#,
            #"{"ok":true,"result":[{"update_id":1,"message":{"message_id":1,"chat":{"id":1,"type":"private"},"date":1,"text":"lone \ude00"}}]}"#,
            #"{"ok":true,"result":[{"update_id":1,"message":{"message_id":1,"chat":{"id":1,"type":"private"},"date":1,"caption":"\ud83d\u0041"}}]}"#,
            #"{"ok":true,"result":{"message_id":1,"skipped":"lone \ud800 and \q bad escape"}}"#,
            #"{"ok":true,"result":[{"update_id":1,"message":{"message_id":1,"chat":{"id":1,"type":"private"},"date":1,"text":"x"},}]}"#,
            #"{"ok":true,"result":[{"update_id":1,"message":{"message_id":1,"chat":{"id":1,"type":"private"},"date":1,"x":01}}]}"#,
            #"{"ok":true,"result":true} trailing"#,
            #"{"ok":true,"result":true,"extra":[1,2.5,-0.0e-0,true,false,null,{},[],""]}"#,
            #"{"ok":true,"result":[{"update_id":5,"\u006dessage":{"message_id":1,"chat":{"id":1,"type":"private"},"date":1}}]}"#,
            #"{"ok":true,"result":[{"update_id":5,"mêssage":{"message_id":1,"chat":{"id":1,"type":"private"},"date":1}}]}"#,
            #"{"ok":"true","result":true}"#,
            #"{"ok":1,"result":true}"#,
            #"{"ok":true}"#,
            #"{"ok":true,"result":null}"#,
            #"{}"#,
            #"[]"#,
            #"true"#,
            "",
            "<html><body>502 Bad Gateway</body></html>",
            #"{"ok":true,"result":{"message_id":"one"}}"#,
            #"{"ok":true,"result":[{"update_id":1,"callback_query":{"id":"q","from":{"id":1,"is_bot":false,"first_name":"A"},"chat_instance":"c","inline_message_id":"im","data":null}}]}"#,
            #"{"ok":true,"result":[{"update_id":1,"callback_query":{"id":"q","from":{"id":1,"first_name":"A"},"chat_instance":"c"}}]}"#,
            #"{"ok":true,"result":[{"update_id":1,"message":{"message_id":1,"chat":{"id":1,"type":"private"},"date":1,"entities":[{"type":"bot_command","offset":0,"length":6.5}]}}]}"#,
            "{\"ok\":true,\"result\":[{\"update_id\":1,\"message\":{\"message_id\":1,\"chat\":{\"id\":1,\"type\":\"private\"},\"date\":1,\"text\":\"tab\there\"}}]}",
            "{\"ok\":true,\"result\":[{\"update_id\":1,\"message\":{\"message_id\":1,\"chat\":{\"id\":1,\"type\":\"private\"},\"date\":1,\"text\":\"del\u{7f} nbsp\u{a0} zwj👨‍👩‍👧 rtl\u{202e} bom\u{feff} nonchar\u{fffe}\"}}]}",
            "\u{feff}{\"ok\":true,\"result\":true}",
            "{\u{0b}\"ok\":true,\"result\":true}",
        ]
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        bodies.append(#"{"ok":true,"result":true,"x":\#(deep)}"#)
        let nested = String(repeating: "[", count: 70) + String(repeating: "]", count: 70)
        bodies.append(#"{"ok":true,"result":{"message_id":1,"x":\#(nested)}}"#)
        var replies = #"{"message_id":1,"chat":{"id":1,"type":"private"},"date":1}"#
        for id in 2...80 { replies = #"{"message_id":\#(id),"chat":{"id":1,"type":"private"},"date":1,"reply_to_message":\#(replies)}"# }
        bodies.append(#"{"ok":true,"result":[{"update_id":1,"message":\#(replies)}]}"#)
        return bodies
    }

    // MARK: Tests

    @Test func everyBodyReadsAsTheDecoderDecodesIt() throws {
        for body in try Self.bodies() {
            for status in [200, 400, 429, 502] { expectSameOutcomes(Array(body.utf8), status: status) }
        }
    }

    @Test func invalidUTF8ReadsAsTheDecoderDecodesIt() {
        let head = Array(
            #"{"ok":true,"result":[{"update_id":1,"message":{"message_id":1,"chat":{"id":1,"type":"private"},"date":1,"text":"a"#.utf8)
        let tail = Array(#"b","x":"c"}}]}"#.utf8)
        for bad: [UInt8] in [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xC3, 0xA9]] {
            expectSameOutcomes(head + bad + tail)
            // The same bytes where nothing reads them, and in a key.
            expectSameOutcomes(Array(#"{"ok":true,"result":true,"x":"a"#.utf8) + bad + Array(#""}"#.utf8))
            expectSameOutcomes(Array(#"{"ok":true,"result":true,""#.utf8) + bad + Array(#"":1}"#.utf8))
        }
    }

    @Test func mutatedAndTruncatedBodiesReadAsTheDecoderDecodesThem() throws {
        var generator = SplitMix64(seed: 24)
        let interesting = Array(#"{}[]:,"\ u0123456789-.eE+tfnlrsaA"#.utf8) + [0x00, 0x09, 0x0A, 0x1F, 0x7F, 0x80, 0xC3, 0xED, 0xF0, 0xFF]
        for body in try Self.bodies().map({ Array($0.utf8) }) where !body.isEmpty {
            for _ in 0..<60 {
                var mutated = body
                switch generator.next() % 5 {
                case 0: mutated.removeSubrange(Int(generator.next() % UInt64(body.count))...)
                case 1: mutated.remove(at: Int(generator.next() % UInt64(body.count)))
                case 2:
                    mutated.insert(
                        interesting[Int(generator.next() % UInt64(interesting.count))], at: Int(generator.next() % UInt64(body.count)))
                case 3: mutated[Int(generator.next() % UInt64(body.count))] = interesting[Int(generator.next() % UInt64(interesting.count))]
                default:
                    let start = Int(generator.next() % UInt64(body.count))
                    let end = min(body.count, start + Int(generator.next() % 40))
                    mutated.insert(contentsOf: body[start..<end], at: Int(generator.next() % UInt64(body.count)))
                }
                expectSameOutcomes(mutated)
            }
        }
    }

    /// The answers to the methods called for every update, and the updates nearly all traffic is,
    /// are read without falling back to the decoder.
    @Test func hotResponsesAreReadWithoutTheDecoder() throws {
        for result in [Self.sentMessage, Self.photoMessage, Self.serviceMessage] {
            let body = Array(#"{"ok":true,"result":\#(result)}"#.utf8)
            #expect(APIResponse<SentMessage>.read(body) != nil)
            #expect(APIResponse<Ignored>.read(body) != nil)
        }
        #expect(APIResponse<Ignored>.read(Array(#"{"ok":true,"result":true}"#.utf8)) != nil)
        #expect(APIResponse<Ignored>.read(Array(#"{"ok":false,"error_code":429,"parameters":{"retry_after":3}}"#.utf8)) != nil)
        let hot = ["group_command", "private_message", "topic_command", "callback_query", "callback_inaccessible", "migrate_to_chat_id"]
        let batch = #"{"ok":true,"result":[\#(try hot.map { try Samples.text($0) }.joined(separator: ","))]}"#
        let read = APIResponse<LossyArray<Update>>.read(Array(batch.utf8))
        #expect(try read?.result?.get().elements.count == 6)
        for name in hot {
            var reader = JSONReader(Array(try Samples.text(name).utf8))
            let read = try? reader.read(Update.self)
            #expect(read != nil, "\(name) fell back")
            #expect(read == (try JSONDecoder().decode(Update.self, from: Samples.data(name))), "\(name)")
        }
    }

    @Test func theTokenNeverLeaksFromAnyOutcome() throws {
        for body in try Self.bodies() where body.contains("SECRET") {
            do {
                let _: Ignored = try client.decodeResponse(HTTPResponse(status: 401, body: Array(body.utf8)))
            } catch {
                #expect(!"\(error)".contains("SECRET"))
            }
        }
    }
}
