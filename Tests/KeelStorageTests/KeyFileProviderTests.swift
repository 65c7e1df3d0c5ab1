import Foundation
import KeelStorage
import KeelSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A key file is created once, by exactly one caller, and never silently replaced.
@Suite struct KeyFileProviderTests {
    @Test func concurrentFirstUseFromManyThreadsYieldsOneKey() throws {
        for trial in 0..<20 {
            let directory = makeTemporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let keyFile = directory.appendingPathComponent("keys/store.key")
            let keys = Locked<[Data]>([])
            let failures = Locked<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                do {
                    let key = try KeyFileProvider(url: keyFile).key()
                    keys.withLock { $0.append(key) }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
            #expect(failures.withLock { $0 }.isEmpty, "trial \(trial)")
            let distinct = Set(keys.withLock { $0 })
            #expect(distinct.count == 1, "trial \(trial): \(distinct.count) different keys")
            #expect(try Data(contentsOf: keyFile) == distinct.first)
        }
    }

    @Test func concurrentFirstUseFromManyProcessesYieldsOneKey() async throws {
        for trial in 0..<4 {
            let directory = makeTemporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let keyFile = directory.appendingPathComponent("keys/store.key")
            let barrier = directory.appendingPathComponent("barrier")
            try FileManager.default.createDirectory(at: barrier, withIntermediateDirectories: true)
            let count = 6
            let outputs = try await withThrowingTaskGroup(of: String?.self) { group in
                for index in 0..<count {
                    group.addTask {
                        let result = try await runHelper(["key-race", keyFile.path, barrier.path, "\(index)"])
                        return result.status == 0 ? result.output : nil
                    }
                }
                // Release every helper at once, when all are ready.
                group.addTask {
                    try await waitForFiles(in: barrier, count: count)
                    _ = FileManager.default.createFile(
                        atPath: barrier.appendingPathComponent("go").path, contents: nil)
                    return nil
                }
                var outputs: [String] = []
                for try await output in group { if let output { outputs.append(output) } }
                return outputs
            }
            #expect(outputs.count == count, "trial \(trial): every helper succeeded")
            #expect(Set(outputs).count == 1, "trial \(trial): \(Set(outputs).count) different keys")
        }
    }

    @Test func aDeletedKeyFileIsNotRecreatedWhileSecretsExist() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let keyFile = directory.appendingPathComponent("store.key")
        let vault = directory.appendingPathComponent("vault")
        let store = try EncryptedFileStore(directory: vault, keyProvider: KeyFileProvider(url: keyFile))
        try store.setString("s3cr3t", forKey: "token")
        try FileManager.default.removeItem(at: keyFile)
        let reopened = try EncryptedFileStore(directory: vault, keyProvider: KeyFileProvider(url: keyFile))
        #expect {
            try reopened.setString("other", forKey: "new")
        } throws: { error in
            guard case .keyFileMissing(let path, let secrets)? = error as? SecureStoreError else {
                return false
            }
            return path == keyFile.path && secrets == 1
        }
        #expect(!FileManager.default.fileExists(atPath: keyFile.path), "no new key was made")
        // Secrets in the key file's own folder are guarded too, for a provider used on its own.
        let beside = directory.appendingPathComponent("beside")
        let besideKey = beside.appendingPathComponent("store.key")
        let besideStore = try EncryptedFileStore(
            directory: beside, keyProvider: KeyFileProvider(url: besideKey))
        try besideStore.setString("x", forKey: "k")
        try FileManager.default.removeItem(at: besideKey)
        #expect(throws: SecureStoreError.keyFileMissing(path: besideKey.path, existingSecrets: 1)) {
            try KeyFileProvider(url: besideKey).key()
        }
    }

    /// Two stores in different folders share one key file; the key file is deleted. The empty
    /// store must not make a new key: the other store's secrets depend on the old one.
    @Test func aStoreSharingTheKeyFileCannotReplaceTheKeyWhileAnotherHoldsSecrets() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let keyFile = directory.appendingPathComponent("keys/shared.key")
        let first = try EncryptedFileStore(
            directory: directory.appendingPathComponent("first"), keyProvider: KeyFileProvider(url: keyFile))
        try first.setString("s3cr3t", forKey: "token")
        let second = try EncryptedFileStore(
            directory: directory.appendingPathComponent("second"), keyProvider: KeyFileProvider(url: keyFile))
        #expect(try second.allKeys().isEmpty)
        try FileManager.default.removeItem(at: keyFile)
        // A fresh provider, as in another process or after a relaunch.
        let relaunched = try EncryptedFileStore(
            directory: directory.appendingPathComponent("second"), keyProvider: KeyFileProvider(url: keyFile))
        #expect(throws: SecureStoreError.keyFileMissing(path: keyFile.path, existingSecrets: 1)) {
            try relaunched.setString("other", forKey: "new")
        }
        #expect(!FileManager.default.fileExists(atPath: keyFile.path), "no new key was made")
        // The registry beside the key is private to its owner.
        let registry = keyFile.deletingLastPathComponent().appendingPathComponent(".shared.key.stores")
        let mode = try FileManager.default.attributesOfItem(atPath: registry.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func aKilledCreatorsTemporaryKeyIsRemoved() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let keyFile = directory.appendingPathComponent("store.key")
        let stale = directory.appendingPathComponent(".store.key.\(UUID().uuidString).tmp")
        try Data(repeating: 9, count: 32).write(to: stale)
        let key = try KeyFileProvider(url: keyFile).key()
        #expect(key != Data(repeating: 9, count: 32))
        #expect(!FileManager.default.fileExists(atPath: stale.path))
    }

    @Test func theKeyIsCachedAfterTheFirstLoad() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let keyFile = directory.appendingPathComponent("store.key")
        let provider = KeyFileProvider(url: keyFile)
        let first = try provider.key()
        try Data(repeating: 1, count: 32).write(to: keyFile)
        #expect(try provider.key() == first, "the same provider keeps the key it loaded")
        try FileManager.default.removeItem(at: keyFile)
        #expect(try provider.key() == first)
    }

    @Test func aSymlinkedOrForeignKeyFileIsRefused() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let real = directory.appendingPathComponent("real.key")
        try Data(repeating: 2, count: 32).write(to: real)
        chmod(real.path, 0o600)
        let link = directory.appendingPathComponent("link.key")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        #expect {
            try KeyFileProvider(url: link).key()
        } throws: { error in
            guard case .keyUnavailable(let reason)? = error as? SecureStoreError else { return false }
            return reason.contains("symbolic link")
        }
        #expect(
            throws: SecureStoreError.self,
            "the ownership rule, checked headlessly because tests cannot always chown"
        ) {
            try KeyFileProvider.checkKeyFile(
                path: "/k", mode: 0o600, owner: 501, currentUser: 502, isRegular: true)
        }
        try KeyFileProvider.checkKeyFile(
            path: "/k", mode: 0o600, owner: 501, currentUser: 501, isRegular: true)
        if geteuid() == 0 {
            chown(real.path, 4242, 4242)
            #expect {
                try KeyFileProvider(url: real).key()
            } throws: { error in
                guard case .keyUnavailable(let reason)? = error as? SecureStoreError else { return false }
                return reason.contains("owned by user 4242")
            }
        }
    }

    @Test func anOversizedRegistryIsRefusedNotRewritten() throws {
        // Used to be read as empty and rewritten with only the asking store's folder, which
        // forgot every other store holding secrets under this key.
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let keyFile = directory.appendingPathComponent("keys/shared.key")
        let first = try EncryptedFileStore(
            directory: directory.appendingPathComponent("first"), keyProvider: KeyFileProvider(url: keyFile))
        try first.setString("s3cr3t", forKey: "token")
        let registry = keyFile.deletingLastPathComponent().appendingPathComponent(".shared.key.stores")
        var contents = try Data(contentsOf: registry)
        contents.append(Data(repeating: UInt8(ascii: "\n"), count: 1 << 20))
        try contents.write(to: registry)
        #expect(
            throws: SecureStoreError.ioFailure(
                path: registry.path,
                reason: "the registry of stores using this key is larger than 1048576 bytes")
        ) {
            _ = try KeyFileProvider(url: keyFile).key(forStoreAt: directory.appendingPathComponent("second"))
        }
        #expect(try Data(contentsOf: registry) == contents)
    }

    @Test func aStoreFolderWithALineBreakIsRefused() throws {
        // Used to hand out the key without recording the folder, so its secrets lost the
        // protection against a recreated key.
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let provider = KeyFileProvider(url: directory.appendingPathComponent("store.key"))
        #expect(throws: SecureStoreError.self) {
            _ = try provider.key(forStoreAt: directory.appendingPathComponent("a\nb"))
        }
    }

    @Test func aFolderEndingInCarriageReturnDoesNotSwallowTheNextEntry() throws {
        // Used to split on Character "\n": "first\r" + "\n" is one Character, so the next folder
        // was merged into it and its secrets were not counted before a new key was made.
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let keyFile = directory.appendingPathComponent("keys/shared.key")
        _ = try KeyFileProvider(url: keyFile).key(forStoreAt: directory.appendingPathComponent("first\r"))
        let second = try EncryptedFileStore(
            directory: directory.appendingPathComponent("second"), keyProvider: KeyFileProvider(url: keyFile))
        try second.setString("s3cr3t", forKey: "token")
        try FileManager.default.removeItem(at: keyFile)
        #expect(throws: SecureStoreError.keyFileMissing(path: keyFile.path, existingSecrets: 1)) {
            _ = try KeyFileProvider(url: keyFile).key(forStoreAt: directory.appendingPathComponent("third"))
        }
    }
}

/// Waits (polling every millisecond, at most 20 s) until `directory` holds `count` files.
func waitForFiles(in directory: URL, count: Int) async throws {
    for _ in 0..<20_000 {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        if names.count >= count { return }
        try await Task.sleep(for: .milliseconds(1))
    }
    throw CocoaError(.fileReadUnknown)
}
