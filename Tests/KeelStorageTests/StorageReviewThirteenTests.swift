import Foundation
import KeelStorage
import KeelSupport
import KeelTestSupport
import Testing

/// Leftovers of the storage reviews, each test failing before its fix: a `FileStore` migration
/// whose process was killed between two of its final renames stayed half-migrated for good
/// (some namespaces migrated, the rest and the version not); a `UserDefaultsStore` migration
/// whose synchronisation failed after its first namespace kept that namespace migrated.
@Suite(.onOwnThread) struct StorageReviewThirteenTests {
    /// What the rename hook throws: the process "dies" there (nothing is cleaned up).
    struct SimulatedCrash: Error {}

    static let namespaces: [StoreNamespace] = ["a", "b", "c"]
    static let fontSize = "fontSize"

    static func steps() -> [StoreMigration.Step] {
        namespaces.map { namespace in
            .changeType(of: fontSize, in: namespace, from: String.self, to: Double.self) { Double($0) ?? 0 }
        }
    }

    /// Every file name in `directory`.
    static func names(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    // MARK: - FileStore: a migration killed between its renames

    /// Writes `fontSize` "17" in every namespace, then runs the version-2 migration in a store
    /// whose process "dies" before rename `index` (nothing after it runs, nothing is cleaned).
    static func migrateAndDie(in directory: URL, beforeRename index: Int) throws {
        let store = try FileStore(directory: directory, coalescing: .seconds(3600))
        for namespace in namespaces {
            try store.set("17", for: StoreKey(fontSize, default: "", namespace: namespace))
        }
        try store.flush()
        store.onMigrationRename { renaming in
            if renaming == index { throw SimulatedCrash() }
        }
        #expect(throws: SimulatedCrash.self) {
            try store.migrate([StoreMigration(version: 2, steps: steps())])
        }
    }

