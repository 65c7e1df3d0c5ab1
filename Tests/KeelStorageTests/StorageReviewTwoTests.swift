import Foundation
import KeelStorage
import KeelSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A second review of the storage fixes: each test failed before its fix (a FileStore wrote a
/// namespace larger than it reads back; clearing `.default` deleted namespaces' earlier-layout
/// entries; a dotted default key written after the upgrade was read as a namespace's; a
/// namespace key starting with a combining mark vanished at flush; two instances moving a
/// namespace's entries over reverted a write; an incomplete rotation left secrets only the
/// discarded key could read; an oversized damaged secret could not be removed; the store
/// registry was written larger than it is read; quarantine dropped accepted changes; a
/// UserDefaults migration ran again at every launch).
@Suite struct StorageReviewTwoTests {
    private func withSuite(_ body: (String) throws -> Void) throws {
        let suite = "keel-review-\(UUID().uuidString)"
        defer { UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite) }
        try body(suite)
    }

    // F1: FileStore writes a namespace file larger than it will read back.
    @Test func aFileStoreNeverWritesANamespaceItCannotReadBack() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try FileStore(directory: directory, coalescing: .seconds(3600))
        let big = String(repeating: "a", count: 33 << 20)
        try store.set("small", forKey: "keep")
        try store.flush()
        try store.set(big, forKey: "a")
        try store.set(big, forKey: "b")
        _ = try? store.flush()  // either refused, or written within the read cap
        let reopened = try FileStore(directory: directory)
        #expect(try reopened.value(forKey: "keep", as: String.self) == "small")
    }

    // F3: emptying .default deletes namespaces' pre-upgrade entries before they are migrated.
    @Test func clearingDefaultKeysKeepsAnUnmigratedNamespace() throws {
        try withSuite { suite in
            let defaults = try #require(UserDefaults(suiteName: suite))
            defaults.set(Data(#""dark""#.utf8), forKey: "settings.theme")  // earlier layout
            defaults.set(Data(#""Ada""#.utf8), forKey: "name")
            defaults.synchronize()
            let store = try UserDefaultsStore(suiteName: suite)
            for name in try store.keys(in: .default) { try store.removeValue(forKey: name, in: .default) }
            try store.flush()
            let reopened = try UserDefaultsStore(suiteName: suite)
            #expect(try reopened.value(for: StoreKey("theme", default: "", namespace: "settings")) == "dark")
        }
    }

    // F4: in a suite with any earlier-layout entry there is no domain marker, so a dotted
    // default key written after the upgrade is read (and later copied) as a namespace's key.
    @Test func aDottedDefaultKeyWrittenAfterTheUpgradeStaysADefaultKey() throws {
        try withSuite { suite in
            let defaults = try #require(UserDefaults(suiteName: suite))
            defaults.set(Data("1".utf8), forKey: "other.count")  // earlier layout, other namespace
            defaults.synchronize()
            let store = try UserDefaultsStore(suiteName: suite)
            try store.set("dark", forKey: "settings.theme")  // a default key, dotted
            try store.flush()
            let reopened = try UserDefaultsStore(suiteName: suite)
            #expect(try reopened.keys(in: "settings") == [])
        }
    }

    // F5 (pre-existing, kept by the new layout): a namespace key starting with a combining
    // mark is written, then lost at flush (Character-based hasPrefix on "...:" + U+0301).
    @Test func aNamespaceKeyStartingWithACombiningMarkSurvivesFlush() throws {
        try withSuite { suite in
            let store = try UserDefaultsStore(suiteName: suite)
            let key = StoreKey("\u{301}x", default: 0, namespace: "n")
            try store.set(7, for: key)
            try store.flush()
            #expect(try store.value(for: key) == 7)
        }
    }

    // F6: two instances migrating one namespace concurrently: the second copies the old value
    // over the first one's newer write (stale persistentDomain snapshot).
    @Test func twoInstancesMigratingANamespaceNeverRevertAWrite() throws {
        try withSuite { suite in
            let defaults = try #require(UserDefaults(suiteName: suite))
            let rounds = 40
            for index in 0..<rounds { defaults.set(Data(#""old""#.utf8), forKey: "ns\(index).k") }
            defaults.synchronize()
            let first = try UserDefaultsStore(suiteName: suite, coalescing: .seconds(3600))
            let second = try UserDefaultsStore(suiteName: suite, coalescing: .seconds(3600))
            for index in 0..<rounds {
                let namespace = StoreNamespace(rawValue: "ns\(index)")
                try first.set("new", for: StoreKey("k", default: "", namespace: namespace))
                try second.set(1, for: StoreKey("other", default: 0, namespace: namespace))
                DispatchQueue.concurrentPerform(iterations: 2) { i in
                    try? (i == 0 ? first : second).flush()
                }
            }
            let reopened = try UserDefaultsStore(suiteName: suite)
            var reverted = 0
            for index in 0..<rounds {
                let namespace = StoreNamespace(rawValue: "ns\(index)")
                if try reopened.value(for: StoreKey("k", default: "", namespace: namespace)) != "new" {
                    reverted += 1
                }
            }
            #expect(reverted == 0)
        }
    }

    // F7: after rotationIncomplete the store the caller still holds cannot read the secrets
    // that were rewritten; the rotated store was never returned.
    @Test func anIncompleteRotationLeavesEverySecretReadableByTheCallersStore() throws {
        let old = StaticKeyProvider(Data(repeating: 0x42, count: 32))
        let new = StaticKeyProvider(Data(repeating: 0x43, count: 32))
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try EncryptedFileStore(directory: directory, keyProvider: old)
        try store.setString("alpha", forKey: "a")
        try store.setString("bravo", forKey: "b")
        let damaged = try store.fileURL(forKey: "b")
        var bytes = try Data(contentsOf: damaged)
        bytes[bytes.count - 1] ^= 1
        try bytes.write(to: damaged)
        #expect(throws: SecureStoreError.self) { _ = try store.rotateKey(to: new) }
        // The caller keeps `store` (and the old key): "a" must still be readable through it.
        #expect(try store.string(forKey: "a") == "alpha")
    }

    // F8: a damaged secret file over the size cap cannot be removed, so rotationIncomplete's
    // advice ("removed on purpose") is impossible through the API.
    @Test func anOversizedDamagedSecretCanBeRemoved() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try EncryptedFileStore(
            directory: directory, keyProvider: StaticKeyProvider(Data(repeating: 1, count: 32)))
        let file = try store.fileURL(forKey: "k")
        try Data(repeating: 0x41, count: 8192).write(to: file)
        try store.removeValue(forKey: "k")
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    // F9: the `.stores` registry is read with a 1 MiB cap but written without one: the write
    // that crosses 1 MiB succeeds, and from then on every new provider fails closed.
    @Test func theStoreRegistryIsNeverWrittenLargerThanItIsRead() throws {
        let root = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let keys = root.appendingPathComponent("keys")
        let keyFile = keys.appendingPathComponent("master.key")
        _ = try KeyFileProvider(url: keyFile).key()
        let registry = keys.appendingPathComponent(".master.key.stores")
        let line = "/nonexistent/" + String(repeating: "d", count: 100) + "\n"
        let filler = String(repeating: line, count: ((1 << 20) - 64) / line.utf8.count)
        try Data(filler.utf8).write(to: registry)
        chmod(registry.path, 0o600)
        let store = root.appendingPathComponent(String(repeating: "s", count: 120))
        _ = try KeyFileProvider(url: keyFile).key(forStoreAt: store)  // succeeds, crosses 1 MiB
        _ = try KeyFileProvider(url: keyFile).key(forStoreAt: store)  // today: ioFailure
    }

    // F10: quarantining drops changes that were accepted but not yet written.
    @Test func quarantineKeepsAcceptedUnwrittenChanges() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try FileStore(directory: directory, coalescing: .seconds(3600))
        try store.set(1, forKey: "a")
        try store.flush()
        try Data("{".utf8).write(to: store.fileURL(for: .default))  // damaged by someone else
        try store.set(2, forKey: "b")
        #expect(throws: StoreError.self) { try store.flush() }
        try store.quarantineCorruptNamespace(.default)
        try store.flush()
        #expect(try FileStore(directory: directory).value(forKey: "b", as: Int.self) == 2)
    }

    // G1 (pre-existing, out of scope): UserDefaultsStore's snapshot lists only `.default`, so
    // the schema version in `keel-metadata` is not seen by a fresh instance and every
    // migration runs again at every launch (changeType then fails: the value is already New).
    @Test func aUserDefaultsMigrationRunsOnce() throws {
        try withSuite { suite in
            let migrations = [
                StoreMigration(
                    version: 1,
                    steps: [
                        .changeType(of: "size", from: String.self, to: Double.self) { Double($0) ?? 0 }
                    ])
            ]
            let store = try UserDefaultsStore(suiteName: suite)
            try store.set("17", forKey: "size")
            try store.flush()
            #expect(try store.migrate(migrations).applied == [1])
            let reopened = try UserDefaultsStore(suiteName: suite)
            #expect(try reopened.migrate(migrations).applied == [])
        }
    }
}
