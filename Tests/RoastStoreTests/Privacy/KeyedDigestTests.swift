import Testing

@testable import RoastStore

/// HMAC-SHA-256 against published vectors: SHA-256 of NIST's examples (FIPS 180-4 appendix, and
/// messages around the padding boundary) and the HMAC cases of RFC 4231 (short key, "Jefe", a key
/// longer than a block).
struct KeyedDigestTests {
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        (String(repeating: "a", count: 1_000), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"),
    ])
    func sha256MatchesPublishedDigests(message: String, digest: String) {
        #expect(Self.hex(KeyedDigest.sha256(Array(message.utf8))) == digest)
    }

    @Test(arguments: [
        ([UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8), "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        (
            Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        ),
        (
            [UInt8](repeating: 0xaa, count: 131), Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
        ),
    ])
    func hmacMatchesRFC4231(key: [UInt8], message: [UInt8], mac: String) {
        #expect(Self.hex(KeyedDigest(key: key).authenticate(message)) == mac)
        #expect(KeyedDigest(key: key).hex(String(decoding: message, as: UTF8.self)) == mac)
    }
}