    @Test func aMigrationKilledBetweenItsRenamesIsCompletedByTheNextOpen() throws {
        // Used to leave "a" and "b" migrated and "c" and the version not: the next open
        // deleted the remaining temporary files, and the migration then failed on every launch
        // (`fontSize` in "a" was already a number).
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // The renames are "a", "b", "c", then the version: the process dies before "c".
        try Self.migrateAndDie(in: directory, beforeRename: 2)
        // As the killed process left it: half renamed, the journal and two temporaries there.
        let c = try Data(contentsOf: directory.appendingPathComponent("c.json"))
        #expect(String(decoding: c, as: UTF8.self).contains("\"17\""))
        #expect(try Self.names(in: directory).contains(".keel-migration.journal"))
        #expect(try Self.names(in: directory).filter { $0.hasSuffix(".tmp") }.count == 2)

        let reopened = try FileStore(directory: directory)
        for namespace in Self.namespaces {
            #expect(
                try reopened.value(for: StoreKey(Self.fontSize, default: 0.0, namespace: namespace)) == 17,
                "\(namespace)")
        }
        #expect(try reopened.migrate([StoreMigration(version: 2, steps: Self.steps())]).applied.isEmpty)
        let left = try Self.names(in: directory)
        #expect(!left.contains(".keel-migration.journal"))
        #expect(left.allSatisfy { !$0.hasSuffix(".tmp") }, "\(left)")
    }

    @Test func aMigrationKilledBeforeItsFirstRenameIsCompletedToo() throws {
        // The journal is written before the first rename: every namespace is renamed by the
        // next open, the version last.
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.migrateAndDie(in: directory, beforeRename: 0)
        let reopened = try FileStore(directory: directory)
        #expect(try reopened.value(for: StoreKey(Self.fontSize, default: 0.0, namespace: "a")) == 17)
        #expect(try reopened.migrate([StoreMigration(version: 2, steps: Self.steps())]).applied.isEmpty)
    }

    @Test func aStoreOpenBeforeTheCrashFinishesTheMigrationBeforeItCommits() throws {
        // Only opening replayed the journal: a store another process had open committed to the
        // namespace the dead migration had not renamed yet, and the next open renamed the
        // migration's older file over that commit.
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let other = try FileStore(directory: directory, coalescing: .seconds(3600))
        try Self.migrateAndDie(in: directory, beforeRename: 2)
        let note = StoreKey("note", default: "", namespace: "c")
        try other.set("kept", for: note)
        try other.flush()
        #expect(!(try Self.names(in: directory).contains(".keel-migration.journal")))
        let reopened = try FileStore(directory: directory)
        #expect(try reopened.value(for: note) == "kept")
        for namespace in Self.namespaces {
            #expect(
                try reopened.value(for: StoreKey(Self.fontSize, default: 0.0, namespace: namespace)) == 17,
                "\(namespace)")
        }
        #expect(try reopened.migrate([StoreMigration(version: 2, steps: Self.steps())]).applied.isEmpty)
    }

    @Test func aStoreOpenBeforeTheCrashReadsTheMigratedValues() throws {
        // A store opened before another process's migration died between its renames read the
        // namespaces it had not loaded yet from the half-renamed files: "c" still held the
        // string, though "a" and "b" held numbers.
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let other = try FileStore(directory: directory, coalescing: .seconds(3600))
        try Self.migrateAndDie(in: directory, beforeRename: 2)
        for namespace in Self.namespaces {
            #expect(
                try other.value(for: StoreKey(Self.fontSize, default: 0.0, namespace: namespace)) == 17,
                "\(namespace)")
        }
        #expect(!(try Self.names(in: directory).contains(".keel-migration.journal")))
    }

    @Test func aJournalTheStoreDidNotWriteIsRefusedAndNothingIsTouched() throws {
        // A journal naming a file outside the store (or anything else it never writes) must not
        // drive renames: opening reports it, naming the file, and moves nothing.
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let journal = directory.appendingPathComponent(".keel-migration.journal")
        let victim = directory.appendingPathComponent(".a.json.0B1E7C1A-0000-4000-8000-000000000000.tmp")
        try Data("{\"k\":1}".utf8).write(to: victim)
        for text in [
            "{\"renames\":[[\"../a\",\".a.json.0B1E7C1A-0000-4000-8000-000000000000.tmp\"]]}",
            "{\"renames\":[[\"a\",\"../../etc/passwd\"]]}",
            "not json",
        ] {
            try Data(text.utf8).write(to: journal)
            #expect {
                _ = try FileStore(directory: directory)
            } throws: { error in
                guard case .corruptFile(let file, _)? = error as? StoreError else { return false }
                return file == journal.path
            }
            #expect(FileManager.default.fileExists(atPath: victim.path))
            #expect(FileManager.default.fileExists(atPath: journal.path))
        }
    }

    // MARK: - UserDefaultsStore: a migration is all or nothing

    /// `UserDefaults` whose next `synchronize()` fails once an entry ending in `:poison` is set.
    final class RefusingDefaults: UserDefaults {
        let poisoned = Locked(false)

        override func set(_ value: Any?, forKey defaultName: String) {
            if defaultName.hasSuffix(":poison") { poisoned.set(true) }
            super.set(value, forKey: defaultName)
        }

        override func synchronize() -> Bool {
            if poisoned.current {
                poisoned.set(false)
                return false
            }
            return super.synchronize()
        }
    }

    @Test func aUserDefaultsMigrationWhoseSynchronisationFailsChangesNoNamespace() throws {
        // Used to commit and synchronise each namespace in turn: "a" stayed migrated (a number)
        // when "z" failed, the version stayed 0, and the migration then failed on every launch.
        let suite = "keel-tests-\(UUID().uuidString)"
        defer { UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite) }
        let defaults = try #require(RefusingDefaults(suiteName: suite))
        func open() -> UserDefaultsStore {
            UserDefaultsStore(
                defaults: defaults, domain: suite, coalescing: .seconds(3600), clock: ContinuousClock())
        }
        let store = open()
        let namespaces: [StoreNamespace] = ["a", "z"]
        for namespace in namespaces {
            try store.set("17", for: StoreKey(Self.fontSize, default: "", namespace: namespace))
        }
        try store.flush()
        let steps: [StoreMigration.Step] = namespaces.map { namespace in
            .changeType(of: Self.fontSize, in: namespace, from: String.self, to: Double.self) {
                Double($0) ?? 0
            }
        }
        let poison = StoreMigration.Step.custom("poison") { context in
            try context.set(1, forKey: "poison", in: "z")
        }
        #expect {
            try store.migrate([StoreMigration(version: 2, steps: steps + [poison])])
        } throws: { error in
            guard case .writeFailed(_, let reason)? = error as? StoreError else { return false }
            return reason.contains("undone")
        }
        let reread = open()
        for namespace in namespaces {
            #expect(
                try reread.value(for: StoreKey(Self.fontSize, default: "", namespace: namespace)) == "17",
                "\(namespace)")
        }
        #expect(try reread.value(for: StoreKey("poison", default: 0, namespace: "z")) == 0)
        #expect(try reread.migrate([StoreMigration(version: 2, steps: steps)]).applied == [2])
        for namespace in namespaces {
            #expect(try reread.value(for: StoreKey(Self.fontSize, default: 0.0, namespace: namespace)) == 17)
        }
    }
}
