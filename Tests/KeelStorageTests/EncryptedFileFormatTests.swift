import Foundation
import KeelStorage
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The encrypted file format: store binding, key ids, versions, rotation and the old format.
@Suite struct EncryptedFileFormatTests {
    let key = StaticKeyProvider(Data((0..<32).map { UInt8($0) }))
    let otherKey = StaticKeyProvider(Data(repeating: 0xA5, count: 32))

    func withDirectory(_ body: (URL) throws -> Void) throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(directory)
    }

    @Test func aFileCopiedIntoAnotherStoreWithTheSameKeyDoesNotDecrypt() throws {
        try withDirectory { directory in
            let first = try EncryptedFileStore(
                directory: directory.appendingPathComponent("a"), keyProvider: key)
            let second = try EncryptedFileStore(
                directory: directory.appendingPathComponent("b"), keyProvider: key)
            #expect(first.storeID != second.storeID)
            try first.setString("alpha", forKey: "token")
            try FileManager.default.copyItem(
                at: first.fileURL(forKey: "token"), to: second.fileURL(forKey: "token"))
            #expect {
                try second.string(forKey: "token")
            } throws: { error in
                guard case .integrityFailure(let key, _)? = error as? SecureStoreError else { return false }
                return key == "token"
            }
            #expect(try first.string(forKey: "token") == "alpha")
            // The identity survives reopening, so the store's own files still read.
            let reopened = try EncryptedFileStore(
                directory: directory.appendingPathComponent("a"), keyProvider: key)
            #expect(reopened.storeID == first.storeID)
            #expect(try reopened.string(forKey: "token") == "alpha")
        }
    }

    @Test func aDeletedStoreIdentityWithSecretsIsATypedError() throws {
        try withDirectory { directory in
            let store = try EncryptedFileStore(directory: directory, keyProvider: key)
            try store.setString("v", forKey: "k")
            let identity = directory.appendingPathComponent(".keel-store-id")
            try FileManager.default.removeItem(at: identity)
            #expect(throws: SecureStoreError.storeIdentityMissing(path: identity.path, existingSecrets: 1)) {
                _ = try EncryptedFileStore(directory: directory, keyProvider: key)
            }
        }
    }

    @Test func aRollbackToAnOlderCopyIsDetectedWithinAStoreInstance() throws {
        try withDirectory { directory in
            let store = try EncryptedFileStore(directory: directory, keyProvider: key)
            try store.setString("old password", forKey: "password")
            let file = try store.fileURL(forKey: "password")
            let old = try Data(contentsOf: file)
            try store.setString("new password", forKey: "password")
            try old.write(to: file)
            #expect(throws: SecureStoreError.rollbackDetected(key: "password", version: 1, newest: 2)) {
                try store.string(forKey: "password")
            }
            // A deleted secret put back is a rollback too.
            try store.setString("newest", forKey: "password")
            let newest = try Data(contentsOf: file)
            try store.removeValue(forKey: "password")
            try newest.write(to: file)
            #expect(throws: SecureStoreError.self) { try store.string(forKey: "password") }
            // Documented limit: a fresh instance has no memory of newer versions.
            let fresh = try EncryptedFileStore(directory: directory, keyProvider: key)
            #expect(try fresh.string(forKey: "password") == "newest")
            // Versions keep rising across instances, from what is on disk.
            try fresh.setString("again", forKey: "password")
            try old.write(to: file)
            #expect(throws: SecureStoreError.self) { try fresh.string(forKey: "password") }
        }
    }

    /// The version counter in a file's header is only believed once the file authenticates:
    /// a planted `UInt64.max` neither pins later versions nor lets an old copy back in.
    @Test func aPlantedVersionHeaderIsIgnored() throws {
        try withDirectory { directory in
            func version(_ data: Data) -> UInt64 {
                data.subdata(in: 13..<21).reduce(0) { $0 << 8 | UInt64($1) }
            }
            let store = try EncryptedFileStore(directory: directory, keyProvider: key)
            try store.setString("one", forKey: "password")
            let file = try store.fileURL(forKey: "password")
            var planted = try Data(contentsOf: file)
            planted.replaceSubrange(13..<21, with: [UInt8](repeating: 0xFF, count: 8))
            try planted.write(to: file)
            // A fresh instance (no memory of version 1) writes over the planted file.
            let fresh = try EncryptedFileStore(directory: directory, keyProvider: key)
            try fresh.setString("two", forKey: "password")
            let two = try Data(contentsOf: file)
            #expect(version(two) < 1 << 32, "the next version came from the planted header")
            try fresh.setString("three", forKey: "password")
            #expect(version(try Data(contentsOf: file)) == version(two) + 1)
            try two.write(to: file)
            #expect(throws: SecureStoreError.self) { try fresh.string(forKey: "password") }
        }
    }

    @Test func rotationReencryptsEverySecretUnderTheNewKey() throws {
        try withDirectory { directory in
            let store = try EncryptedFileStore(directory: directory, keyProvider: key)
            for index in 0..<5 { try store.setString("secret \(index)", forKey: "k\(index)") }
            let rotated = try store.rotateKey(to: otherKey)
            for index in 0..<5 { #expect(try rotated.string(forKey: "k\(index)") == "secret \(index)") }
            // Only the new key opens them now.
            let newOnly = try EncryptedFileStore(directory: directory, keyProvider: otherKey)
            #expect(try newOnly.string(forKey: "k3") == "secret 3")
            #expect(try newOnly.reencryptAll() == 0, "nothing left under the old key")
            let oldOnly = try EncryptedFileStore(directory: directory, keyProvider: key)
            #expect {
                try oldOnly.string(forKey: "k3")
            } throws: { error in
                guard case .integrityFailure(_, let reason)? = error as? SecureStoreError else {
                    return false
                }
                return reason.contains("unknown key")
            }
        }
    }

    @Test func anInterruptedRotationIsFinishedByReencryptAll() throws {
        try withDirectory { directory in
            let store = try EncryptedFileStore(directory: directory, keyProvider: key)
            try store.setString("one", forKey: "a")
            try store.setString("two", forKey: "b")
            // As if a rotation died after rewriting "a" only.
            let halfway = try EncryptedFileStore(
                directory: directory, keyProvider: otherKey, previousKeyProviders: [key])
            try halfway.setString("one", forKey: "a")
            #expect(try halfway.string(forKey: "b") == "two", "the old key still reads the rest")
            #expect(try halfway.reencryptAll() == 1)
            let newOnly = try EncryptedFileStore(directory: directory, keyProvider: otherKey)
            #expect(try newOnly.string(forKey: "a") == "one")
            #expect(try newOnly.string(forKey: "b") == "two")
        }
    }

    /// A file written by format 1 (before key ids and store binding), with the key 0, 1, … 31.
    static let formatOneFile = "S0VFTAFQHtTbtfBnxt0+NwvJr7Hhr4OjfLGmtiYIcy6meUgBHU+6yRIIklAHLKKveNMIUw=="
    static let formatOneName = "6c65676163792d746f6b656e.secret"

    @Test func filesInTheOldFormatStillReadAndAreUpgradedOnRewrite() throws {
        try withDirectory { directory in
            let file = directory.appendingPathComponent(Self.formatOneName)
            try #require(Data(base64Encoded: Self.formatOneFile)).write(to: file)
            let store = try EncryptedFileStore(directory: directory, keyProvider: key)
            #expect(try store.fileURL(forKey: "legacy-token") == file)
            #expect(try store.string(forKey: "legacy-token") == "written by format 1")
            #expect(try store.reencryptAll() == 1)
            let upgraded = try Data(contentsOf: file)
            #expect(upgraded[4] == 2, "format 2 now")
            #expect(try store.string(forKey: "legacy-token") == "written by format 1")
            // Format 1 under a wrong key still fails closed.
            try #require(Data(base64Encoded: Self.formatOneFile)).write(to: file)
            let wrong = try EncryptedFileStore(directory: directory, keyProvider: otherKey)
            #expect(throws: SecureStoreError.self) { try wrong.string(forKey: "legacy-token") }
        }
    }

    @Test func aWideDirectoryIsTightenedAndAForeignOneRefused() throws {
        try withDirectory { directory in
            let vault = directory.appendingPathComponent("vault")
            try FileManager.default.createDirectory(at: vault, withIntermediateDirectories: true)
            chmod(vault.path, 0o755)
            let store = try EncryptedFileStore(directory: vault, keyProvider: key)
            try store.setString("v", forKey: "k")
            #expect(mode(vault) == 0o700)
            #expect(mode(try store.fileURL(forKey: "k")) == 0o600)
            #expect(mode(vault.appendingPathComponent(".keel-store-id")) == 0o600)
            #expect(mode(vault.appendingPathComponent(".keel-secrets.lock")) == 0o600)
            let link = directory.appendingPathComponent("link")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: vault)
            #expect(throws: SecureStoreError.self) {
                _ = try EncryptedFileStore(directory: link, keyProvider: key)
            }
            if geteuid() == 0 {
                let foreign = directory.appendingPathComponent("foreign")
                try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: true)
                chown(foreign.path, 4242, 4242)
                #expect {
                    _ = try EncryptedFileStore(directory: foreign, keyProvider: key)
                } throws: { error in
                    guard case .ioFailure(_, let reason)? = error as? SecureStoreError else { return false }
                    return reason.contains("owned by user 4242")
                }
            }
        }
    }

    private func mode(_ url: URL) -> Int? {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        return Int(info.st_mode & 0o777)
    }
}
