import ChatPlatform
import Foundation

extension OutboxRecord {
    /// The JSON text of this record: the document `JSONEncoder` with `.sortedKeys` writes from the
    /// `Codable` conformance (same keys in the same order, the synthesized shapes of the nested
    /// values, base64 for bytes), written straight into a byte buffer.
    ///
    /// An outbox row is written inside the transaction of every event that replies, where the generic
    /// encoder would cost more than the rest of the event's work; reading stays with `JSONDecoder`.
    public var json: String {
        String(decoding: jsonBytes, as: UTF8.self)
    }

    /// ``json`` as UTF-8 bytes.
    var jsonBytes: [UInt8] {
        var writer = Writer()
        writer.write(self)
        return writer.bytes
    }

    /// How a button whose payload is `data` begins in a row's JSON (as `JSONEncoder` writes it too):
    /// what a search of the queued rows for that button looks for.
    static func buttonPrefix(data: String) -> String {
        var writer = Writer()
        writer.raw("{\"data\":")
        writer.string(data)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}

private struct Writer {
    var bytes: [UInt8] = []

    init() {
        bytes.reserveCapacity(512)
    }

    mutating func write(_ record: OutboxRecord) {
        raw("{\"action\":")
        write(record.action)
        if let interaction = record.interaction {
            raw(",\"interaction\":{\"handle\":")
            string(interaction.handle)
            raw("}")
        }
        if let person = record.person {
            raw(",\"person\":")
            raw(String(person.rawValue))
        }
        raw(",\"v\":")
        raw(String(OutboxRecord.version))
        raw("}")
    }

    private mutating func write(_ action: QueuedAction) {
        switch action {
        case .send(let message):
            raw("{\"message\":")
            write(message)
            raw(",\"type\":\"send\"}")
        case .edit(let target, let message):
            raw("{\"message\":")
            write(message)
            raw(",\"target\":")
            raw(String(target.rawValue))
            raw(",\"type\":\"edit\"}")
        case .editButtons(let target, let buttons):
            raw("{\"buttons\":")
            write(buttons)
            raw(",\"target\":")
            raw(String(target.rawValue))
            raw(",\"type\":\"buttons\"}")
        case .document(let document):
            raw("{")
            if let caption = document.caption {
                raw("\"caption\":")
                write(caption)
                raw(",")
            }
            raw("\"contents\":")
            string(Data(document.contents).base64EncodedString())
            raw(",\"filename\":")
            string(document.filename)
            if let replyTo = document.replyTo {
                raw(",\"replyTo\":")
                raw(String(replyTo.rawValue))
            }
            if let topic = document.topic {
                raw(",\"topic\":")
                raw(String(topic.rawValue))
            }
            raw(",\"type\":\"document\"}")
        case .photo(let photo):
            raw("{\"photo\":")
            write(photo)
            raw(",\"type\":\"photo\"}")
        case .editPhoto(let target, let photo):
            raw("{\"photo\":")
            write(photo)
            raw(",\"target\":")
            raw(String(target.rawValue))
            raw(",\"type\":\"editPhoto\"}")
        }
    }

    /// A photo's fields.
    private mutating func write(_ photo: QueuedPhoto) {
        raw("{\"buttons\":")
        write(photo.buttons)
        if let caption = photo.caption {
            raw(",\"caption\":")
            write(caption)
        }
        // The order (a picture's description, rare: a press on 🖼) by the generic encoder: the
        // same document by construction.
        raw(",\"image\":")
        bytes.append(contentsOf: (try? Self.encoder.encode(photo.image)) ?? Data("null".utf8))
        if let replyTo = photo.replyTo {
            raw(",\"replyTo\":")
            raw(String(replyTo.rawValue))
        }
        if let topic = photo.topic {
            raw(",\"topic\":")
            raw(String(topic.rawValue))
        }
        raw("}")
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()

    private mutating func write(_ message: OutgoingMessage) {
        raw("{\"buttons\":")
        write(message.buttons)
        if let replyTo = message.replyTo {
            raw(",\"replyTo\":")
            raw(String(replyTo.rawValue))
        }
        raw(message.silent ? ",\"silent\":true,\"text\":" : ",\"silent\":false,\"text\":")
        write(message.text)
        if let topic = message.topic {
            raw(",\"topic\":")
            raw(String(topic.rawValue))
        }
        raw("}")
    }

    /// Rows of buttons.
    private mutating func write(_ buttons: [[Button]]) {
        array(buttons) { writer, row in
            writer.array(row) { writer, button in
                writer.raw("{\"data\":")
                writer.string(button.data)
                writer.raw(",\"label\":")
                writer.string(button.label)
                if let payload = button.startsPrivateChat {
                    writer.raw(",\"startsPrivateChat\":")
                    writer.string(payload)
                }
                writer.raw("}")
            }
        }
    }

    private mutating func write(_ text: RichText) {
        raw("{\"spans\":")
        array(text.spans) { writer, span in
            writer.span(span)
        }
        raw("}")
    }

    private mutating func span(_ span: RichText.Span) {
        switch span {
        case .plain(let value): single("plain", value)
        case .bold(let value): single("bold", value)
        case .italic(let value): single("italic", value)
        case .code(let value): single("code", value)
        case .mention(let user, let name):
            raw("{\"mention\":{\"_0\":")
            raw(String(user.rawValue))
            raw(",\"name\":")
            string(name)
            raw("}}")
        case .link(let url, let text):
            raw("{\"link\":{\"text\":")
            string(text)
            raw(",\"url\":")
            string(url)
            raw("}}")
        }
    }

    /// A JSON array: `[`, each element written by `element`, separated by commas, `]`.
    private mutating func array<Elements: Sequence>(_ elements: Elements, _ element: (inout Writer, Elements.Element) -> Void) {
        raw("[")
        for (index, item) in elements.enumerated() {
            if index > 0 { raw(",") }
            element(&self, item)
        }
        raw("]")
    }

    /// A span case with one unlabelled value: `{"case":{"_0":"value"}}`.
    private mutating func single(_ name: String, _ value: String) {
        // Pieces, not an interpolated string: no allocation per span.
        raw("{\"")
        raw(name)
        raw("\":{\"_0\":")
        string(value)
        raw("}}")
    }

    mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped (and `/`, as
    /// `JSONEncoder` does); everything else as UTF-8.
    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        // Most texts need no escaping: copied at once.
        let plain = !value.utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "/") }
        if plain {
            bytes.append(contentsOf: value.utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "/"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "/")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
