import Foundation
import KeelNetworking
import KeelNetworkingTesting
import KeelSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Wall-clock time a test moves by hand.
final class ManualNow: Sendable {
    private let date = Locked(Date(timeIntervalSince1970: 1_700_000_000))

    var now: Date { date.current }

    func advance(_ seconds: TimeInterval) {
        date.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    /// An HTTP-date `offset` seconds from now.
    func httpDate(_ offset: TimeInterval = 0) -> String {
        RetryAfter.httpDateString(now.addingTimeInterval(offset))
    }
}

/// Counts up from 1, from any thread.
final class Counter: Sendable {
    private let value = Locked(0)

    func next() -> Int {
        value.withLock {
            $0 += 1
            return $0
        }
    }
}

/// A loopback server, a cache on a manual clock (on disk in a fresh folder) and a client
/// using both.
final class CacheFixture: Sendable {
    let server: LocalHTTPServer
    let clock = ManualNow()
    let cache: HTTPCache
    let client: APIClient
    let folder: URL

    init(
        policy: CachePolicy = .standard, scope: String? = nil, monitor: NetworkMonitor? = nil,
        diskCapacity: Int = 1 << 20, memoryCapacity: Int = 1 << 20, headers: [String: String] = [:]
    ) throws {
        server = try LocalHTTPServer()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keel-http-cache-\(UUID().uuidString)")
        let clock = self.clock
        cache = try HTTPCache(
            directory: folder, memoryCapacity: memoryCapacity, diskCapacity: diskCapacity, shared: false,
            now: { clock.now })
        client = Self.client(
            server: server, cache: cache, policy: policy, scope: scope, monitor: monitor, headers: headers)
    }

    static func client(
        server: LocalHTTPServer, cache: HTTPCache, policy: CachePolicy = .standard, scope: String? = nil,
        monitor: NetworkMonitor? = nil, headers: [String: String] = [:]
    ) -> APIClient {
        APIClient(
            configuration: .init(
                baseURL: server.baseURL,
                defaultHeaders: ["Accept": "application/json"].merging(headers) { _, new in new },
                retryPolicy: nil, timeout: .seconds(60), allowsInsecureHTTP: true, cache: cache,
                cachePolicy: policy, cacheScope: scope, networkMonitor: monitor),
            transport: URLSessionTransport())
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// How many requests reached `path`.
    func count(_ path: String) -> Int {
        server.requests.filter { $0.path == path }.count
    }

    /// GETs `path` and returns the body as text with where it came from.
    func get(
        _ path: String, headers: [String: String] = [:], policy: CachePolicy? = nil,
        using client: APIClient? = nil
    )
        async throws -> (String, ResponseSource)
    {
        let reply = try await (client ?? self.client).response(
            Endpoint<Data>(.get, target: .path(path), headers: headers, cachePolicy: policy, decoding: .data))
        return (String(decoding: reply.value, as: UTF8.self), reply.source)
    }

    /// Every file under the cache folder (relative paths).
    func files() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        var found: [String] = []
        while let next = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(next).path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                found.append(next)
            }
        }
        return found
    }
}

/// A route answering `200` with `body` and `headers`, or `304` when the request's validator
/// matches `etag` (or any `If-Modified-Since` when `lastModified` is set).
func validatingRoute(
    etag: String? = nil, lastModified: String? = nil, headers: [String: String] = [:],
    body: @escaping @Sendable () -> String
) -> LocalHTTPServer.Handler {
    { request in
        var all = headers
        if let etag { all["ETag"] = etag }
        if let lastModified { all["Last-Modified"] = lastModified }
        if let etag, request.header("If-None-Match") == etag { return .init(status: 304, headers: all) }
        if etag == nil, lastModified != nil, request.header("If-Modified-Since") != nil {
            return .init(status: 304, headers: all)
        }
        return .init(status: 200, headers: all, body: Data(body().utf8))
    }
}
