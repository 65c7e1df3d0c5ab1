import Foundation
import KeelSupport
import KeelTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one disk-cache engine (`DiskStore`) that the image cache and the HTTP cache share: each
/// property once here, for any namespace and format.
@Suite("Disk store", .onOwnThread)
struct DiskStoreTests {
    /// A wall clock that moves only when told (milliseconds since 1970).
    final class Clock: Sendable {
        private let milliseconds = Locked<Int64>(1_800_000_000_000)
        var now: @Sendable () -> Date {
            { [milliseconds] in Date(timeIntervalSince1970: Double(milliseconds.current) / 1000) }
        }
        func advance(seconds: Int64) { milliseconds.withLock { $0 += seconds * 1000 } }
    }

    static let photos = DiskStore.Namespace("photos")!
    static let alice = DiskStore.Namespace("s-alice")!
    static let bob = DiskStore.Namespace("s-bob")!
    /// A format without a lock file, like the HTTP cache's.
    static let format = DiskStore.Format(
        indexHeader: "keel-test-index 1", legacyIndexHeaders: ["keel-test-index 0"], entryMagic: "KTST",
        defaultNamespace: photos)

    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "keel-disk-store-\(UUID().uuidString)")
    let clock = Clock()
    let events = Locked<[DiskStore.Event]>([])

    func open(
        sizeLimit: Int = 1 << 30, trimRatio: Double = 1, expiry: Duration? = nil, indexWriteInterval: Int = 32
    ) throws -> DiskStore {
        let events = self.events
        return try DiskStore(
            directory: directory, format: Self.format,
            configuration: .init(
                sizeLimit: sizeLimit, trimRatio: trimRatio, expiry: expiry,
                indexWriteInterval: indexWriteInterval),
            now: clock.now, report: { event in events.withLock { $0.append(event) } })
    }

    func file(_ store: DiskStore, _ key: String, in namespace: DiskStore.Namespace = photos) -> URL {
        store.folder(namespace).appendingPathComponent(store.fileName(key, in: namespace))
    }

    /// Every regular file under the store's folder, as paths relative to it.
    func files() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: directory.path)
        var found: [String] = []
        while let next = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(
                atPath: directory.appendingPathComponent(next).path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                found.append(next)
            }
        }
        return found.sorted()
    }

    func mode(_ url: URL) -> mode_t {
        var info = stat()
        _ = lstat(url.path, &info)
        return info.st_mode & 0o777
    }

    /// The size on disk of an entry holding `payloadBytes` bytes.
    static func entrySize(_ payloadBytes: Int) -> Int {
        DiskStoreEntry.encode(
            Data(count: payloadBytes), digest: Array(repeating: 0, count: 32), expiresAt: 0,
            magic: [0, 0, 0, 0]
        )
        .count
    }

    /// A read the system refuses (out of descriptors, an I/O error, a file locked by data
    /// protection) is a miss that leaves the entry: it used to be deleted as corrupt, so every
    /// cache entry read while the device was locked was lost.
    @Test("A refused read is a miss; the entry stays and reads again later")
    func refusedReadKeepsTheEntry() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let refuse = Locked(false)
        let events = self.events
        let store = try DiskStore(
            directory: directory, format: Self.format,
            configuration: .init(sizeLimit: 1 << 30, trimRatio: 1, expiry: nil, indexWriteInterval: 32),
            now: clock.now, report: { event in events.withLock { $0.append(event) } },
            readFile: { path, limit in
                if refuse.current {
                    throw POSIXFiles.ReadFailure.failed(
                        POSIXFileFailure(path: path, reason: "Too many open files"))
                }
                return try POSIXFiles.readRegularFileOnce(atPath: path, maximumBytes: limit)
            })
        try store.write(Data("kept".utf8), for: "k")
        refuse.set(true)
        #expect(store.data(for: "k") == nil)
        #expect(FileManager.default.fileExists(atPath: file(store, "k").path))
        #expect(store.count == 1)
        #expect(events.current.isEmpty)
        refuse.set(false)
        #expect(store.data(for: "k") == Data("kept".utf8))
    }

    /// A failure after the new entry is in place (the index write every `indexWriteInterval`
    /// writes, the sweep past the size limit) used to be thrown from `write`: the caller saw a
    /// failed write while the new entry was already what reads returned. Now the write succeeds
    /// and the failure is reported; `flush()`, asked for the index, still throws.
    /// Whether `event` is a deferred sweep or index write.
    static func isDeferredMaintenance(_ event: DiskStore.Event) -> Bool {
        if case .deferredMaintenance = event { return true }
        return false
    }

    @Test("A write whose entry is in place succeeds even when the index write or sweep after it fails")
    func postCommitFailureIsNotAFailedWrite() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try open(sizeLimit: Self.entrySize(3) * 2, indexWriteInterval: 1)
        try store.write(Data("old".utf8), for: "k")
        // A folder where the index file goes: every index write after this fails (the rename
        // onto a non-empty folder is refused).
        let indexFile = directory.appendingPathComponent("index")
        try FileManager.default.removeItem(at: indexFile)
        try FileManager.default.createDirectory(at: indexFile, withIntermediateDirectories: false)
        try Data("x".utf8).write(to: indexFile.appendingPathComponent("blocker"))

        // The index write after the write.
        try store.write(Data("new".utf8), for: "k")
        #expect(store.data(for: "k") == Data("new".utf8))
        #expect(events.current.contains(where: Self.isDeferredMaintenance))

        // The sweep after a write past the size limit (it evicts "k", then fails to write the
        // index): the written entry is there.
        events.set([])
        try store.write(Data("two".utf8), for: "k2")
        try store.write(Data("tri".utf8), for: "k3")
        #expect(store.data(for: "k3") == Data("tri".utf8))
        #expect(events.current.contains(where: Self.isDeferredMaintenance))

        #expect(throws: DiskStoreError.self) { try store.flush() }
    }

    @Test("Entries round-trip per namespace; one key in two namespaces is two entries")
    func namespacesAreIsolated() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try open()
        try store.write(Data("photo".utf8), for: "https://example.com/a?token=t0k3n")
        try store.write(Data("alice".utf8), for: "https://example.com/a?token=t0k3n", in: Self.alice)
        try store.write(Data("bob".utf8), for: "https://example.com/a?token=t0k3n", in: Self.bob)
        #expect(store.data(for: "https://example.com/a?token=t0k3n") == Data("photo".utf8))
        #expect(store.data(for: "https://example.com/a?token=t0k3n", in: Self.alice) == Data("alice".utf8))
        #expect(store.data(for: "https://example.com/a?token=t0k3n", in: Self.bob) == Data("bob".utf8))
        #expect(store.data(for: "https://example.com/b", in: Self.alice) == nil)
        #expect(store.count == 3)
        // Each namespace is a folder; names are hashes (salted outside the default namespace).
        let names = Set(files())
        #expect(names.count == 3)
        #expect(names.allSatisfy { !$0.contains("example") && !$0.contains("t0k3n") })
        #expect(store.fileName("k", in: Self.alice) != store.fileName("k", in: Self.bob))
        #expect(store.fileName("k") == SHA256.hex("k"))
        // An entry copied into another namespace's folder under the same name is refused there.
        try FileManager.default.copyItem(
            at: file(store, "copied", in: Self.alice).deletingLastPathComponent()
                .appendingPathComponent(store.fileName("https://example.com/a?token=t0k3n", in: Self.alice)),
            to: file(store, "https://example.com/x", in: Self.bob))
        #expect(store.data(for: "https://example.com/x", in: Self.bob) == nil)
        // Removing one namespace leaves the others.
        try store.removeAll(in: Self.alice)
        #expect(store.data(for: "https://example.com/a?token=t0k3n", in: Self.alice) == nil)
        #expect(store.data(for: "https://example.com/a?token=t0k3n", in: Self.bob) == Data("bob".utf8))
        #expect(store.data(for: "https://example.com/a?token=t0k3n") == Data("photo".utf8))
        #expect(!FileManager.default.fileExists(atPath: store.folder(Self.alice).path))
        #expect(try open().count == 2)
        // And writing to it again recreates its folder.
        try store.write(Data("again".utf8), for: "k", in: Self.alice)
        #expect(store.data(for: "k", in: Self.alice) == Data("again".utf8))
    }

    @Test("Namespace names are folder names: no separators, dots, capitals, or the store's own files")
    func namespaceNames() {
        for bad in [
            "", "a/b", "..", ".hidden", "Caps", "index", "lock", String(repeating: "a", count: 81), "é",
        ] {
            #expect(DiskStore.Namespace(bad) == nil, "\(bad)")
        }
        for good in ["shared", "entries", "s-0123abcd", "a_b", String(repeating: "a", count: 80)] {
            #expect(DiskStore.Namespace(good) != nil, "\(good)")
        }
    }

    @Test(
        "Over the size limit the least recently used go first, across namespaces, even while the clock stands still"
    )
    func leastRecentlyUsed() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let payload = Data(repeating: 7, count: 100)
        let size = Self.entrySize(100)
        let store = try open(sizeLimit: size * 3)
        try store.write(payload, for: "a")
        try store.write(payload, for: "b", in: Self.alice)
        try store.write(payload, for: "c")
        #expect(store.data(for: "a") != nil)  // a is now more recent than b and c
        try store.write(payload, for: "d", in: Self.bob)  // over the limit: b goes
        #expect(store.totalSize <= size * 3)
        #expect(store.count == 3)
        #expect(store.data(for: "b", in: Self.alice) == nil)
        #expect(!FileManager.default.fileExists(atPath: file(store, "b", in: Self.alice).path))
        #expect(store.data(for: "a") == payload)
        #expect(store.data(for: "c") == payload)
        #expect(store.data(for: "d", in: Self.bob) == payload)
        // Recency is kept in the index, so another instance sweeps in the same order.
        try store.flush()
        let reopened = try open(sizeLimit: size * 3)
        _ = reopened.data(for: "c")
        try reopened.write(payload, for: "e")  // a was read before c and d: a goes
        #expect(reopened.data(for: "a") == nil)
        #expect(reopened.data(for: "c") == payload)
    }

    @Test(
        "The trim ratio sweeps below the limit; an entry larger than the limit is not written and drops the old one"
    )
    func trimAndOversize() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let size = Self.entrySize(100)
        let store = try open(sizeLimit: size * 4, trimRatio: 0.5)
        for key in ["a", "b", "c", "d"] { try store.write(Data(count: 100), for: key) }
        try store.write(Data(count: 100), for: "e")
        #expect(store.count == 2)
        #expect(store.totalSize <= size * 2)
        #expect(store.data(for: "e") != nil)
        try store.write(Data(count: size * 4), for: "e")
        #expect(store.data(for: "e") == nil)
        #expect(!FileManager.default.fileExists(atPath: file(store, "e").path))
    }

    @Test("Entries expire: a read past the expiry misses and deletes; a sweep deletes the rest")
    func expiry() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try open(expiry: .seconds(60))
        try store.write(Data([1]), for: "default")
        try store.write(Data([2]), for: "short", expiry: .seconds(5))
        clock.advance(seconds: 5)
        #expect(store.data(for: "short") == nil)
        #expect(!FileManager.default.fileExists(atPath: file(store, "short").path))
        #expect(store.data(for: "default") == Data([1]))
        clock.advance(seconds: 60)
        try store.sweep()
        #expect(store.count == 0)
        #expect(files().allSatisfy { !$0.hasPrefix("photos/") })
    }

    /// The largest expiries a `Duration` holds are "never", the most negative "already
    /// expired". They used to trap: `Int64(duration.seconds * 1000)` overflowed for anything
    /// from about 292 million years (`.seconds(Int64.max)`, the configuration's or a write's).
    @Test("Absurd expiries saturate: the largest never expire, the most negative are expired")
    func absurdExpiriesSaturate() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let huge: [Duration] = [
            .seconds(Int64.max), .seconds(Int64.max / 1000 + 1), .milliseconds(Int64.max),
            .seconds(Int64.max) + .seconds(Int64.max), .nanoseconds(Int64.max) * 1_000_000_000,
        ]
        let store = try open(expiry: .seconds(Int64.max))
        try store.write(Data([0]), for: "configured")
        for (index, expiry) in huge.enumerated() {
            try store.write(Data([UInt8(index)]), for: "huge-\(index)", expiry: expiry)
        }
        try store.write(Data([9]), for: "past", expiry: .seconds(Int64.min))
        clock.advance(seconds: 100 * 365 * 86_400)
        try store.sweep()
        #expect(store.data(for: "configured") == Data([0]))
        for index in huge.indices { #expect(store.data(for: "huge-\(index)") == Data([UInt8(index)])) }
        #expect(store.data(for: "past") == nil)
        #expect(store.count == huge.count + 1)
    }

    /// A NaN trim ratio trims to the limit. It used to reach the sweep unclamped (`min` and
    /// `max` pass NaN through) and trap in `Int(NaN)` at the first sweep over the limit.
    @Test("A NaN trim ratio sweeps to the limit instead of trapping")
    func nanTrimRatio() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let size = Self.entrySize(100)
        let store = try open(sizeLimit: size * 2, trimRatio: .nan)
        #expect(store.configuration.trimRatio == 1)
        for key in ["a", "b", "c"] {
            try store.write(Data(count: 100), for: key)
            clock.advance(seconds: 1)
        }
        try store.sweep()
        #expect(store.totalSize <= size * 2)
        #expect(store.data(for: "a") == nil)
        #expect(store.data(for: "c") == Data(count: 100))
        #expect(
            DiskStore.Configuration(sizeLimit: 1, trimRatio: -.nan, expiry: nil, indexWriteInterval: 1)
                .trimRatio == 1)
    }

    enum Damage: String, CaseIterable, Sendable {
        case truncated, flipped, garbage, empty, otherKey, refusedByValidator
    }

    @Test(
        "A corrupt, torn, misplaced or refused entry is a miss, is deleted and is reported",
        arguments: Damage.allCases)
    func corruptEntries(damage: Damage) throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try open()
        let payload = Data(repeating: 9, count: 300)
        try store.write(payload, for: "key", in: Self.alice)
        try store.write(payload, for: "other", in: Self.alice)
        let url = file(store, "key", in: Self.alice)
        var bytes = try Data(contentsOf: url)
        switch damage {
        case .truncated: bytes = bytes.prefix(bytes.count - 10)
        case .flipped: bytes[bytes.count - 1] ^= 0xFF
        case .garbage: bytes = Data("not an entry".utf8)
        case .empty: bytes = Data()
        case .otherKey: bytes = try Data(contentsOf: file(store, "other", in: Self.alice))
        case .refusedByValidator: break
        }
        try bytes.write(to: url)
        let read = store.read("key", in: Self.alice) { raw -> Data? in
            damage == .refusedByValidator ? nil : Data(raw)
        }
        #expect(read == nil)
        #expect(!FileManager.default.fileExists(atPath: url.path))
        #expect(!store.contains("key", in: Self.alice))
        #expect(store.data(for: "other", in: Self.alice) == payload)
        let reported = events.current.compactMap { event -> String? in
            if case .removedEntry(.corruptEntry(let key, let reason)) = event, key == "key" { return reason }
            return nil
        }
        #expect(reported.count == 1, "\(events.current)")
        try store.write(payload, for: "key", in: Self.alice)  // and the key works again
        #expect(store.data(for: "key", in: Self.alice) == payload)
    }

    @Test("Every single-byte change to an entry file is refused, header and expiry included")
    func everyByteIsChecked() throws {
        let digest = SHA256.hash("key".utf8)
        let file = DiskStoreEntry.encode(
            Data("payload".utf8), digest: digest, expiresAt: 1_900_000_000_000, magic: Array("KTST".utf8))
        #expect(
            try DiskStoreEntry.decode(file, digest: digest, magic: Array("KTST".utf8)).payload
                == Data("payload".utf8))
        for offset in 0..<file.count {
            var altered = file
            altered[offset] ^= 0x01
            #expect(throws: DiskStoreEntry.Invalid.self, "byte \(offset)") {
                try DiskStoreEntry.decode(altered, digest: digest, magic: Array("KTST".utf8))
            }
        }
    }

    @Test("A version-2 entry (checksum over the payload only, as the image cache wrote) is still read")
    func versionTwoIsRead() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try open()
        let payload = Data("written by version 2".utf8)
        var bytes = DiskStoreEntry.encode(
            payload, digest: SHA256.hash("old".utf8), expiresAt: .max, magic: Array("KTST".utf8))
        bytes[4] = 2
        let checksum = CRC32.checksum(payload)
        for index in 0..<4 {
            bytes[28 + index] = UInt8(truncatingIfNeeded: checksum >> UInt32(24 - 8 * index))
        }
        try bytes.write(to: file(store, "old"))
        #expect(store.data(for: "old") == payload)
        #expect(try open().count == 1)
    }

    @Test("A failed write throws and leaves the other entries and the index as they were")
    func failedWrite() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try open()
        try store.write(Data("kept".utf8), for: "kept")
        try store.flush()
        let index = try Data(contentsOf: directory.appendingPathComponent("index"))
        // Something that cannot be replaced sits where the entry goes (root ignores modes, so a
        // read-only folder would not fail here).
        let blocked = file(store, "blocked")
        try FileManager.default.createDirectory(
            at: blocked.appendingPathComponent("inside"), withIntermediateDirectories: true)
        #expect(throws: DiskStoreError.self) { try store.write(Data("new".utf8), for: "blocked") }
        #expect(!store.contains("blocked"))
        #expect(store.count == 1)
        #expect(store.data(for: "kept") == Data("kept".utf8))
        #expect(try Data(contentsOf: directory.appendingPathComponent("index")) == index)
        // No temporary file is left behind.
        #expect(files().filter { $0.hasSuffix(".tmp") }.isEmpty)
    }

    @Test("A write cut short before its rename (a crash) leaves the old entry readable")
    func interruptedWrite() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let store = try open()
            try store.write(Data("old".utf8), for: "k")
            try store.flush()
            // What a crash between writing the temporary file and renaming it leaves.
            let name = store.fileName("k")
            try Data("KTST torn".utf8).write(
                to: store.folder(Self.photos).appendingPathComponent(".\(name).\(UUID().uuidString).tmp"))
        }
        let reopened = try open()
        #expect(reopened.count == 1)
        #expect(reopened.data(for: "k") == Data("old".utf8))
    }

    @Test("Two instances on one folder stay consistent: writes, removals and recency are shared")
    func twoInstances() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try open(indexWriteInterval: 1)
        let second = try open(indexWriteInterval: 1)
        try first.write(Data("1".utf8), for: "from-first")
        try second.write(Data("2".utf8), for: "from-second", in: Self.alice)
        // Each reads what the other wrote, though its own index did not list it.
        #expect(second.data(for: "from-first") == Data("1".utf8))
        #expect(first.data(for: "from-second", in: Self.alice) == Data("2".utf8))
        second.remove("from-first")
        #expect(first.data(for: "from-first") == nil)
        #expect(first.count == 1)
        // Rewrites of one key from both: every read is one writer's whole value.
        for round in 0..<50 {
            try first.write(Data(repeating: 1, count: 1_000 + round), for: "shared")
            try second.write(Data(repeating: 2, count: 2_000 + round), for: "shared")
            for reader in [first, second] {
                let value = try #require(reader.data(for: "shared"))
                #expect(Set(value).count == 1)
                #expect(value.count == (value[0] == 1 ? 1_000 : 2_000) + round)
            }
        }
        try first.flush()
        try second.flush()
        let third = try open()
        #expect(third.count == 2)
        #expect(third.totalSize == second.totalSize)
        #expect(third.data(for: "from-second", in: Self.alice) == Data("2".utf8))
    }

    @Test("Files are 0600 and folders 0700; an existing loose folder is tightened")
    func modes() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("photos"), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o755])
        chmod(directory.path, 0o755)
        let store = try open()
        try store.write(Data([1]), for: "a")
        try store.write(Data([2]), for: "b", in: Self.alice)
        try store.flush()
        for folder in [directory, store.folder(Self.photos), store.folder(Self.alice)] {
            #expect(mode(folder) == 0o700, "\(folder.lastPathComponent)")
        }
        let all = files()
        #expect(all.contains("index"))
        #expect(all.count == 3)  // two entries and the index: this format locks the folder itself
        for name in all {
            #expect(mode(directory.appendingPathComponent(name)) == 0o600, "\(name)")
        }
        try store.removeAll()
        #expect(files().isEmpty)
        #expect(store.totalSize == 0)
    }

    /// The store used to follow a symlinked folder (and tighten the link's target to 0700);
    /// now the store's folder and a namespace folder follow the private-folder rule.
    @Test("A symlinked store or namespace folder is refused, its target untouched")
    func symlinkedFolders() throws {
        let elsewhere = URL(fileURLWithPath: directory.path + "-elsewhere")
        let linkedStore = URL(fileURLWithPath: directory.path + "-link")
        defer {
            for url in [directory, elsewhere, linkedStore] { try? FileManager.default.removeItem(at: url) }
        }
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        chmod(elsewhere.path, 0o755)
        #expect(symlink(elsewhere.path, linkedStore.path) == 0)
        #expect {
            _ = try DiskStore(
                directory: linkedStore, format: Self.format,
                configuration: .init(sizeLimit: 1 << 20, trimRatio: 1, expiry: nil, indexWriteInterval: 32))
        } throws: { error in
            guard case .ioFailed(let path, let reason)? = error as? DiskStoreError else { return false }
            return path == linkedStore.path && reason.contains("symbolic link")
        }
        #expect(mode(elsewhere) == 0o755)
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)

        let store = try open()
        let namespace = store.folder(Self.alice)
        #expect(symlink(elsewhere.path, namespace.path) == 0)
        #expect {
            try store.write(Data([1]), for: "a", in: Self.alice)
        } throws: { error in
            guard case .ioFailed(let path, let reason)? = error as? DiskStoreError else { return false }
            return path == namespace.path && reason.contains("symbolic link")
        }
        #expect(mode(elsewhere) == 0o755)
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }

    /// Another user's folder used to fail only because `chmod` got EPERM (and as root it was
    /// taken over); now it is refused by owner. Needs root to make such a folder: the rule
    /// itself is checked for any user in `PrivateDirectoryTests` through an injected uid.
    @Test("Another user's store folder is refused")
    func foreignFolder() throws {
        guard geteuid() == 0 else { return }
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        chmod(directory.path, 0o755)
        chown(directory.path, 4242, 4242)
        #expect {
            _ = try open()
        } throws: { error in
            guard case .ioFailed(_, let reason)? = error as? DiskStoreError else { return false }
            return reason.contains("owned by user 4242")
        }
        #expect(mode(directory) == 0o755)
    }

    @Test("A legacy index empties the store; a corrupt one is rebuilt from the folders and reported")
    func indexRecovery() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let store = try open()
            try store.write(Data([1]), for: "a")
            try store.write(Data([2]), for: "b", in: Self.alice)
            try store.flush()
        }
        let indexFile = directory.appendingPathComponent("index")
        try Data("keel-test-index 1\nnot/an entry\n".utf8).write(to: indexFile)
        let rebuilt = try open()
        #expect(
            rebuilt.recoveredIndexError
                == .corruptIndex(file: indexFile.path, line: 2, reason: "expected 4 fields, found 2"))
        #expect(rebuilt.count == 2)
        #expect(rebuilt.data(for: "b", in: Self.alice) == Data([2]))
        try Data("keel-test-index 0\n".utf8).write(to: indexFile)
        let emptied = try open()
        #expect(emptied.count == 0)
        #expect(files().isEmpty)
        #expect(events.current.contains(.discardedLegacyStore(path: directory.path)))
    }

    @Test("The index text round-trips, naming default-namespace entries without a prefix")
    func indexText() throws {
        var index = DiskStoreIndex()
        index.records["photos/" + SHA256.hex("a")] = .init(size: 10, accessed: 1_000, expires: .max)
        index.records["s-alice/" + SHA256.hex("b")] = .init(size: 20, accessed: -5, expires: 99)
        let text = index.serialized(format: Self.format)
        let lines = String(decoding: text, as: UTF8.self).split(separator: "\n")
        #expect(lines.first == "keel-test-index 1")
        #expect(lines.contains { $0.hasPrefix(SHA256.hex("a") + " ") })
        #expect(lines.contains { $0.hasPrefix("s-alice/" + SHA256.hex("b") + " ") })
        #expect(try DiskStoreIndex.parse(text, file: "index", format: Self.format) == index)
        #expect(
            throws: DiskStoreError.corruptIndex(
                file: "index", line: 2, reason: "bad entry name \"x/y/\(SHA256.hex("a"))\"")
        ) {
            try DiskStoreIndex.parse(
                Data("keel-test-index 1\nx/y/\(SHA256.hex("a")) 1 2 3\n".utf8), file: "index",
                format: Self.format)
        }
    }

    @Test("Opening removes old temporaries of killed writers, and only those")
    func openingRemovesTemporariesOfKilledWriters() throws {
        // Used to keep them forever, outside the size accounting: nothing ever deleted a
        // `.<64hex>.<UUID>.tmp` or `.index.<UUID>.tmp` left between create and rename.
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try open()
        try store.write(Data([1]), for: "k")
        let folder = store.folder(Self.photos)
        let entryName = String(repeating: "a", count: 64)
        let staleEntry = folder.appendingPathComponent(".\(entryName).\(UUID().uuidString).tmp")
        let staleIndex = directory.appendingPathComponent(".index.\(UUID().uuidString).tmp")
        let liveEntry = folder.appendingPathComponent(".\(entryName).\(UUID().uuidString).tmp")
        let foreign = folder.appendingPathComponent(".notes.\(UUID().uuidString).tmp")
        let hourAndMore = Date(timeIntervalSince1970: 1_800_000_000 - 3_601)
        for url in [staleEntry, staleIndex, liveEntry, foreign] { try Data(count: 4096).write(to: url) }
        for url in [staleEntry, staleIndex, foreign] {
            try FileManager.default.setAttributes([.modificationDate: hourAndMore], ofItemAtPath: url.path)
        }
        // The clock's now: as young as a live writer's file.
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_800_000_000)], ofItemAtPath: liveEntry.path)
        _ = try open()
        #expect(!FileManager.default.fileExists(atPath: staleEntry.path))
        #expect(!FileManager.default.fileExists(atPath: staleIndex.path))
        #expect(FileManager.default.fileExists(atPath: liveEntry.path))
        #expect(FileManager.default.fileExists(atPath: foreign.path))
        clock.advance(seconds: 3_601)
        try open().sweep()
        #expect(!FileManager.default.fileExists(atPath: liveEntry.path))
        #expect(FileManager.default.fileExists(atPath: foreign.path))
    }

    @Test("An index over 64 MiB is rebuilt and reported, never read")
    func anOversizedIndexIsRebuiltUnread() throws {
        // Used to be read whole into memory (any size) before parsing.
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try open()
        try store.write(Data([1]), for: "k")
        try store.flush()
        let index = directory.appendingPathComponent("index")
        try #require(resizeFile(index.path, to: (64 << 20) + 1))
        let reopened = try open()
        #expect(
            reopened.recoveredIndexError
                == .corruptIndex(file: index.path, line: 0, reason: "larger than 67108864 bytes"))
        #expect(reopened.data(for: "k") == Data([1]))
    }
}

/// Truncates or extends (sparsely) the file at `path` to `size` bytes.
private func resizeFile(_ path: String, to size: Int) -> Bool {
    let fd = open(path, O_WRONLY)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    return ftruncate(fd, off_t(size)) == 0
}
