import Foundation
import KeelStorage

extension FuzzFamily {
    /// `FileStore` migration journals: whatever a journal holds, opening the store either
    /// finishes the renames it lists inside the store's folder (and removes it) or fails with a
    /// `StoreError`, moving nothing; nothing outside the folder changes.
    package static let migrationJournal = FuzzFamily(
        name: "storage.journal",
        summary:
            "FileStore migration journals: replayed inside the store's folder or refused with StoreError, nothing outside touched",
        seeds: MigrationJournalFuzzSeeds.journals,
        dictionary: [
            "{", "}", "[", "]", ",", "\"", "renames", "../", "/", ".a.json.", ".tmp", "\\u002e", "\\u002f",
            MigrationJournalFuzzSeeds.staged, "a", "b", "", "null", String(repeating: "[", count: 600),
        ].map { Array($0.utf8) },
        testCases: 150
    ) { input in
        try MigrationJournalFuzzSeeds.check(input)
    }
}

/// Seeds and the check of the `storage.journal` family.
enum MigrationJournalFuzzSeeds {
    /// The staged file every case's folder holds: namespace "a"'s next contents.
    static let staged = ".a.json.0B1E7C1A-0000-4000-8000-000000000000.tmp"
    /// What the staged file holds.
    static let stagedContents = Data("{\"k\":\"migrated\"}".utf8)

    static let journals: [[UInt8]] = [
        "{\"renames\":[[\"a\",\"\(staged)\"]]}",
        "{\"renames\":[[\"a\",\"\(staged)\"],[\"b\",\".b.json.0B1E7C1A-0000-4000-8000-000000000001.tmp\"]]}",
        "{\"renames\":[]}",
    ].map { Array($0.utf8) }

    static func check(_ input: [UInt8]) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keel-fuzz-journal-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let directory = root.appendingPathComponent("store")
        // A file beside the store's folder, where a journal naming `../` would reach.
        let outside = root.appendingPathComponent("a.json")
        let outsideContents = Data("{\"outside\":1}".utf8)
        do {
            let store = try FileStore(directory: directory, coalescing: .seconds(3600))
            try store.set("old", for: StoreKey("k", default: "", namespace: "a"))
            try store.flush()
        }
        try outsideContents.write(to: outside)
        try stagedContents.write(to: directory.appendingPathComponent(staged))
        let journal = directory.appendingPathComponent(".keel-migration.journal")
        try Data(input).write(to: journal)
        let before = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        do {
            let store = try FileStore(directory: directory)
            guard !FileManager.default.fileExists(atPath: journal.path) else {
                throw FuzzViolation("an open that succeeded left the journal")
            }
            // "a" holds its old or its staged contents, never anything else.
            let value = try store.value(for: StoreKey("k", default: "", namespace: "a"))
            guard value == "old" || value == "migrated" else {
                throw FuzzViolation("namespace a reads '\(value)'")
            }
        } catch let error as StoreError {
            guard case .corruptFile(let file, _) = error, file == journal.path else {
                // A rename that failed keeps the journal for the next open; anything else names
                // what failed. Either way nothing may have moved.
                let after = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
                guard FileManager.default.fileExists(atPath: journal.path), after.count <= before.count else {
                    throw FuzzViolation(
                        "a refused journal (\(error)) changed the folder: \(before) → \(after)")
                }
                return
            }
            let after = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            guard after == before, (try? Data(contentsOf: journal)) == Data(input) else {
                throw FuzzViolation("a journal refused as corrupt changed the folder: \(before) → \(after)")
            }
        } catch let violation as FuzzViolation {
            throw violation
        } catch {
            throw FuzzViolation("opening threw \(type(of: error)), not a StoreError: \(error)")
        }
        guard (try? Data(contentsOf: outside)) == outsideContents,
            try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["a.json", "store"]
        else {
            throw FuzzViolation("a journal changed files outside the store's folder")
        }
    }
}
