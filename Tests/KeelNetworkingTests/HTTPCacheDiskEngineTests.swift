import Foundation
import KeelNetworking
import KeelSupport
import Testing

/// The HTTP cache's disk layer as a user of the shared engine (`DiskStore`): partitions are
/// namespaces, the previous on-disk format is discarded, two caches on one folder agree.
@Suite("HTTP cache disk layer on the shared engine")
struct HTTPCacheDiskEngineTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "keel-http-disk-\(UUID().uuidString)")
    let url = URL(string: "https://api.example.com/users/42?token=t0k3n")!
    let response = StoredResponse(
        status: 200, headers: ["Cache-Control": "max-age=60", "ETag": "\"v1\""], body: Data("body".utf8),
        requestTime: Date(timeIntervalSince1970: 1_700_000_000),
        responseTime: Date(timeIntervalSince1970: 1_700_000_001),
        varyHashes: ["accept": SHA256.hex("application/json")])

    func open() throws -> HTTPCache {
        try HTTPCache(
            directory: folder, memoryCapacity: 0, diskCapacity: 1 << 20, shared: false, now: { Date() })
    }

    func folders() -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
    }

    @Test("Each partition is a folder of its own; removeAll(scope:) deletes that folder only")
    func partitionsAreNamespaces() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = try open()
        cache.store(response, for: url, in: .shared)
        cache.store(response, for: url, in: .scope("alice"))
        cache.store(response, for: url, in: .scope("bob"))
        let scopes = folders().filter { $0.hasPrefix("s-") }
        #expect(scopes.count == 2)
        #expect(folders().allSatisfy { !$0.contains("alice") && !$0.contains("bob") })
        cache.removeAll(scope: "alice")
        #expect(folders().filter { $0.hasPrefix("s-") }.count == 1)
        #expect(cache.response(for: url, in: .scope("alice")) == nil)
        #expect(cache.response(for: url, in: .scope("bob")) == response)
        #expect(cache.response(for: url, in: .shared) == response)
    }

    @Test("An entry copied over another account's entry is refused there")
    func misplacedEntryRefused() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = try open()
        cache.store(response, for: url, in: .scope("alice"))
        let aliceFolder = try #require(folders().first { $0.hasPrefix("s-") })
        cache.store(response, for: url, in: .scope("bob"))
        let bobFolder = try #require(folders().first { $0.hasPrefix("s-") && $0 != aliceFolder })
        func onlyFile(_ name: String) throws -> URL {
            let directory = folder.appendingPathComponent(name)
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(files.count == 1)
            return directory.appendingPathComponent(try #require(files.first))
        }
        let bobFile = try onlyFile(bobFolder)
        try FileManager.default.removeItem(at: bobFile)
        try FileManager.default.copyItem(at: try onlyFile(aliceFolder), to: bobFile)
        #expect(cache.response(for: url, in: .scope("bob")) == nil)
        #expect(!FileManager.default.fileExists(atPath: bobFile.path))
        #expect(cache.response(for: url, in: .scope("alice")) == response)
    }

    @Test("A folder in the previous format (JSON metadata, no index) is emptied on open, not misread")
    func previousFormatDiscarded() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let shared = folder.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        let old = shared.appendingPathComponent(SHA256.hex("shared\u{0}" + url.absoluteString))
        try Data("KHC1\u{0}\u{0}\u{0}\u{2}{}body".utf8).write(to: old)
        let cache = try open()
        #expect(!FileManager.default.fileExists(atPath: old.path))
        #expect(cache.sizes.disk == 0)
        #expect(cache.response(for: url, in: .shared) == nil)
    }

    @Test("Two caches on one folder see each other's entries and removals")
    func twoCachesOneFolder() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try open()
        let second = try open()
        first.store(response, for: url, in: .scope("alice"))
        #expect(second.response(for: url, in: .scope("alice")) == response)
        second.remove(url, in: .scope("alice"))
        #expect(first.response(for: url, in: .scope("alice")) == nil)
    }
}
