import Foundation
import KeelStorage
import KeelSupport
import Testing

/// What a killed writer leaves behind is cleaned up, and no namespace can hide itself.
@Suite struct StoreHygieneTests {
    @Test func temporaryFilesOfAKilledWriterAreRemovedOnOpen() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try FileStore(directory: directory)
        try first.set(1, for: .counter)
        try first.flush()
        // What `kill -9` between writing the temporary file and `rename` leaves.
        let stale = [
            ".default.json.\(UUID().uuidString).tmp", ".settings.json.\(UUID().uuidString).tmp",
        ].map { directory.appendingPathComponent($0) }
        for file in stale { try Data("{\"counter\": 2".utf8).write(to: file) }
        let unrelated = directory.appendingPathComponent("notes.txt")
        try Data("keep".utf8).write(to: unrelated)

        let reopened = try FileStore(directory: directory)
        for file in stale {
            #expect(!FileManager.default.fileExists(atPath: file.path), "\(file.lastPathComponent)")
        }
        #expect(FileManager.default.fileExists(atPath: unrelated.path), "only our temporaries are removed")
        #expect(try reopened.value(for: .counter) == 1)
    }

    @Test func temporaryFilesOfAKilledSecretWriterAreRemovedOnOpen() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = StaticKeyProvider(Data(repeating: 4, count: 32))
        let store = try EncryptedFileStore(directory: directory, keyProvider: key)
        try store.setString("v", forKey: "k")
        let name = try store.fileURL(forKey: "k").lastPathComponent
        let stale = directory.appendingPathComponent(".\(name).\(UUID().uuidString).tmp")
        try Data("partial".utf8).write(to: stale)
        let reopened = try EncryptedFileStore(directory: directory, keyProvider: key)
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(try reopened.string(forKey: "k") == "v")
    }

    @Test func aKilledWriterLosesNothingAndLeavesNothing() async throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // The helper writes and flushes in a loop; it is killed at an arbitrary point.
        let result = try await runHelper(["store-write-then-die", directory.path, "40"])
        #expect(result.status != 0, "the helper killed itself")
        let store = try FileStore(directory: directory)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(!names.contains { $0.hasSuffix(".tmp") }, "\(names)")
        let keys = try store.keys(in: .default)
        #expect(keys.count >= 40, "every flushed write survived")
    }

    @Test func namespaceNamesThatLookQuarantinedAreRejected() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try FileStore(directory: directory)
        let hidden = StoreKey("k", default: 0, namespace: "settings.corrupt-1700000000")
        #expect {
            try store.set(1, for: hidden)
        } throws: { error in
            guard case .invalidName(let name, let reason)? = error as? StoreError else { return false }
            return name == "settings.corrupt-1700000000" && reason.contains(".corrupt-")
        }
        #expect(throws: StoreError.self) { try store.value(for: hidden) }
        // A plain name with "corrupt" in it is fine and visible.
        try store.set(1, for: StoreKey("k", default: 0, namespace: "corrupted-images"))
        try store.flush()
        #expect(
            !FileManager.default.fileExists(
                atPath: directory.appendingPathComponent("settings.corrupt-1700000000.json").path))
    }
}
