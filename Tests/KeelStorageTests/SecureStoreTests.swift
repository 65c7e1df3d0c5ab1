import Foundation
import KeelStorage
import KeelStorageTesting
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

enum SecureKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case memory, encryptedFile
    var description: String { rawValue }
}

struct SecureFixture: Sendable {
    let store: any SecureStore
    let cleanUp: @Sendable () -> Void

    static func make(_ kind: SecureKind) throws -> SecureFixture {
        switch kind {
        case .memory:
            return SecureFixture(store: InMemorySecureStore(), cleanUp: {})
        case .encryptedFile:
            let directory = makeTemporaryDirectory()
            let store = try EncryptedFileStore(
                directory: directory.appendingPathComponent("secrets"),
                keyProvider: StaticKeyProvider(Data(repeating: 7, count: 32)))
            return SecureFixture(
                store: store, cleanUp: { try? FileManager.default.removeItem(at: directory) })
        }
    }
}

/// The contract every `SecureStore` on this platform meets.
@Suite struct SecureStoreContractTests {
    @Test(arguments: SecureKind.allCases)
    func roundTripsDataStringsAndCodable(kind: SecureKind) throws {
        let fixture = try SecureFixture.make(kind)
        defer { fixture.cleanUp() }
        let store = fixture.store
        try store.setData(Data([0, 1, 2]), forKey: "raw")
        try store.setString("s3cr3t", forKey: "token")
        try store.set(Profile.sample, forKey: "profile")
        #expect(try store.data(forKey: "raw") == Data([0, 1, 2]))
        #expect(try store.string(forKey: "token") == "s3cr3t")
        #expect(try store.value(forKey: "profile", as: Profile.self) == .sample)
        #expect(try store.allKeys() == ["profile", "raw", "token"])
        try store.setString("rotated", forKey: "token")
        #expect(try store.string(forKey: "token") == "rotated")
        try store.removeValue(forKey: "token")
        try store.removeValue(forKey: "token")
        #expect(try !store.contains("token"))
    }

    @Test(arguments: SecureKind.allCases)
    func missingIsNotFound(kind: SecureKind) throws {
        let fixture = try SecureFixture.make(kind)
        defer { fixture.cleanUp() }
        #expect(throws: SecureStoreError.notFound(key: "absent")) { try fixture.store.data(forKey: "absent") }
    }

    @Test(arguments: SecureKind.allCases)
    func secretsOverFourKilobytesAreTooLarge(kind: SecureKind) throws {
        let fixture = try SecureFixture.make(kind)
        defer { fixture.cleanUp() }
        try fixture.store.setData(Data(count: 4096), forKey: "limit")
        #expect(throws: SecureStoreError.itemTooLarge(key: "big", size: 4097, limit: 4096)) {
            try fixture.store.setData(Data(count: 4097), forKey: "big")
        }
        #expect(try !fixture.store.contains("big"))
    }

    @Test(arguments: SecureKind.allCases)
    func wrongTypeIsADecodingError(kind: SecureKind) throws {
        let fixture = try SecureFixture.make(kind)
        defer { fixture.cleanUp() }
        try fixture.store.setString("plain", forKey: "k")
        #expect(throws: SecureStoreError.self) { try fixture.store.value(forKey: "k", as: Profile.self) }
    }
}

@Suite struct EncryptedFileStoreTests {
    let key = StaticKeyProvider(Data((0..<32).map { UInt8($0) }))

    func makeStore() throws -> (EncryptedFileStore, URL) {
        let directory = makeTemporaryDirectory().appendingPathComponent("vault")
        return (try EncryptedFileStore(directory: directory, keyProvider: key), directory)
    }

    @Test func noPlaintextOnDiskAndOwnerOnlyModes() throws {
        let (store, directory) = try makeStore()
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let secret = "correct horse battery staple"
        try store.setString(secret, forKey: "password")
        try store.setString(secret, forKey: "again")
        let file = try store.fileURL(forKey: "password")
        let bytes = try Data(contentsOf: file)
        #expect(bytes.range(of: Data(secret.utf8)) == nil)
        #expect(bytes.range(of: Data("password".utf8)) == nil)
        #expect(bytes != (try Data(contentsOf: store.fileURL(forKey: "again"))), "fresh nonce per write")
        #expect(mode(directory) == 0o700)
        #expect(mode(file) == 0o600)
    }

