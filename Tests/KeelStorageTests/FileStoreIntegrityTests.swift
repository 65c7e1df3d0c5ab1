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
}
