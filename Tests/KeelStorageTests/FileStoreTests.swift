import Foundation
import KeelStorage
import KeelSupport
import KeelTesting
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct FileStoreTests {
    @Test func aFreshProcessReadsWhatWasFlushed() async throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try FileStore(directory: directory, coalescing: .seconds(3600))
        try store.set(Profile.sample, for: .profile)
        try store.flush()
        let result = try await runHelper(["store-read-profile", directory.path, "profile"])
        #expect(result.status == 0)
        #expect(result.output == (try helperJSON(.sample)))
    }

    @Test func coalescedWritesLandWithoutAnExplicitFlush() async throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let clock = TestClock()
        let store = try FileStore(directory: directory, coalescing: .milliseconds(50), clock: clock)
        for value in 0..<100 { try store.set(value, for: .counter) }
        #expect(!FileManager.default.fileExists(atPath: store.fileURL(for: .default).path))
        #expect(await clock.waitForSleepers(1))
        #expect(clock.sleeperCount == 1, "one coalesced write for 100 sets")
        await clock.advance(by: .milliseconds(50))
        // The woken flush writes, syncs and renames on another thread: polled every
        // millisecond, for up to 30 s of wall time on a loaded machine (milliseconds when idle).
        var text = ""
        let deadline = ContinuousClock.now.advanced(by: .seconds(30))
        while !text.contains("\"counter\": 99"), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(1))
            text = (try? String(contentsOf: store.fileURL(for: .default), encoding: .utf8)) ?? ""
        }
        #expect(text.contains("\"counter\": 99"), "\(text)")
    }

    @Test func twoProcessesWritingDifferentKeysLoseNothing() async throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        async let first = Task.detached { try await runHelper(["store-write", directory.path, "a", "150"]) }
            .value
        async let second = Task.detached { try await runHelper(["store-write", directory.path, "b", "150"]) }
            .value
        let results = try await [first, second]
        #expect(results.allSatisfy { $0.status == 0 })
        let store = try FileStore(directory: directory)
        let keys = try store.keys(in: .default)
        #expect(keys.count == 300)
        #expect(try store.value(forKey: "a-149", as: Int.self) == 149)
        #expect(try store.value(forKey: "b-0", as: Int.self) == 0)
    }

    @Test func filesAreOwnerOnly() throws {
        let parent = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let directory = parent.appendingPathComponent("store")
        let store = try FileStore(directory: directory)
        try store.set(1, for: .counter)
        try store.flush()
        #expect(permissions(directory) == 0o700)
        #expect(permissions(store.fileURL(for: .default)) == 0o600)
        #expect(permissions(directory.appendingPathComponent(".keel-store.lock")) == 0o600)
        // A namespace file someone made world-readable is replaced by an owner-only one.
        let loose = store.fileURL(for: "loose")
        try Data("{\"a\": 1}".utf8).write(to: loose)
        chmod(loose.path, 0o644)
        try store.set(2, for: StoreKey("b", default: 0, namespace: "loose"))
        try store.flush()
        #expect(permissions(loose) == 0o600)
        #expect(
            try FileStore(directory: directory).value(for: StoreKey("a", default: 0, namespace: "loose")) == 1
        )
    }

    @Test(arguments: [
        ("{\"counter\": 1", "unexpected end of input"),
        ("{\"counter\": 1,}", "expected a member name"),
        ("[1, 2]", "expected a JSON object"),
        ("", "unexpected end of input"),
        ("{\"a\": tru}", "invalid literal"),
        ("{\"a\": 1} trailing", "unexpected content"),
        // The shared parser's RFC 8259 rules, which the old scanner let through.
        ("{\"counter\": 01}", "leading zeros"),
        ("{\"counter\": 1, \"b\": [1, {\"c\": -}]}", "at /b/1/c"),
        ("{\"counter\": \"\u{1}\"}", "control character"),
    ])
    func corruptFileIsATypedErrorAndIsNeverReplaced(contents: String, reason: String) throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("default.json")
        try Data(contents.utf8).write(to: file)
        let store = try FileStore(directory: directory)
        #expect {
            try store.value(for: .counter)
        } throws: { error in
            guard case .corruptFile(let path, let message)? = error as? StoreError else { return false }
            return path == file.path && message.contains(reason) && message.contains("line 1")
        }
        #expect(throws: StoreError.self) { try store.set(5, for: .counter) }
        try store.flush()
        #expect(
            try String(contentsOf: file, encoding: .utf8) == contents, "the corrupt file is left as it was")

        let moved = try #require(try store.quarantineCorruptNamespace(.default))
        #expect(try String(contentsOf: moved, encoding: .utf8) == contents)
        try store.set(5, for: .counter)
        #expect(try store.value(for: .counter) == 5)
    }

    @Test func aNamespaceFileThatIsADirectoryIsReported() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("default.json"), withIntermediateDirectories: true)
        let store = try FileStore(directory: directory)
        #expect {
            try store.value(for: .counter)
        } throws: { error in
            guard case .corruptFile(_, let reason)? = error as? StoreError else { return false }
            return reason.contains("not a regular file")
        }
    }

    @Test func aFailedWriteKeepsThePreviousDataAndThePendingChange() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try FileStore(directory: directory, coalescing: .seconds(3600))
        try store.set(1, for: .counter)
        try store.flush()
        let file = store.fileURL(for: .default)
        let before = try Data(contentsOf: file)
        // Make every commit fail: the lock file becomes a directory (works even as root).
        let lock = directory.appendingPathComponent(".keel-store.lock")
        try? FileManager.default.removeItem(at: lock)
        try FileManager.default.createDirectory(at: lock, withIntermediateDirectories: false)
        try store.set(2, for: .counter)
        #expect {
            try store.flush()
        } throws: { error in
            guard case .writeFailed(let path, _)? = error as? StoreError else { return false }
            return path == lock.path
        }
        #expect(try Data(contentsOf: file) == before)
        #expect(try store.value(for: .counter) == 2)
        try FileManager.default.removeItem(at: lock)
        try store.flush()
        #expect(try FileStore(directory: directory).value(for: .counter) == 2)
    }

    @Test func aDirectoryThatCannotBeCreatedIsATypedError() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let blocker = directory.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        #expect(throws: StoreError.self) { _ = try FileStore(directory: blocker) }
        #expect(throws: StoreError.self) {
            _ = try FileStore(directory: blocker.appendingPathComponent("sub"))
        }
    }

    @Test func invalidNamespaceNamesAreRejected() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try FileStore(directory: directory)
        #expect(throws: StoreError.self) {
            try store.set(1, for: StoreKey("k", default: 0, namespace: "../escape"))
        }
        #expect(throws: StoreError.self) { try store.set(1, for: StoreKey("", default: 0)) }
    }

    @Test func cancellingTheConsumerReleasesTheObserver() async throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try FileStore(directory: directory)
        let consumer = Task {
            var count = 0
            for await _ in store.updates(for: .counter) { count += 1 }
            return count
        }
        try await Task.sleep(for: .milliseconds(2))
        consumer.cancel()
        _ = await consumer.value
        // After cancellation, changes are delivered to nobody and nothing leaks or crashes.
        try store.set(9, for: .counter)
        #expect(try store.value(for: .counter) == 9)
    }

    private func permissions(_ url: URL) -> Int? {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        return Int(info.st_mode & 0o777)
    }
}