    @Test func anyFlippedByteFailsClosed() throws {
        let (store, directory) = try makeStore()
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        try store.setString("value", forKey: "k")
        let file = try store.fileURL(forKey: "k")
        let original = try Data(contentsOf: file)
        for index in [0, 6, 17, original.count / 2, original.count - 1] {
            var tampered = original
            tampered[index] ^= 0x01
            try tampered.write(to: file)
            #expect {
                try store.data(forKey: "k")
            } throws: { error in
                guard case .integrityFailure(let key, _)? = error as? SecureStoreError else { return false }
                return key == "k"
            }
        }
        try original.prefix(10).write(to: file)
        #expect(throws: SecureStoreError.self) { try store.data(forKey: "k") }
        try original.write(to: file)
        #expect(try store.string(forKey: "k") == "value")
    }

    @Test func aWrongKeyOrASwappedFileFails() throws {
        let (store, directory) = try makeStore()
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        try store.setString("alpha", forKey: "a")
        try store.setString("beta", forKey: "b")
        let other = try EncryptedFileStore(
            directory: directory, keyProvider: StaticKeyProvider(Data(repeating: 9, count: 32)))
        #expect(throws: SecureStoreError.self) { try other.data(forKey: "a") }
        // Copying b's file over a's is detected: the key name is authenticated.
        try FileManager.default.removeItem(at: store.fileURL(forKey: "a"))
        try FileManager.default.copyItem(at: store.fileURL(forKey: "b"), to: store.fileURL(forKey: "a"))
        #expect(throws: SecureStoreError.self) { try store.data(forKey: "a") }
    }

    @Test func keyProviders() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let keyFile = directory.appendingPathComponent("keys/store.key")
        let created = try KeyFileProvider(url: keyFile).key()
        #expect(created.count == 32)
        #expect(mode(keyFile) == 0o600)
        #expect(try KeyFileProvider(url: keyFile).key() == created)
        chmod(keyFile.path, 0o644)
        #expect(throws: SecureStoreError.self) { try KeyFileProvider(url: keyFile).key() }
        #expect(throws: SecureStoreError.self) {
            try KeyFileProvider(url: directory.appendingPathComponent("none"), createIfMissing: false).key()
        }

        let hex = String(repeating: "ab", count: 32)
        #expect(
            try EnvironmentKeyProvider(variable: "K", environment: ["K": hex]).key()
                == Data(repeating: 0xAB, count: 32))
        let base64 = Data(repeating: 1, count: 32).base64EncodedString()
        #expect(
            try EnvironmentKeyProvider(variable: "K", environment: ["K": base64]).key()
                == Data(repeating: 1, count: 32))
        #expect(throws: SecureStoreError.self) {
            try EnvironmentKeyProvider(variable: "K", environment: [:]).key()
        }
        #expect(throws: SecureStoreError.self) {
            try EnvironmentKeyProvider(variable: "K", environment: ["K": "short"]).key()
        }
        #expect(throws: SecureStoreError.self) { try StaticKeyProvider(Data(count: 16)).key() }
    }

    @Test func invalidKeysAreRejected() throws {
        let (store, directory) = try makeStore()
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        #expect(throws: SecureStoreError.self) { try store.setString("x", forKey: "") }
        #expect(throws: SecureStoreError.self) {
            try store.setString("x", forKey: String(repeating: "k", count: 101))
        }
        try store.setString("x", forKey: "../../etc/passwd")
        #expect(try store.allKeys() == ["../../etc/passwd"])
    }

    private func mode(_ url: URL) -> Int? {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        return Int(info.st_mode & 0o777)
    }
}

@Suite struct SecureStoreErrorTests {
    @Test(arguments: [
        (Int32(-25300), SecureStoreError.notFound(key: "k")),
        (-25308, .interactionNotAllowed(key: "k")),
        (-34018, .missingEntitlement(key: "k")),
        (-25299, .osStatus(key: "k", status: -25299)),
    ])
    func keychainStatusesMapToTypedErrors(status: Int32, expected: SecureStoreError) {
        #expect(SecureStoreError(osStatus: status, key: "k") == expected)
    }

    @Test func faultInjectionLetsAppsTestErrorPaths() throws {
        let store = InMemorySecureStore()
        try store.setString("t", forKey: "token")
        store.failNextCall(with: .interactionNotAllowed(key: "token"))
        store.failNextCall(with: .missingEntitlement(key: "token"))
        #expect(throws: SecureStoreError.interactionNotAllowed(key: "token")) {
            try store.string(forKey: "token")
        }
        #expect(throws: SecureStoreError.missingEntitlement(key: "token")) {
            try store.setString("u", forKey: "token")
        }
        #expect(try store.string(forKey: "token") == "t")
    }
}
