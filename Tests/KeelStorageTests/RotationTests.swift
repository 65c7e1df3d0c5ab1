import Foundation
import KeelStorage
import Testing

/// Key rotation that neither skips a secret nor stops halfway without saying so.
@Suite struct RotationTests {
    private let old = StaticKeyProvider(Data(repeating: 0x42, count: 32))
    private let new = StaticKeyProvider(Data(repeating: 0x43, count: 32))

    @Test func rotationReencryptsAKeyStartingWithAByteOrderMark() throws {
        // Used to skip it: allKeys() decoded "efbbbf746f6b656e" with String(bytes:encoding:),
        // which drops a leading U+FEFF, so rotation looked for "token", found nothing and went
        // on; the secret stayed under the old key and was lost when that key was retired.
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try EncryptedFileStore(directory: directory, keyProvider: old)
        try store.setString("s", forKey: "\u{FEFF}token")
        try store.setString("p", forKey: "plain")
        #expect(try store.allKeys() == ["plain", "\u{FEFF}token"])
        _ = try store.rotateKey(to: new)
        let rotated = try EncryptedFileStore(directory: directory, keyProvider: new)
        #expect(try rotated.string(forKey: "\u{FEFF}token") == "s")
        #expect(try rotated.string(forKey: "plain") == "p")
    }

    @Test func aDamagedSecretStopsTheRotationBeforeAnythingIsRewritten() throws {
        // Used to stop after "a" with only b's integrity error: "c" stayed under the old key,
        // "a" already needed the new one, and the error said neither. Then (a review found)
        // the others were rewritten and the caller's store, still on the old key, could no
        // longer read them. Now every secret is decrypted first: nothing is rewritten.
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try EncryptedFileStore(directory: directory, keyProvider: old)
        try store.setString("alpha", forKey: "a")
        try store.setString("bravo", forKey: "b")
        try store.setString("charlie", forKey: "c")
        let damaged = try store.fileURL(forKey: "b")
        var bytes = try Data(contentsOf: damaged)
        bytes[bytes.count - 1] ^= 1
        try bytes.write(to: damaged)
        do {
            _ = try store.rotateKey(to: new)
            Issue.record("a damaged secret must make the rotation report itself incomplete")
        } catch SecureStoreError.rotationIncomplete(let rewritten, let failed) {
            #expect(rewritten.isEmpty)
            #expect(Array(failed.keys) == ["b"])
        }
        #expect(try store.string(forKey: "a") == "alpha")
        #expect(try store.string(forKey: "c") == "charlie")
        // The damaged file is left byte for byte.
        #expect(try Data(contentsOf: damaged) == bytes)
    }

    @Test func aSecretFileWhoseNameIsNotAKeyIsAFailureNotASkip() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try EncryptedFileStore(directory: directory, keyProvider: old)
        try store.setString("alpha", forKey: "a")
        // Uppercase hex: not the name fileURL(forKey:) gives any key.
        try Data("x".utf8).write(to: directory.appendingPathComponent("6B.secret"))
        #expect(
            throws: SecureStoreError.rotationIncomplete(
                rewritten: [], failed: ["6B.secret": "the file name is not the hexadecimal UTF-8 of a key"]
            )
        ) {
            _ = try store.rotateKey(to: new)
        }
    }
}
