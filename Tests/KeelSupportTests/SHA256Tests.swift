import Foundation
import KeelSupport
import KeelTestSupport
import Testing

@Suite("SHA-256 and HMAC-SHA256 against the published vectors", .onOwnThread)
struct SHA256Tests {
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// FIPS 180-4 / NIST CSRC example values.
    @Test(
        arguments: [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
            (
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
                "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
            ),
        ])
    func nistVectors(message: String, digest: String) {
        #expect(Self.hex(SHA256.hash(Array(message.utf8))) == digest)
    }

    @Test func oneMillionAsAndIncrementalFeedingAgree() {
        var hasher = SHA256()
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        for _ in 0..<1000 { hasher.update(chunk) }
        #expect(
            Self.hex(hasher.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        // Every split of a 130-byte message (block boundaries included) gives the one-shot digest.
        let message = (0..<130).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let expected = SHA256.hash(message)
        for split in 0...message.count {
            var parts = SHA256()
            parts.update(message[..<split])
            parts.update(message[split...])
            #expect(parts.finalize() == expected, "split at \(split)")
            // A sequence without contiguous storage takes the byte-by-byte path.
            var mixed = SHA256()
            mixed.update(message[..<split].lazy.map { $0 })
            mixed.update(message[split...])
            #expect(mixed.finalize() == expected, "lazy split at \(split)")
        }
    }

    /// RFC 4231 §4 test cases 1–4, 6 and 7 (case 5 is a truncated output).
    @Test(
        arguments: [
            (
                [UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8),
                "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
            ),
            (
                Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
                "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
            ),
            (
                [UInt8](repeating: 0xaa, count: 20), [UInt8](repeating: 0xdd, count: 50),
                "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"
            ),
            (
                Array(1...25), [UInt8](repeating: 0xcd, count: 50),
                "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"
            ),
            (
                [UInt8](repeating: 0xaa, count: 131),
                Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
                "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
            ),
            (
                [UInt8](repeating: 0xaa, count: 131),
                Array(
                    "This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm."
                        .utf8),
                "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"
            ),
        ] as [([UInt8], [UInt8], String)])
    func rfc4231(key: [UInt8], message: [UInt8], mac: String) {
        let hmac = HMACSHA256(key: key)
        #expect(Self.hex(hmac.authenticationCode(for: message)) == mac)
        // The prepared key is reusable: a second message does not disturb the first.
        _ = hmac.authenticationCode(for: [1, 2, 3])
        #expect(Self.hex(hmac.authenticationCode(for: message)) == mac)
    }

    /// A hash value copied mid-stream goes on independently (the platform context is copied,
    /// not shared).
    @Test func copiesAreIndependent() {
        var first = SHA256()
        first.update(Array("abc".utf8))
        var second = first
        second.update(Array("def".utf8))
        #expect(first.finalize() == SHA256.hash(Array("abc".utf8)))
        #expect(second.finalize() == SHA256.hash(Array("abcdef".utf8)))
    }

    /// The hash and the MAC come from the platform (CryptoKit or libcrypto): no round function
    /// is written out in Keel.
    @Test func noHandWrittenCompressionFunction() throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/KeelSupport/Crypto/SHA256.swift")
        let text = try String(contentsOf: source, encoding: .utf8)
        #expect(!text.contains("0x428a_2f98") && !text.contains("0x428a2f98"), "SHA-256 round constants")
        #expect(!text.contains("rotr"))
        #expect(text.contains("CryptoKit.SHA256()") && text.contains("EVP_sha256()"))
    }
}
