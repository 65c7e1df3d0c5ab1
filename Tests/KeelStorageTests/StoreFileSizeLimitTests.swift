import Foundation
import KeelStorage
import KeelSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Store files are refused by their size before they are read, with a typed error naming them.
@Suite struct StoreFileSizeLimitTests {
    /// A sparse file of `size` bytes at `url` (cheap on disk, however large).
    static func makeSparseFile(_ url: URL, size: Int) throws {
        let fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(fd >= 0)
        defer { close(fd) }
        try #require(ftruncate(fd, off_t(size)) == 0)
    }

    @Test func aNamespaceFileOverTheCapIsAReadErrorNamingIt() throws {
        // Used to be read whole (a 4 GB file into memory, twice) before failing to parse.
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try FileStore(directory: directory)
        let file = store.fileURL(for: .default)
        try Self.makeSparseFile(file, size: (64 << 20) + 1)
        do {
            _ = try store.keys(in: .default)
            Issue.record("a 64 MiB + 1 namespace file must be refused")
        } catch StoreError.readFailed(let path, let reason) {
            #expect(path == file.path)
            #expect(reason.contains("larger than"))
        }
    }

    @Test func aSecretFileOverTheCapIsAnIOFailureNamingIt() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try EncryptedFileStore(
            directory: directory, keyProvider: StaticKeyProvider(Data(repeating: 1, count: 32)))
        let file = try store.fileURL(forKey: "k")
        try Self.makeSparseFile(file, size: 1 << 30)
        do {
            _ = try store.data(forKey: "k")
            Issue.record("a 1 GiB secret file must be refused")
        } catch SecureStoreError.ioFailure(let path, let reason) {
            #expect(path == file.path)
            #expect(reason.contains("larger than"))
        }
    }

    @Test func anIdentityFileOverSixteenBytesIsRefusedUnread() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let identity = directory.appendingPathComponent(".keel-store-id")
        try Self.makeSparseFile(identity, size: 1 << 30)
        #expect(throws: SecureStoreError.self) {
            _ = try EncryptedFileStore(directory: directory, keyProvider: StaticKeyProvider(Data(count: 32)))
        }
    }
}
