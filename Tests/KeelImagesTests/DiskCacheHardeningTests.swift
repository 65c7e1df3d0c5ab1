import Foundation
import KeelSupport
import KeelTestSupport
import Testing

@testable import KeelImages

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A corrupt or hostile cache directory never traps, and cache files keep their secrets.
@Suite("Disk cache hardening", .onOwnThread)
struct DiskCacheHardeningTests {
    let directory = temporaryDirectory()
    let date = TestDate()

    func open() throws -> ImageDiskCache {
        try ImageDiskCache(directory: directory, configuration: .init(sizeLimit: 1 << 30), now: date.now)
    }

    var entries: URL { directory.appendingPathComponent("entries") }
    var indexFile: URL { directory.appendingPathComponent("index") }

    /// Every regular file under the cache directory, recursively.
    func allFiles() -> [URL] {
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { url in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }
    }

    func mode(_ url: URL) -> mode_t {
        var info = stat()
        _ = stat(url.path, &info)
        return info.st_mode & 0o777
    }

    @Test("an index listing sizes near Int.max is discarded and rebuilt, never traps")
    func hugeSizesInIndex() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let cache = try open()
            try cache.store(Data([1, 2, 3]), for: "a")
            try cache.store(Data([4]), for: "b")
            try cache.flush()
        }
        let sizes = ImageDiskCacheTests.entrySizes(["a": 3, "b": 1])
        let hostile =
            "keel-image-index 2\n"
            + [SHA256.hex("a"), SHA256.hex("b")].map { "\($0) \(Int.max - 1) 0 \(Int64.max)" }
            .joined(separator: "\n") + "\n"
        try Data(hostile.utf8).write(to: indexFile)
        // Before the fix, summing the two sizes trapped here on every launch.
        let reopened = try open()
        #expect(
            reopened.recoveredIndexError
                == .corruptIndex(
                    file: indexFile.path, line: 2, reason: "entry size \(Int.max - 1) exceeds \(1 << 40)"))
        #expect(reopened.count == 2)
        #expect(reopened.totalSize == sizes)
        #expect(reopened.data(for: "a") == Data([1, 2, 3]))
        // The rebuilt index is written back at the next flush and opens cleanly.
        try reopened.flush()
        #expect(try open().recoveredIndexError == nil)
    }

    @Test("index sizes just under the limit sum without overflow")
    func saturatingTotal() throws {
        var index = DiskIndex()
        for number in 0..<10_000 {
            index.records[SHA256.hex("\(number)")] = .init(
                size: DiskIndex.maximumRecordSize, accessed: 0, expires: .max)
        }
        let parsed = try DiskIndex.parse(index.serialized(), file: "index")
        #expect(parsed.totalSize == 10_000 << 40)
        var huge = DiskIndex()
        huge.records["a"] = .init(size: .max, accessed: 0, expires: 0)
        huge.records["b"] = .init(size: .max, accessed: 0, expires: 0)
        #expect(huge.totalSize == .max)
    }

    @Test("entry files are 0600 and directories 0700")
    func fileModes() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = try open()
        try cache.store(Data([9]), for: "https://cdn.example.com/a.png")
        try cache.flush()
        #expect(mode(directory) == 0o700)
        #expect(mode(entries) == 0o700)
        let files = allFiles()
        #expect(files.count >= 3)  // the entry, the index, the lock
        for file in files {
            #expect(mode(file) == 0o600, "\(file.lastPathComponent)")
        }
    }

    @Test("an existing world-readable cache directory is tightened to 0700")
    func tightensExistingDirectory() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(
            at: entries, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        _ = try open()
        #expect(mode(directory) == 0o700)
        #expect(mode(entries) == 0o700)
    }

    @Test("no query token or URL text appears in any cache file")
    func noPlaintextKeys() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let secret = "sekret-token-6d2f"
        let key = "https://cdn.example.com/photos/42.jpg?X-Amz-Signature=\(secret)&token=\(secret)"
        let cache = try open()
        try cache.store(Data(repeating: 0xAB, count: 64), for: key)
        #expect(cache.data(for: key) == Data(repeating: 0xAB, count: 64))
        try cache.flush()
        let files = allFiles()
        #expect(!files.isEmpty)
        for file in files {
            let bytes = try Data(contentsOf: file)
            #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(file.lastPathComponent)")
            #expect(bytes.range(of: Data("cdn.example.com".utf8)) == nil, "\(file.lastPathComponent)")
        }
    }

    /// A version-1 entry: the old layout, with the key in plaintext.
    static func legacyEntry(_ payload: Data, key: String) -> Data {
        var file = DiskEntry.encode(payload, key: key, expiresAt: .max)
        let keyBytes = Data(key.utf8)
        file[4] = 1
        file.replaceSubrange(32..<64, with: keyBytes)
        let length = UInt32(keyBytes.count).bigEndian
        withUnsafeBytes(of: length) { file.replaceSubrange(8..<12, with: $0) }
        return file
    }

    @Test("a version-1 cache (plaintext keys) is emptied, with or without its index")
    func legacyCacheDiscarded() throws {
        for keepsIndex in [true, false] {
            defer { try? FileManager.default.removeItem(at: directory) }
            try FileManager.default.createDirectory(at: entries, withIntermediateDirectories: true)
            let key = "https://cdn.example.com/a.png?token=old"
            let legacy = Self.legacyEntry(Data([7, 7]), key: key)
            #expect(legacy.range(of: Data(key.utf8)) != nil)
            try legacy.write(to: entries.appendingPathComponent(SHA256.hex(key)))
            if keepsIndex {
                try Data("keel-image-index 1\n\(SHA256.hex(key)) \(legacy.count) 0 \(Int64.max)\n".utf8)
                    .write(to: indexFile)
            }
            let cache = try open()
            #expect(cache.count == 0)
            #expect(cache.recoveredIndexError == nil)
            #expect(cache.data(for: key) == nil)
            for file in allFiles() {
                #expect(try Data(contentsOf: file).range(of: Data("token=old".utf8)) == nil)
            }
            // The cache works normally afterwards.
            try cache.store(Data([1]), for: key)
            #expect(cache.data(for: key) == Data([1]))
        }
    }

    @Test("an entry file of another key (copied over this one's name) is refused")
    func copiedEntryRefused() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = try open()
        try cache.store(Data([1]), for: "first")
        try FileManager.default.copyItem(
            at: entries.appendingPathComponent(SHA256.hex("first")),
            to: entries.appendingPathComponent(SHA256.hex("second")))
        #expect(cache.data(for: "second") == nil)
        #expect(cache.data(for: "first") == Data([1]))
    }
}

extension ImageDiskCacheTests {
    /// The on-disk size of entries with payloads of these byte counts.
    static func entrySizes(_ payloads: [String: Int]) -> Int {
        payloads.reduce(0) { total, item in
            total + DiskEntry.encode(Data(count: item.value), key: item.key, expiresAt: 0).count
        }
    }
}
