import Foundation
import RoastTesting
@_spi(Benchmarks) import TelegramBotAPI

/// The CPU the bot spends reading Bot API answers in `roastbot-bench cpu`'s mix, per update: each
/// answer the mix gets (a getUpdates batch of 90 updates, 54 commands and 36 button presses; a
/// sent message; `true`; an edited message) read as the client reads it and by `JSONDecoder`
/// alone, interleaved round by round. No network, one thread.
struct DecodeBenchmark {
    var rounds = 7
    var repetitions = 300

    struct Result {
        /// Seconds per update of the mix, per round.
        var perUpdate: [TelegramBotClient.ResponseReading: [Double]] = [:]
        /// Seconds per answer, per kind of answer and round.
        var perAnswer: [String: [TelegramBotClient.ResponseReading: [Double]]] = [:]
    }

    func run() throws -> Result {
        let client = TelegramBotClient(token: BotToken("123456:BENCHMARK"), http: StubHTTPClient())
        let updates = Array(Self.updatesBody.utf8)
        let sent = Array(#"{"ok":true,"result":\#(Self.botMessage(id: 4415, buttons: false))}"#.utf8)
        let edited = Array(#"{"ok":true,"result":\#(Self.botMessage(id: 4415, buttons: true))}"#.utf8)
        let answered = Array(#"{"ok":true,"result":true}"#.utf8)
        // Same results both ways before timing anything.
        for reading in TelegramBotClient.ResponseReading.allCases {
            guard try client.readUpdates(updates, reading).count == 90, try client.readSentMessage(sent, reading).messageID == 4415 else {
                throw BenchError.failed("decode: a body did not read")
            }
        }
        var result = Result()
        for _ in 0..<rounds {
            for reading in TelegramBotClient.ResponseReading.allCases {
                let batch = try seconds { _ = try client.readUpdates(updates, reading) }
                let message = try seconds { _ = try client.readSentMessage(sent, reading) }
                let edit = try seconds { try client.readIgnored(edited, reading) }
                let answer = try seconds { try client.readIgnored(answered, reading) }
                result.perAnswer["getUpdates (90 updates)", default: [:]][reading, default: []].append(batch)
                result.perAnswer["sendMessage", default: [:]][reading, default: []].append(message)
                result.perAnswer["editMessageReplyMarkup", default: [:]][reading, default: []].append(edit)
                result.perAnswer["answerCallbackQuery", default: [:]][reading, default: []].append(answer)
                // The cpu mix: 3,000 updates in batches of 90; 1,800 sendMessage; 1,200 presses each answered and edited.
                let mix = (3_000.0 / 90 * batch + 1_800 * message + 1_200 * (edit + answer)) / 3_000
                result.perUpdate[reading, default: []].append(mix)
            }
        }
        return result
    }

    /// Seconds per call of `body`, over ``repetitions`` calls.
    private func seconds(_ body: () throws -> Void) throws -> Double {
        let start = ContinuousClock.now
        for _ in 0..<repetitions { try body() }
        let elapsed = ContinuousClock.now - start
        return (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18) / Double(repetitions)
    }

    /// A message the bot sent, as Telegram repeats it in the answer.
    static func botMessage(id: Int, buttons: Bool) -> String {
        let markup =
            buttons
            ? #","reply_markup":{"inline_keyboard":[[{"text":"😂 3","callback_data":"r:lol:42"},{"text":"🔥 1","callback_data":"r:fire:42"},"#
                + #"{"text":"⭐","callback_data":"f:42"}],[{"text":"Another","callback_data":"a:42"}]]}"# : ""
        return #"{"message_id":\#(id),"from":{"id":8000000001,"is_bot":true,"first_name":"RoastMeLater","username":"RoastMeLaterBot"},"#
            + #""chat":{"id":-1001234567890,"title":"Team Họp 😴","type":"supergroup"},"date":1767312001,"#
            + #""text":"Lan, cuộc họp này lẽ ra là một email. Và email đó lẽ ra là một tin nhắn.","#
            + #""entities":[{"type":"bold","offset":0,"length":3}],"link_preview_options":{"is_disabled":true}\#(markup)}"#
    }

    /// 54 commands and 36 button presses, as the fake Bot API writes them.
    static let updatesBody: String = {
        var updates: [String] = []
        for index in 0..<90 {
            let user =
                #"{"id":\#(555_000_100 + index % 30),"is_bot":false,"first_name":"Người \#(index % 30)","username":"user\#(index % 30)","language_code":"vi"}"#
            let chat = #"{"id":-100123456\#(7000 + index % 10),"title":"Nhóm \#(index % 10)","type":"supergroup"}"#
            if index % 5 < 3 {
                updates.append(
                    #"{"update_id":\#(100_000_000 + index),"message":{"message_id":\#(5_000 + index),"from":\#(user),"chat":\#(chat),"#
                        + #""date":1767312000,"text":"/roast@RoastMeLaterBot họp","entities":[{"type":"bot_command","offset":0,"length":22}]}}"#
                )
            } else {
                updates.append(
                    #"{"update_id":\#(100_000_000 + index),"callback_query":{"id":"43829\#(index)","from":\#(user),"#
                        + #""message":\#(botMessage(id: 4_000 + index, buttons: true)),"chat_instance":"-5349812387613","data":"r:lol:42"}}"#
                )
            }
        }
        return #"{"ok":true,"result":[\#(updates.joined(separator: ","))]}"#
    }()
}
