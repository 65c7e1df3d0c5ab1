import Foundation
import KeelSupport
import KeelTestSupport
import Testing

@testable import KeelImages

@Suite("Disk cache", .onOwnThread)
struct ImageDiskCacheTests {
    let directory = temporaryDirectory()
    let date = TestDate()

    func open(_ configuration: ImageDiskCache.Configuration = .init()) throws -> ImageDiskCache {
        try ImageDiskCache(directory: directory, configuration: configuration, now: date.now)
    }

    func entryFile(_ key: String) -> URL {
        directory.appendingPathComponent("entries").appendingPathComponent(SHA256.hex(key))
    }

    @Test("store then read round-trips, with long and unicode keys")
    func roundTrip() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = try open()
        for key in ["a", String(repeating: "long", count: 2_000), "画像/🖼️?token=1"] {
            try cache.store(Data("payload \(key)".utf8), for: key)
            #expect(cache.data(for: key) == Data("payload \(key)".utf8))
        }
        #expect(cache.data(for: "missing") == nil)
        #expect(cache.count == 3)
    }

    /// The public configuration's largest expiry never expires and a NaN trim ratio is the
    /// default: the expiry used to trap converting to milliseconds (`Int64` overflow) at the
    /// first store, and NaN passed `min`/`max` to trap in `Int(NaN)` at the first sweep.
    @Test("the largest expiry never expires; a NaN trim ratio is the default")
    func absurdConfiguration() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = ImageDiskCache.Configuration(
            sizeLimit: 1 << 20, trimRatio: .nan, expiry: .seconds(Int64.max))
        #expect(configuration.trimRatio == 0.7)
        let cache = try open(configuration)
        try cache.store(Data([1]), for: "forever")
        try cache.store(Data([2]), for: "also", expiry: .seconds(Int64.max) + .seconds(Int64.max))
        date.advance(seconds: 1e9)  // 31 years
        try cache.sweep()
        #expect(cache.data(for: "forever") == Data([1]))
        #expect(cache.data(for: "also") == Data([2]))
    }

    @Test("entries survive a restart (new instance, same directory)")
    func survivesRestart() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let cache = try open()
            try cache.store(Data([1, 2, 3]), for: "one")
            try cache.store(Data([4]), for: "two")
        }  // not flushed: the directory listing finds the entries
        let reopened = try open()
        #expect(reopened.data(for: "one") == Data([1, 2, 3]))
        #expect(reopened.data(for: "two") == Data([4]))
        #expect(reopened.count == 2)
        #expect(reopened.totalSize == (try open()).totalSize)
    }

    @Test("a sweep deletes the least recently used down to the trim ratio")
    func lruSweep() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let payload = Data(repeating: 7, count: 200)
        let entrySize = DiskEntry.encode(payload, key: "k0", expiresAt: 0).count
        let cache = try open(.init(sizeLimit: entrySize * 4, trimRatio: 0.5))
        for index in 0..<4 {
            try cache.store(payload, for: "k\(index)")
            date.advance(seconds: 1)
        }
        #expect(cache.data(for: "k0") != nil)  // k0 becomes the most recent
        date.advance(seconds: 1)
        try cache.store(payload, for: "k4")  // over the limit: trim to 2 entries
        #expect(cache.count == 2)
        #expect(cache.totalSize <= entrySize * 2)
        #expect(cache.data(for: "k0") != nil)
        #expect(cache.data(for: "k4") != nil)
        for evicted in ["k1", "k2", "k3"] {
            #expect(cache.data(for: evicted) == nil)
            #expect(!FileManager.default.fileExists(atPath: entryFile(evicted).path))
        }
    }

    @Test("recency survives a restart: it lives in the index, not in file dates")
    func recencySurvivesRestart() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let payload = Data(repeating: 1, count: 100)
        let entrySize = DiskEntry.encode(payload, key: "k0", expiresAt: 0).count
        let configuration = ImageDiskCache.Configuration(sizeLimit: entrySize * 3, trimRatio: 0.7)
        do {
            let cache = try open(configuration)
            for index in 0..<3 {
                try cache.store(payload, for: "k\(index)")
                date.advance(seconds: 10)
            }
            _ = cache.data(for: "k0")  // k0: most recent; k1 now the least recent
            try cache.flush()
        }
        // Files written in the same second have equal modification times: only the index
        // knows that k0 was read last.
        let reopened = try open(configuration)
        date.advance(seconds: 10)
        try reopened.store(payload, for: "k3")
        #expect(reopened.data(for: "k0") != nil)
        #expect(reopened.data(for: "k3") != nil)
        #expect(reopened.data(for: "k1") == nil)
        #expect(reopened.data(for: "k2") == nil)
    }

    @Test("expired entries are not returned and are deleted")
    func expiry() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = try open(.init(expiry: .seconds(60)))
        try cache.store(Data([1]), for: "default")
        try cache.store(Data([2]), for: "short", expiry: .seconds(5))
        date.advance(seconds: 5)
        #expect(cache.data(for: "short") == nil)
        #expect(!FileManager.default.fileExists(atPath: entryFile("short").path))
        #expect(cache.data(for: "default") == Data([1]))
        date.advance(seconds: 60)
        try cache.sweep()
        #expect(cache.count == 0)
        #expect(!FileManager.default.fileExists(atPath: entryFile("default").path))
    }

    enum Corruption: String, CaseIterable, Sendable {
        case truncated, flippedPayloadByte, garbage, empty, otherKey, wrongLength
    }

    @Test("corrupt entry files are deleted and reported as misses", arguments: Corruption.allCases)
    func corruptEntries(corruption: Corruption) throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = try open()
        let payload = Data(repeating: 9, count: 300)
        try cache.store(payload, for: "key")
        let file = entryFile("key")
        var bytes = try Data(contentsOf: file)
        switch corruption {
        case .truncated: bytes = bytes.prefix(bytes.count - 10)
        case .flippedPayloadByte: bytes[bytes.count - 1] ^= 0xFF
        case .garbage: bytes = Data("not a cache entry at all, just text".utf8)
        case .empty: bytes = Data()
        case .otherKey: bytes = DiskEntry.encode(payload, key: "kez", expiresAt: .max)
        case .wrongLength: bytes.append(0)
        }
        try bytes.write(to: file)
        #expect(cache.data(for: "key") == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(cache.count == 0)
        try cache.store(payload, for: "key")  // and the key works again
        #expect(cache.data(for: "key") == payload)
    }

    @Test("decoding reports what is wrong with an entry")
    func entryErrors() {
        #expect(throws: ImageDiskCacheError.corruptEntry(key: "k", reason: "bad magic")) {
            try DiskEntry.decode(Data(repeating: 0, count: 40), key: "k")
        }
        var file = DiskEntry.encode(Data([1, 2]), key: "k", expiresAt: 5)
        file[file.count - 1] = 9
        #expect(throws: ImageDiskCacheError.corruptEntry(key: "k", reason: "checksum mismatch")) {
            try DiskEntry.decode(file, key: "k")
        }
    }

    static let badIndexes: [(String, Int, String)] = [
        ("garbage\n", 1, "missing header \"keel-image-index 2\""),
        ("keel-image-index 2\nabc 1 2 3\n", 2, "bad entry name \"abc\""),
        ("keel-image-index 2\n\(String(repeating: "a", count: 64)) 1 2\n", 2, "expected 4 fields, found 3"),
        ("keel-image-index 2\n\(String(repeating: "a", count: 64)) -5 2 3\n", 2, "bad number"),
        (
            "keel-image-index 2\n\(String(repeating: "a", count: 64)) \(Int.max) 2 3\n", 2,
            "entry size \(Int.max) exceeds \(1 << 40)"
        ),
    ]

    @Test("a corrupt index is rebuilt from the entries and reported", arguments: badIndexes)
    func corruptIndex(text: String, line: Int, reason: String) throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let cache = try open()
            try cache.store(Data([1]), for: "a")
            try cache.store(Data([2]), for: "b")
            try cache.flush()
        }
        let indexFile = directory.appendingPathComponent("index")
        try Data(text.utf8).write(to: indexFile)
        let reopened = try open()
        #expect(
            reopened.recoveredIndexError == .corruptIndex(file: indexFile.path, line: line, reason: reason))
        #expect(reopened.count == 2)
        #expect(reopened.data(for: "a") == Data([1]))
        #expect(reopened.data(for: "b") == Data([2]))
    }

    @Test("the index round-trips through its text form")
    func indexRoundTrip() throws {
        var index = DiskIndex()
        index.records[SHA256.hex("a")] = .init(size: 10, accessed: 1_000, expires: .max)
        index.records[SHA256.hex("b")] = .init(size: 20, accessed: -5, expires: 99)
        #expect(try DiskIndex.parse(index.serialized(), file: "index") == index)
    }

    @Test("concurrent reads and writes from 8 tasks stay consistent")
    func concurrentTasks() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = try open(.init(sizeLimit: 1 << 30, indexWriteInterval: 5))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for round in 0..<40 {
                        let key = "key-\((worker + round) % 10)"
                        try cache.store(Data(repeating: UInt8(worker), count: 1_000 + worker), for: key)
                        if let data = cache.data(for: key) {
                            // Whole values only: one writer's bytes at its length.
                            #expect(Set(data).count == 1)
                            #expect(data.count == 1_000 + Int(data[0]))
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(cache.count == 10)
        let reopened = try open()
        #expect(reopened.count == 10)
        #expect(reopened.totalSize == cache.totalSize)
    }

    /// A cache whose clock runs `interference` (once) the next time it is read: `data(for:)`
    /// reads the clock after reading the file and before recording the read, so the
    /// interference lands exactly between the two, as a concurrent call from another thread can.
    func cacheInterruptingNextRead() throws -> (ImageDiskCache, Locked<(@Sendable () -> Void)?>) {
        let interference = Locked<(@Sendable () -> Void)?>(nil)
        let clock = date.now
        let cache = try ImageDiskCache(
            directory: directory,
            now: {
                interference.withLock { pending in
                    defer { pending = nil }
                    return pending
                }?()
                return clock()
            })
        return (cache, interference)
    }

    @Test("a store of the same key between a read and its bookkeeping keeps the new entry's size")
    func readRacingStore() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let (cache, interference) = try cacheInterruptingNextRead()
        let old = Data(repeating: 1, count: 10)
        let new = Data(repeating: 2, count: 5_000)
        try cache.store(old, for: "k")
        let stored = Locked(false)
        interference.set {
            try? cache.store(new, for: "k")
            stored.set(true)
        }
        // The read got the old file; the store replaced it before the read was recorded.
        #expect(cache.data(for: "k") == old)
        #expect(stored.current)
        let fileSize = try #require(
            try FileManager.default.attributesOfItem(atPath: entryFile("k").path)[.size] as? Int)
        #expect(cache.totalSize == fileSize)
        #expect(try open().totalSize == fileSize)
        #expect(cache.data(for: "k") == new)
        #expect(cache.totalSize == fileSize)
    }

    @Test("a removal between a read and its bookkeeping stays removed")
    func readRacingRemoval() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let (cache, interference) = try cacheInterruptingNextRead()
        try cache.store(Data([1, 2, 3]), for: "k")
        interference.set { cache.removeData(for: "k") }
        #expect(cache.data(for: "k") == Data([1, 2, 3]))
        #expect(!FileManager.default.fileExists(atPath: entryFile("k").path))
        #expect(!cache.contains("k"))
        #expect(cache.count == 0)
        #expect(cache.totalSize == 0)
    }

    @Test("remove and remove-all delete files")
    func removal() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = try open()
        try cache.store(Data([1]), for: "a")
        try cache.store(Data([2]), for: "b")
        cache.removeData(for: "a")
        #expect(cache.data(for: "a") == nil)
        #expect(cache.contains("b"))
        try cache.removeAll()
        #expect(cache.count == 0)
        #expect(cache.data(for: "b") == nil)
        #expect(try open().count == 0)
    }
}
