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
    @Test func theSharedReaderRefusesAFIFOALinkAndADirectory() async throws {
        let directory = try SpecialFiles.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = try SpecialFiles.makeFIFO(in: directory)
        let outcome = await SpecialFiles.outcome(releasing: fifo) {
            _ = try POSIXFiles.readRegularFile(atPath: fifo.path)
        }
        #expect(outcome.error as? POSIXFiles.ReadFailure == .notRegularFile(path: fifo.path))
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
        // Following links (a path the app or its user named): what the link leads to must
        // still be a regular file.
        #expect(try POSIXFiles.readRegularFile(atPath: link.path, followingLinks: true) == Data("x".utf8))
        let fifoLink = directory.appendingPathComponent("fifo-link")
        try FileManager.default.createSymbolicLink(at: fifoLink, withDestinationURL: fifo)
        let followed = await SpecialFiles.outcome(releasing: fifo) {
            _ = try POSIXFiles.readRegularFile(atPath: fifoLink.path, followingLinks: true)
        }
        #expect(followed.error as? POSIXFiles.ReadFailure == .notRegularFile(path: fifoLink.path))
        #expect(throws: POSIXFiles.ReadFailure.notRegularFile(path: "/dev/zero")) {
            try POSIXFiles.readRegularFile(atPath: "/dev/zero", followingLinks: true)
        }
        #expect(try POSIXFiles.readRegularFile(atPath: target.path) == Data("x".utf8))
        #expect(try POSIXFiles.readRegularFile(atPath: directory.appendingPathComponent("none").path) == nil)
        #expect(throws: POSIXFiles.ReadFailure.tooLarge(path: target.path, limit: 0)) {
            try POSIXFiles.readRegularFile(atPath: target.path, maximumBytes: 0)
        }
    }

    @Test func aFIFOAtTheKeyPathIsATypedErrorNotAHang() async throws {
        let directory = try SpecialFiles.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let keyFile = try SpecialFiles.makeFIFO(in: directory, named: "store.key")
        let outcome = await SpecialFiles.outcome(releasing: keyFile) {
            _ = try KeyFileProvider(url: keyFile).key()
        }
        #expect(outcome.error is SecureStoreError)
    }

    @Test func aFIFOInPlaceOfAStoreFileOrItsLockIsATypedErrorNotAHang() async throws {
        let directory = try SpecialFiles.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try FileStore(directory: directory)
        let file = store.fileURL(for: "settings")
        #expect(mkfifo(file.path, 0o600) == 0)
        let read = await SpecialFiles.outcome(releasing: file) {
            _ = try store.value(for: StoreKey<String>("name", default: "", namespace: "settings"))
        }
        #expect(read.error is StoreError)
        let lockedDirectory = try SpecialFiles.makeDirectory()
        defer { try? FileManager.default.removeItem(at: lockedDirectory) }
        let lock = try SpecialFiles.makeFIFO(in: lockedDirectory, named: ".keel-store.lock")
        // Opening the store takes the lock (to clear stale temporaries): refused there.
        let opened = await SpecialFiles.outcome(releasing: lock) {
            let other = try FileStore(directory: lockedDirectory, coalescing: .zero)
            try other.set("x", for: StoreKey<String>("name", default: "", namespace: "settings"))
            try other.flush()
        }
        #expect(opened.error is StoreError)
    }
}
