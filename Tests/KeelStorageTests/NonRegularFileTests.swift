import Foundation
import KeelStorage
import KeelSupport
import KeelTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A FIFO, a directory or a link planted where Keel expects a file: every reader refuses it
/// with a typed error at once instead of blocking in `open` forever.
@Suite(.onOwnThread) struct NonRegularFileTests {
    /// Runs `body` on a thread of its own; if it has not returned after `bound` (an `open`
    /// that returns at once never comes near it), records a hang and opens `fifo` for writing,
    /// which releases a reader blocked on it, so the suite itself never hangs.
    private func withoutHanging(
        unblocking fifo: URL, bound: TimeInterval = 60, _ body: @escaping @Sendable () -> Void
    ) {
        let done = DispatchSemaphore(value: 0)
        Thread {
            body()
            done.signal()
        }.start()
        if done.wait(timeout: .now() + bound) == .timedOut {
            Issue.record("the reader blocked on the FIFO at \(fifo.path)")
            let writer = open(fifo.path, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
            _ = done.wait(timeout: .now() + bound)
        }
    }

    private func makeDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keel-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func theSharedReaderRefusesAFIFOALinkAndADirectory() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        withoutHanging(unblocking: fifo) {
            #expect(throws: POSIXFiles.ReadFailure.notRegularFile(path: fifo.path)) {
                try POSIXFiles.readRegularFile(atPath: fifo.path)
            }
        }
        let target = directory.appendingPathComponent("target")
        try Data("x".utf8).write(to: target)
        let link = directory.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        #expect(throws: POSIXFiles.ReadFailure.notRegularFile(path: link.path)) {
            try POSIXFiles.readRegularFile(atPath: link.path)
        }
        #expect(throws: POSIXFiles.ReadFailure.notRegularFile(path: directory.path)) {
            try POSIXFiles.readRegularFile(atPath: directory.path)
        }
        #expect(try POSIXFiles.readRegularFile(atPath: target.path) == Data("x".utf8))
        #expect(try POSIXFiles.readRegularFile(atPath: directory.appendingPathComponent("none").path) == nil)
        #expect(throws: POSIXFiles.ReadFailure.tooLarge(path: target.path, limit: 0)) {
            try POSIXFiles.readRegularFile(atPath: target.path, maximumBytes: 0)
        }
    }

    @Test func aFIFOAtTheKeyPathIsATypedErrorNotAHang() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let keyFile = directory.appendingPathComponent("store.key")
        #expect(mkfifo(keyFile.path, 0o600) == 0)
        withoutHanging(unblocking: keyFile) {
            #expect(throws: SecureStoreError.self) { try KeyFileProvider(url: keyFile).key() }
        }
    }

    @Test func aFIFOInPlaceOfAStoreFileOrItsLockIsATypedErrorNotAHang() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try FileStore(directory: directory)
        let file = store.fileURL(for: "settings")
        #expect(mkfifo(file.path, 0o600) == 0)
        withoutHanging(unblocking: file) {
            #expect(throws: StoreError.self) {
                _ = try store.value(for: StoreKey<String>("name", default: "", namespace: "settings"))
            }
        }
        let lockedDirectory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: lockedDirectory) }
        let lock = lockedDirectory.appendingPathComponent(".keel-store.lock")
        #expect(mkfifo(lock.path, 0o600) == 0)
        withoutHanging(unblocking: lock) {
            // Opening the store takes the lock (to clear stale temporaries): refused there.
            #expect(throws: StoreError.self) {
                let other = try FileStore(directory: lockedDirectory, coalescing: .zero)
                try other.set("x", for: StoreKey<String>("name", default: "", namespace: "settings"))
                try other.flush()
            }
        }
    }
}
