/// The XOR masking of RFC 6455 §5.3, the same in both directions.
enum WebSocketMasking {
    static func apply(key: (UInt8, UInt8, UInt8, UInt8), to bytes: inout [UInt8]) {
        let keyBytes = [key.0, key.1, key.2, key.3]
        for index in bytes.indices { bytes[index] ^= keyBytes[index & 3] }
    }
}
