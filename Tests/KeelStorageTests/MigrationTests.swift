import Foundation
import KeelStorage
import Testing

@Suite struct MigrationTests {
    let migrations = [
        StoreMigration(version: 2, steps: [.rename("onboarded", to: "hasShownGuide")]),
        StoreMigration(
            version: 3,
            steps: [
                .changeType(of: "fontSize", from: String.self, to: Double.self) { Double($0) ?? 17 }
            ]),
    ]

    func seededStore(_ directory: URL) throws -> FileStore {
        let store = try FileStore(directory: directory)
        try store.set(true, forKey: "onboarded")
        try store.set("15.5", forKey: "fontSize")
        try store.set("kept", forKey: "other")
        try store.flush()
        return store
    }

    @Test func v1ToV3AppliesOnceAndAgainIsANoOp() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try seededStore(directory)
        let report = try store.migrate(migrations)
        #expect(report == MigrationReport(fromVersion: 0, toVersion: 3, applied: [2, 3]))
        #expect(try store.value(for: .hasShownGuide))
        #expect(try store.value(forKey: "fontSize", as: Double.self) == 15.5)
        #expect(try !store.contains("onboarded", in: .default))
        #expect(try store.value(forKey: "other", as: String.self) == "kept")

        let file = store.fileURL(for: .default)
        let after = try Data(contentsOf: file)
        let fresh = try FileStore(directory: directory)
        #expect(try fresh.migrate(migrations).applied.isEmpty)
        #expect(try Data(contentsOf: file) == after)
        #expect(try fresh.value(forKey: "fontSize", as: Double.self) == 15.5)
    }

    @Test func aFailingStepLeavesFilesByteForByteAndNamesTheStep() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try seededStore(directory)
        let file = store.fileURL(for: .default)
        let before = try Data(contentsOf: file)
        struct Broken: Error {}
        let failing =
            migrations + [
                StoreMigration(
                    version: 4,
                    steps: [
                        .rename("other", to: "renamed"),
                        .custom("explode") { _ in throw Broken() },
                    ])
            ]
        #expect {
            try store.migrate(failing)
        } throws: { error in
            guard case .migrationFailed(let version, let step, _)? = error as? StoreError else {
                return false
            }
            return version == 4 && step == "explode"
        }
        #expect(try Data(contentsOf: file) == before)
        #expect(
            !FileManager.default.fileExists(
                atPath: directory.appendingPathComponent("keel-metadata.json").path))
        #expect(try store.value(forKey: "onboarded", as: Bool.self) == true)
    }

    @Test func aTypeChangeOnAValueThatDoesNotDecodeFailsCleanly() throws {
        let store = InMemoryStore()
        try store.set(["not": "a string"], forKey: "fontSize")
        #expect(throws: StoreError.self) { try store.migrate(migrations) }
        #expect(try store.value(forKey: "fontSize", as: [String: String].self) == ["not": "a string"])
    }

    @Test func duplicateVersionsAreRejected() {
        let store = InMemoryStore()
        #expect(throws: StoreError.self) {
            try store.migrate([StoreMigration(version: 2, steps: []), StoreMigration(version: 2, steps: [])])
        }
    }
}

/// The README's KeelStorage example, compiled and run.
@Suite struct StorageReadmeExampleTests {
    @Test func tour() async throws {
        let root = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let settingsDirectory = root.appendingPathComponent("settings")
        let secretsDirectory = root.appendingPathComponent("secrets")
        let keyFileURL = root.appendingPathComponent("keys/store.key")

        let store = try FileStore(directory: settingsDirectory)
        try store.set(true, for: .hasShownGuide)
        let shown = try store.value(for: .hasShownGuide)
        try store.set(["a", "b"], forKey: "recentSearches")
        for await value in store.updates(for: .hasShownGuide) {
            #expect(value)
            break
        }
        try store.migrate([
            StoreMigration(version: 2, steps: [.rename("onboarded", to: "hasShownGuide")]),
            StoreMigration(
                version: 3,
                steps: [
                    .changeType(of: "fontSize", from: String.self, to: Double.self) { Double($0) ?? 17 }
                ]),
        ])
        let secrets = try EncryptedFileStore(
            directory: secretsDirectory,
            keyProvider: KeyFileProvider(url: keyFileURL)
        )
        try secrets.setString("s3cr3t", forKey: "token")
        let token = try secrets.string(forKey: "token")
        #expect(shown)
        #expect(token == "s3cr3t")
    }
}
