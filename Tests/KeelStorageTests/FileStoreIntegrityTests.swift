import Foundation
import KeelStorage
import KeelSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes that must survive `reload()`, odd member names and hostile namespace names.
@Suite struct FileStoreIntegrityTests {
    @Test func reloadKeepsChangesStillWaitingToBeWritten() throws {
        // Used to drop them: invalidate() discarded the namespace with its dirty members, so
        // "k" read "old" again and "fresh" was never written.
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try FileStore(directory: directory, coalescing: .seconds(3600))
        try store.set("old", forKey: "k")
        try store.flush()
        try store.set("new", forKey: "k")
        try store.set(42, forKey: "fresh")
        store.reload()
        #expect(try store.value(forKey: "k", as: String.self) == "new")
        try store.flush()
        let reopened = try FileStore(directory: directory)
        #expect(try reopened.value(forKey: "k", as: String.self) == "new")
        #expect(try reopened.value(forKey: "fresh", as: Int.self) == 42)
    }

    @Test func reloadStillSeesOtherWritersBesidePendingChanges() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try FileStore(directory: directory, coalescing: .seconds(3600))
        let other = try FileStore(directory: directory, coalescing: .seconds(3600))
        try store.set("mine", forKey: "a")
        try other.set("theirs", forKey: "b")
        try other.flush()
        store.reload()
        #expect(try store.value(forKey: "a", as: String.self) == "mine")
        #expect(try store.value(forKey: "b", as: String.self) == "theirs")
    }

    @Test func canonicallyEquivalentMemberNamesAreRefusedNotMerged() throws {
        // Used to keep one of "caf\u00e9" / "cafe\u0301" and delete the other on the next write.
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try FileStore(directory: directory, coalescing: .seconds(3600))
        let file = store.fileURL(for: .default)
        let original = Data(#"{"caf\u00e9": 1, "cafe\u0301": 2}"#.utf8)
        try original.write(to: file)
        do {
            _ = try store.keys(in: .default)
            Issue.record("two spellings of one Swift key must make the file corrupt")
        } catch StoreError.corruptFile(let path, let reason) {
            #expect(path == file.path)
            #expect(reason.contains("U+00E9") && reason.contains("U+0065 U+0301"))
        }
        #expect(throws: StoreError.self) { try store.set(3, forKey: "other") }
        try store.flush()
        #expect(try Data(contentsOf: file) == original)
    }

    @Test func anExactlyRepeatedNameStillMeansTheLastOne() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try FileStore(directory: directory)
        try Data(#"{"a": 1, "a": 2}"#.utf8).write(to: store.fileURL(for: .default))
        #expect(try store.value(forKey: "a", as: Int.self) == 2)
    }

    @Test func quarantineRefusesANamespaceThatIsNotAPlainFileName() throws {
        // Used to move <dir>/../victim.json out of its folder to victim.corrupt-<ms>.json.
        let parent = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let directory = parent.appendingPathComponent("store")
        let victim = parent.appendingPathComponent("victim.json")
        try Data("keep".utf8).write(to: victim)
        let store = try FileStore(directory: directory)
        #expect(throws: StoreError.self) {
            try store.quarantineCorruptNamespace(StoreNamespace(rawValue: "../victim"))
        }
        #expect(try Data(contentsOf: victim) == Data("keep".utf8))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted() == [
                "store", "victim.json",
            ])
    }

    @Test func quarantineMovesACorruptFileAndNeverReplacesOne() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try FileStore(directory: directory)
        let file = store.fileURL(for: "n")
        try Data("{".utf8).write(to: file)
        #expect(throws: StoreError.self) { try store.keys(in: "n") }
        let moved = try #require(try store.quarantineCorruptNamespace("n"))
        #expect(try Data(contentsOf: moved) == Data("{".utf8))
        #expect(try store.keys(in: "n") == [])
        #expect(try store.quarantineCorruptNamespace("n") == nil)
    }
}
