import Foundation
import Testing

@testable import DiscordGateway

@Suite struct GatewayMessageTests {
    @Test func keepsTheDataOfADispatchByteForByte() throws {
        let data = #"{"content":"a } ] \" { [ tricky","nested":{"list":[1,2.5e3,{"x":null}],"id":"1234567890123456789"}}"#
        let message = try #require(GatewayMessage(Data(#"{"t":"MESSAGE_CREATE","s":42,"op":0,"d":\#(data)}"#.utf8)))
        #expect(message.opcode == 0)
        #expect(message.sequence == 42)
        #expect(message.type == "MESSAGE_CREATE")
        #expect(String(decoding: message.data, as: UTF8.self) == data)
    }

    @Test func readsControlPayloadsWithNullFields() throws {
        let message = try #require(GatewayMessage(Data(#"  {"op": 11, "d": null, "s": null, "t": null}  "#.utf8)))
        #expect(message.opcode == 11)
        #expect(message.sequence == nil)
        #expect(message.type == nil)
        #expect(String(decoding: message.data, as: UTF8.self) == "null")
        let hello = try #require(GatewayMessage(Data(#"{"op":10,"d":{"heartbeat_interval":41250}}"#.utf8)))
        #expect(String(decoding: hello.data, as: UTF8.self) == #"{"heartbeat_interval":41250}"#)
        #expect(GatewayMessage(Data(#"{"op":7}"#.utf8))?.data == Data("null".utf8))
        #expect(GatewayMessage(Data(#"{"op":0,"t":"A\u0042C","s":1,"d":{}}"#.utf8))?.type == "ABC")
    }

    @Test(arguments: [
        "", "[]", "null", #"{"d":{}}"#, #"{"op":"0"}"#, #"{"op":0,"s":"1"}"#, #"{"op":0,"t":5}"#, #"{"op":1,"d":{"a":1}"#,
        #"{"op":1} trailing"#, #"{"op":1,"d":{"a":]}}"#, #"{"op":1,"d":nope}"#, #"{"op":1,"d":"unterminated}"#,
    ])
    func refusesWhatIsNotAGatewayPayload(text: String) {
        #expect(GatewayMessage(Data(text.utf8)) == nil)
    }
}
