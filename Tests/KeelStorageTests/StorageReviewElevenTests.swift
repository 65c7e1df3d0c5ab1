import Foundation
import KeelStorage
import KeelStorageTesting
import KeelSupport
import KeelTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The r11 review of the stores: each test failed before its fix (a migration whose write
/// failed left some namespaces migrated and the version old, so it could never run again; a
/// `set` made while a migration ran was acknowledged and then lost; a migration wrote over
/// another instance's commit; setting the cached value or removing a key thought absent wrote
/// nothing, so the last writer lost; a failed read was remembered for the process's lifetime;
/// a read racing a write of the same instance reported a rollback; a rotation put back the
/// value a secret had before a write made during it; encoding errors printed the value, for a
/// secret the secret; the in-memory secure store merged keys the real ones keep apart).
@Suite(.onOwnThread) struct StorageReviewElevenTests {
    /// Runs `body` on a thread of its own; `done` is signalled when it returns.
    private static func onThread(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.start()
        return done
    }

    // MARK: - 1. A migration is all or nothing

    @Test func aMigrationWhoseWriteFailsChangesNoNamespaceAndRunsAgainLater() throws {
        // Used to write the namespaces one by one in hash order: those written before the
        // oversized one stayed migrated, the version did not, and the fixed migration then
        // failed on every launch ("Expected to decode String but found number").
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try FileStore(directory: directory, coalescing: .seconds(3600))
        let namespaces: [StoreNamespace] = ["a", "c", "e", "g", "i", "k", "p", "r", "t", "v"]
        for namespace in namespaces {
            try store.set("17", for: StoreKey("fontSize", default: "", namespace: namespace))
        }
        try store.set("x", for: StoreKey("k", default: "", namespace: "m"))
        try store.flush()
        var before: [StoreNamespace: Data] = [:]
        for namespace in namespaces + ["m"] {
            before[namespace] = try Data(contentsOf: store.fileURL(for: namespace))
        }
        let steps: [StoreMigration.Step] = namespaces.map { namespace in
            .changeType(of: "fontSize", in: namespace, from: String.self, to: Double.self) { Double($0) ?? 0 }
        }
        let oversized = StoreMigration.Step.custom("big") { context in
            try context.set(String(repeating: "x", count: 65 << 20), forKey: "k", in: "m")
        }
        #expect {
            try store.migrate([StoreMigration(version: 2, steps: steps + [oversized])])
        } throws: { error in
            guard case .writeFailed? = error as? StoreError else { return false }
            return true
        }
        for namespace in namespaces + ["m"] {
            #expect(try Data(contentsOf: store.fileURL(for: namespace)) == before[namespace], "\(namespace)")
        }
        #expect(!FileManager.default.fileExists(atPath: store.fileURL(for: "keel-metadata").path))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty, "no temporary file is left behind")

        let report = try store.migrate([StoreMigration(version: 2, steps: steps)])
        #expect(report.applied == [2])
        let reopened = try FileStore(directory: directory)
        for namespace in namespaces {
            #expect(try reopened.value(for: StoreKey("fontSize", default: 0.0, namespace: namespace)) == 17)
        }
        #expect(try reopened.migrate([StoreMigration(version: 2, steps: steps)]).applied.isEmpty)
    }

    // MARK: - 2. Writes and migrations are serialised

    @Test(arguments: StoreKind.allCases)
    func aSetMadeWhileAMigrationRunsWaitsForItAndIsKept(kind: StoreKind) throws {
        // Used to be accepted into the cache during the migration, then wiped by the
        // migration's result: `<default>` in memory and after a reopen.
        let fixture = try StoreFixture.make(kind)
        defer { fixture.cleanUp() }
        let store = try #require(fixture.store as? EngineBackedStore)
        let entered = DispatchSemaphore(value: 0)
        let writerArrived = DispatchSemaphore(value: 0)
        // Signalled when the set waits for the migration (now), or returns (before the fix).
        store.onWriteWaitingForMigration { writerArrived.signal() }
        let written = StoreKey("written", default: "<default>")
        let migrated = Self.onThread {
            let migration = StoreMigration(
                version: 1,
                steps: [
                    .custom("slow") { context in
                        try context.set(2, forKey: "a")
                        entered.signal()
                        writerArrived.wait()
                    }
                ])
            #expect(throws: Never.self) { try store.migrate([migration]) }
        }
        entered.wait()
        let setDone = Self.onThread {
            #expect(throws: Never.self) { try store.set("hello", for: written) }
            writerArrived.signal()
        }
        migrated.wait()
        setDone.wait()
        try store.flush()
        #expect(try store.value(for: written) == "hello")
        #expect(try store.value(forKey: "a", as: Int.self) == 2)
        let reopened = try fixture.reopen()
        #expect(try reopened.value(for: written) == "hello")
        #expect(try reopened.value(forKey: "a", as: Int.self) == 2)
    }

    @Test func aFileStoreMigrationHoldsTheStoreLockFromSnapshotToVersion() throws {
        // Used to run its steps without the directory lock: another process could commit in
        // between and have the commit overwritten by the migration's result.
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try FileStore(directory: directory)
        let lockPath = directory.appendingPathComponent(".keel-store.lock").path
        let lockedDuringStep = Locked<Bool?>(nil)
        try store.migrate([
            StoreMigration(
                version: 1,
                steps: [
                    .custom("probe") { _ in
                        let fd = open(lockPath, O_RDWR | O_CLOEXEC)
                        defer { close(fd) }
                        let taken = flock(fd, LOCK_EX | LOCK_NB) == 0
                        if taken { flock(fd, LOCK_UN) }
                        lockedDuringStep.withLock { $0 = !taken }
                    }
                ])
        ])
        #expect(lockedDuringStep.withLock { $0 } == true)
    }

    @Test func aMigrationReadsAnotherInstancesCommitNotItsStaleCache() throws {
        // Used to migrate this instance's cache: the rename wrote `y = 1` over the other
        // instance's committed `x = 2`.
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try FileStore(directory: directory, coalescing: .seconds(3600))
        try first.set(1, forKey: "x")
        try first.flush()
        #expect(try first.value(forKey: "x", as: Int.self) == 1)
        let second = try FileStore(directory: directory, coalescing: .seconds(3600))
        try second.set(2, forKey: "x")
        try second.flush()
        try first.migrate([StoreMigration(version: 1, steps: [.rename("x", to: "y")])])
        #expect(try first.value(forKey: "y", as: Int.self) == 2)
        #expect(try FileStore(directory: directory).value(forKey: "y", as: Int.self) == 2)
    }

    @Test func aStepWritingToItsOwnStoreIsRefusedInsteadOfWaitingForever() throws {
        // Used to be accepted and then lost; with writes waiting for the migration it would
        // wait for itself.
        let store = InMemoryStore()
        let refused = Locked<[String]>([])
        try store.migrate([
            StoreMigration(
                version: 1,
                steps: [
                    .custom("writes back") { _ in
                        do {
                            try store.set(1, forKey: "direct")
                        } catch {
                            refused.withLock { $0.append("\(error)") }
                        }
                    }
                ])
        ])
        #expect(refused.withLock { $0.count } == 1)
        #expect(refused.withLock { $0.first?.contains("MigrationContext") } == true)
        #expect(try !store.contains("direct", in: .default))
    }

    // MARK: - 3. The last writer wins

    @Test func settingTheCachedValueStillWritesSoTheLastWriterWins() throws {
        // Used to write nothing when the value equalled this instance's (stale) cache: the
        // file kept the other instance's 2 while this one read 1.
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = try FileStore(directory: directory, coalescing: .seconds(3600))
        let extensionStore = try FileStore(directory: directory, coalescing: .seconds(3600))
        try app.set(1, for: .counter)
        try app.flush()
        try extensionStore.set(2, for: .counter)
        try extensionStore.flush()
        try app.set(1, for: .counter)
        try app.flush()
        #expect(try app.value(for: .counter) == 1)
        #expect(try FileStore(directory: directory).value(for: .counter) == 1)
    }

    @Test func removingAKeyThisInstanceThinksAbsentStillRemovesIt() throws {
        // Used to be a no-op: the key the other instance wrote stayed on disk.
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = try FileStore(directory: directory, coalescing: .seconds(3600))
        #expect(try !app.contains("counter", in: .default))
        let extensionStore = try FileStore(directory: directory, coalescing: .seconds(3600))
        try extensionStore.set(2, for: .counter)
        try extensionStore.flush()
        try app.removeValue(forKey: "counter", in: .default)
        try app.flush()
        #expect(try !FileStore(directory: directory).contains("counter", in: .default))
    }

    @Test func anUnchangedValueStillDoesNotNotifyObservers() async throws {
        let store = InMemoryStore()
        try store.set(1, for: .counter)
        var updates = store.updates(for: .counter).makeAsyncIterator()
        #expect(await updates.next() == 1)
        try store.set(1, for: .counter)
        try store.set(3, for: .counter)
        #expect(await updates.next() == 3)
    }

    // MARK: - 4. Only lasting failures are remembered

    @Test func aFailedReadIsTriedAgainByTheNextAccess() throws {
        // Used to be remembered: the namespace refused every read and write until the
        // process ended, although the file was readable again.
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try FileStore(directory: directory, coalescing: .seconds(3600))
        let file = store.fileURL(for: .default)
        try StoreFileSizeLimitTests.makeSparseFile(file, size: (64 << 20) + 1)
        #expect {
            try store.value(for: .counter)
        } throws: { error in
            guard case .readFailed? = error as? StoreError else { return false }
            return true
        }
        try Data("{\"counter\": 3}".utf8).write(to: file)
        #expect(try store.value(for: .counter) == 3)
        try store.set(4, for: .counter)
        try store.flush()
        #expect(try FileStore(directory: directory).value(for: .counter) == 4)
    }

    @Test func aCorruptFileIsStillRefusedUntilQuarantined() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try FileStore(directory: directory)
        let file = store.fileURL(for: .default)
        try Data("{".utf8).write(to: file)
        #expect(throws: StoreError.self) { try store.value(for: .counter) }
        try Data("{\"counter\": 3}".utf8).write(to: file)
        #expect(throws: StoreError.self) { try store.value(for: .counter) }
        try store.quarantineCorruptNamespace(.default)
        #expect(try store.value(for: .counter) == 0)
    }

    // MARK: - 5, 6. Encrypted files under concurrent writes

    /// A fixed key whose next use runs a hook once (a write made at that moment).
    struct HookedKeyProvider: KeyProvider {
        let bytes: Data
        let hook = Locked<(@Sendable () -> Void)?>(nil)

        func key() throws -> Data {
            let run = hook.withLock { hook in
                defer { hook = nil }
                return hook
            }
            run?()
            return bytes
        }
    }

    @Test func aReadRacingAWriteOfTheSameInstanceIsNoRollback() throws {
        // Used to compare the version read with the floor the racing write had raised
        // meanwhile: "secret 'token' was rolled back: version 1 on disk, 2 already seen".
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let provider = HookedKeyProvider(bytes: Data(repeating: 3, count: 32))
        let store = try EncryptedFileStore(directory: directory, keyProvider: provider)
        try store.setString("v1", forKey: "token")
        #expect(try store.string(forKey: "token") == "v1")
        let file = try store.fileURL(forKey: "token")
        let old = try Data(contentsOf: file)
        // The write lands after the file was read, while it is decrypted.
        provider.hook.withLock { $0 = { try? store.setString("v2", forKey: "token") } }
        #expect(try store.string(forKey: "token") == "v1")
        #expect(try store.string(forKey: "token") == "v2")
        // A real rollback is still caught.
        try old.write(to: file)
        #expect {
            try store.string(forKey: "token")
        } throws: { error in
            guard case .rollbackDetected? = error as? SecureStoreError else { return false }
            return true
        }
    }

    @Test func aRotationRewritesTheValueWrittenDuringItNotTheOneReadBefore() throws {
        // Used to write back the plaintext read first: the token refreshed meanwhile was
        // silently reverted to "token-v1".
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let oldKey = HookedKeyProvider(bytes: Data(repeating: 4, count: 32))
        let old = try EncryptedFileStore(directory: directory, keyProvider: oldKey)
        try old.setString("token-v1", forKey: "token")
        // The old key is used to decrypt the secret during the rotation: the refresh lands then.
        oldKey.hook.withLock { $0 = { try? old.setString("token-v2", forKey: "token") } }
        let rotated = try old.rotateKey(to: StaticKeyProvider(Data(repeating: 5, count: 32)))
        #expect(try rotated.string(forKey: "token") == "token-v2")
        let newOnly = try EncryptedFileStore(
            directory: directory, keyProvider: StaticKeyProvider(Data(repeating: 5, count: 32)))
        #expect(try newOnly.string(forKey: "token") == "token-v2")
    }

    // MARK: - Low notes

    /// A value whose encoding fails with `EncodingError.invalidValue` carrying the value.
    struct Leaky: Codable, Sendable {
        init() {}
        init(from decoder: any Decoder) throws {}
        func encode(to encoder: any Encoder) throws {
            throw EncodingError.invalidValue(
                "hunter2-secret", .init(codingPath: [], debugDescription: "refused by the test"))
        }
    }

    @Test func encodingErrorsNeverPrintTheValue() throws {
        // Used to embed "\(error)", which printed the whole value (for a secret, the secret).
        let secrets = InMemorySecureStore()
        do {
            try secrets.set(Leaky(), forKey: "token")
            Issue.record("expected encodingFailed")
        } catch {
            #expect(!"\(error)".contains("hunter2"))
            #expect("\(error)".contains("refused by the test"))
        }
        let store = InMemoryStore()
        do {
            try store.set(Leaky(), for: StoreKey("leaky", default: Leaky()))
            Issue.record("expected encodingFailed")
        } catch {
            #expect(!"\(error)".contains("hunter2"))
            #expect("\(error)".contains("String"))
        }
    }

    @Test func theInMemorySecureStoreKeysLikeTheRealStores() throws {
        // Used to key by Swift `String` (NFC and NFD spellings were one key) and accept keys
        // the encrypted store refuses.
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let encrypted = try EncryptedFileStore(
            directory: directory, keyProvider: StaticKeyProvider(Data(repeating: 6, count: 32)))
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        let long = String(repeating: "k", count: 101)
        for store in [InMemorySecureStore() as any SecureStore, encrypted] {
            try store.setString("one", forKey: composed)
            try store.setString("two", forKey: decomposed)
            #expect(try store.string(forKey: composed) == "one")
            #expect(try store.string(forKey: decomposed) == "two")
            #expect(try store.allKeys().count == 2)
            try store.removeValue(forKey: decomposed)
            #expect(try store.string(forKey: composed) == "one")
            #expect {
                try store.setString("x", forKey: long)
            } throws: { error in
                guard case .invalidKey? = error as? SecureStoreError else { return false }
                return true
            }
        }
    }
}
