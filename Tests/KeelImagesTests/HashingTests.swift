import Foundation
import KeelSupport
import Testing

@testable import KeelImages

@Suite("Hashing")
struct HashingTests {
    @Test(
        "SHA-256 matches the FIPS 180-4 vectors",
        arguments: [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
            (
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrs"
                    + "mnopqrstnopqrstu",
                "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
            ),
        ])
    func sha256(message: String, expected: String) {
        #expect(SHA256.hex(message) == expected)
    }

    @Test("SHA-256 of long and unicode keys is 64 hex digits")
    func longKeys() {
        for key in [String(repeating: "k", count: 10_000), "картинка-🖼️-画像", "https://x.example/a?b=c&d=e"] {
            let hex = SHA256.hex(key)
            #expect(DiskIndex.isEntryName(hex))
        }
    }

    @Test("CRC-32 matches the check value")
    func crc32() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([UInt8]()) == 0)
    }
}
