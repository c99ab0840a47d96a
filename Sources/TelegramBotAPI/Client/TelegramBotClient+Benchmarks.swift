import APIDecoding
import CurlHTTP

extension TelegramBotClient {
    /// How `roastbot-bench decode` has a response body read: as the client reads it, or by
    /// `JSONDecoder` alone (as every response was read before ``JSONReader``).
    @_spi(Benchmarks) public enum ResponseReading: Sendable, CaseIterable {
        case client
        case decoderOnly
    }

    /// A getUpdates answer, read as ``getUpdates(offset:limit:timeout:allowedUpdates:)`` reads it.
    @_spi(Benchmarks) public func readUpdates(_ body: [UInt8], _ reading: ResponseReading) throws(TelegramError) -> [Update] {
        let batch: LossyArray<Update> = try read(body, reading)
        return batch.elements
    }

    /// A sendMessage answer, read as ``sendMessage(chatID:text:parseMode:replyMarkup:messageThreadID:replyToMessageID:disableNotification:linkPreviewDisabled:)`` reads it.
    @_spi(Benchmarks) public func readSentMessage(_ body: [UInt8], _ reading: ResponseReading) throws(TelegramError) -> SentMessage {
        try read(body, reading)
    }

    /// An answer whose result nothing reads (answerCallbackQuery's `true`, an edited message).
    @_spi(Benchmarks) public func readIgnored(_ body: [UInt8], _ reading: ResponseReading) throws(TelegramError) {
        let _: Ignored = try read(body, reading)
    }

    private func read<Result: Decodable>(_ body: [UInt8], _ reading: ResponseReading) throws(TelegramError) -> Result {
        let response = HTTPResponse(status: 200, body: body)
        switch reading {
        case .client: return try decodeResponse(response)
        case .decoderOnly: return try result(of: decodeWithFoundation(response), status: 200)
        }
    }
}
