/// Writes frames as bytes. A client masks every frame it sends (RFC 6455 §5.3) with a fresh key
/// from the generator it is given (the connection uses the system's cryptographic generator).
public enum WebSocketFrameEncoder {
    /// The frame as a client sends it: masked, with the shortest length encoding.
    public static func clientFrame(_ frame: WebSocketFrame, using generator: inout some RandomNumberGenerator) -> [UInt8] {
        let key = generator.next() as UInt32
        return encode(frame, maskKey: (UInt8(key >> 24), UInt8(key >> 16 & 0xFF), UInt8(key >> 8 & 0xFF), UInt8(key & 0xFF)))
    }

    /// The frame as a server sends it: unmasked.
    public static func serverFrame(_ frame: WebSocketFrame) -> [UInt8] {
        encode(frame, maskKey: nil)
    }

    /// The frame with the given mask key (nil: unmasked).
    public static func encode(_ frame: WebSocketFrame, maskKey: (UInt8, UInt8, UInt8, UInt8)?) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(frame.payload.count + 14)
        bytes.append((frame.isFinal ? 0x80 : 0) | frame.opcode.rawValue)
        let maskBit: UInt8 = maskKey == nil ? 0 : 0x80
        let length = frame.payload.count
        if length <= 125 {
            bytes.append(maskBit | UInt8(length))
        } else if length <= 0xFFFF {
            bytes.append(maskBit | 126)
            bytes.append(UInt8(length >> 8))
            bytes.append(UInt8(length & 0xFF))
        } else {
            bytes.append(maskBit | 127)
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: UInt64(length) >> UInt64(shift))) }
        }
        guard let maskKey else {
            bytes.append(contentsOf: frame.payload)
            return bytes
        }
        bytes.append(contentsOf: [maskKey.0, maskKey.1, maskKey.2, maskKey.3])
        var payload = frame.payload
        WebSocketMasking.apply(key: maskKey, to: &payload)
        bytes.append(contentsOf: payload)
        return bytes
    }

    /// A close frame's payload: the code in network order, then the reason in UTF-8, cut to fit 125 bytes.
    public static func closePayload(code: WebSocketCloseCode, reason: String) -> [UInt8] {
        var payload = [UInt8(code.rawValue >> 8), UInt8(code.rawValue & 0xFF)]
        var reasonBytes = Array(reason.utf8.prefix(123))
        // Never cut a multi-byte character in half: drop trailing continuation bytes and their lead byte.
        while !reasonBytes.isEmpty, String(validating: reasonBytes, as: UTF8.self) == nil { reasonBytes.removeLast() }
        payload.append(contentsOf: reasonBytes)
        return payload
    }
}
