import APIDecoding
import Foundation
import RoastCore
import RoastTesting
import Testing

@testable import TelegramBotAPI

/// A webhook delivery's body, one update, read by the reader when it can and by `JSONDecoder` when
/// it cannot: the same update or the same refusal either way.
struct WholeUpdateReadingTests {
    @Test func everySampleUpdateAndItsMutationsReadAsTheDecoderDecodesThem() throws {
        var generator = SplitMix64(seed: 25)
        let names = try FileManager.default.contentsOfDirectory(atPath: Samples.directory.path).filter { $0.hasSuffix(".json") }
        #expect(!names.isEmpty)
        for name in names {
            let body = Array(try Samples.text(String(name.dropLast(5))).utf8)
            var bodies = [body, body + Array("  \n".utf8), body + Array("}".utf8), Array(body.dropLast())]
            for _ in 0..<40 {
                var mutated = body
                mutated[Int(generator.next() % UInt64(body.count))] = Array(#"{}[]:,"\0-x"#.utf8)[Int(generator.next() % 11)]
                bodies.append(mutated)
            }
            for text in bodies {
                let read = try? Update.decode(text)
                let decoded = try? JSONDecoder().decode(Update.self, from: Data(text))
                #expect(read == decoded, "\(name): \(String(decoding: text.prefix(200), as: UTF8.self))")
            }
        }
    }
}
