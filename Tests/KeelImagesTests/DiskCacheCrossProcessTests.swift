import Foundation
import KeelSupport
import KeelTestSupport
import KeelTesting
import Testing

@testable import KeelImages

/// Two processes share one cache directory and rewrite the same key at the same time.
///
/// The helper process (KeelImagesTestHelper) and this one each write the shared key with a
/// payload of their own byte 150 times, plus keys of their own, reading the shared key back
/// between writes. Every read must be one writer's complete payload (rename is atomic; the
/// checksum would reject a mix), and after both flush, a fresh instance must see every
/// key from both processes (index merge under flock).
@Suite("Disk cache across processes")
struct DiskCacheCrossProcessTests {
    @Test("two processes writing the same key never produce a corrupt read or lose entries")
    func twoProcesses() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let helper = try #require(
            ChildProcess.builtExecutable(named: "KeelImagesTestHelper"),
            "KeelImagesTestHelper is built beside the tests")
        let rounds = 150
        let cache = try ImageDiskCache(
            directory: directory, configuration: .init(sizeLimit: 1 << 30, indexWriteInterval: 5))
        // The helper runs on a dispatch queue (ChildProcess), not on a cooperative thread that
        // other tests need while this one waits for it.
        let helperDone = Locked(false)
        let child = Task {
            defer { helperDone.set(true) }
            return try await ChildProcess.run(
                helper, arguments: ["disk-write", directory.path, "shared", "66", "\(rounds)"])
        }
        // Start writing once the helper has written (or has finished), so the two overlap.
        let helperFirstEntry = directory.appendingPathComponent("entries")
            .appendingPathComponent(SHA256.hex("helper-0")).path
        #expect(
            await eventually {
                helperDone.current || FileManager.default.fileExists(atPath: helperFirstEntry)
            })
        let mine = Data(repeating: 77, count: 50_000)
        var reads = 0
        for round in 0..<rounds {
            try cache.store(mine, for: "shared")
            try cache.store(Data("main \(round)".utf8), for: "main-\(round)")
            if let read = cache.data(for: "shared") {
                reads += 1
                #expect(read.count == 50_000)
                #expect(Set(read) == [77] || Set(read) == [66])
            }
        }
        try cache.flush()
        let result = try await child.value
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("bad-reads 0"))
        #expect(reads > 0)

        let fresh = try ImageDiskCache(directory: directory)
        #expect(fresh.count == 2 * rounds + 1)
        for round in 0..<rounds {
            #expect(fresh.data(for: "main-\(round)") == Data("main \(round)".utf8))
            #expect(fresh.data(for: "helper-\(round)") == Data("helper \(round)".utf8))
        }
        let shared = try #require(fresh.data(for: "shared"))
        #expect(Set(shared) == [77] || Set(shared) == [66])
    }
}
