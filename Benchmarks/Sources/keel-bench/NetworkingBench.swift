import Foundation
import KeelNetworking
@_spi(Benchmarks) import KeelNetworkingTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension BenchSuite {
    /// `keel-bench networking`: APIClient overhead, concurrency and loopback throughput.
    static let networking = BenchSuite(
        name: "networking",
        summary: "APIClient: overhead over StubTransport, 1 000 requests 8 in flight, loopback requests/s"
    ) { reporter in
        let base = URL(string: "https://bench.test")!
        let body = Data(#"{"id":42,"name":"Ada Lovelace"}"#.utf8)
        let stub = StubTransport()
        stub.recordsRequests = false
        stub.route(
            .get, "/users/42",
            .response(status: 200, headers: ["Content-Type": "application/json"], body: body))
        let client = APIClient(
            configuration: .init(
                baseURL: base, interceptors: [BenchHeaderInterceptor()], allowsInsecureHTTP: true),
            transport: stub)
        let endpoint = Endpoint<BenchUser>(.get, "users/42")
        // The request the client hands its transport, for the bare-transport baseline.
        let capturing = CapturingTransport(stub)
        let bare = try runAsync {
            let client = APIClient(baseURL: base, transport: capturing, allowsInsecureHTTP: true)
            _ = try await client.send(endpoint)
            guard let request = capturing.request.current else { throw CancellationError() }
            return request
        }

        // Bare transport vs the whole client on the same transport.
        let iterations = 20_000
        let transportTime = try runAsync {
            try await bestOf(5) {
                for _ in 0..<iterations { blackHole(try await stub.send(bare)) }
            }
        }
        let clientTime = try runAsync {
            try await bestOf(5) {
                for _ in 0..<iterations { blackHole(try await client.send(endpoint)) }
            }
        }
        let overhead = max(0, clientTime - transportTime) / Double(iterations)

        // Baseline: a URLSession round trip answered by a URLProtocol stub.
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [BenchURLProtocol.self]
        let session = URLSession(configuration: configuration)
        let stubbedRequest = URLRequest(url: URL(string: "https://urlprotocol.bench.test/users/42")!)
        let urlProtocolIterations = 2_000
        let urlProtocolTime = try runAsync {
            try await bestOf(3) {
                for _ in 0..<urlProtocolIterations { blackHole(try await session.data(for: stubbedRequest)) }
            }
        }
        session.invalidateAndCancel()
        let baseline = urlProtocolTime / Double(urlProtocolIterations)
        reporter.report(
            "networking.stub_transport.per_request", transportTime / Double(iterations) * 1e6, "us")
        reporter.report("networking.client.per_request", clientTime / Double(iterations) * 1e6, "us")
        reporter.report("networking.urlprotocol_session.per_request", baseline * 1e6, "us")
        reporter.report("networking.client_overhead", overhead * 1e6, "us", baseline: baseline * 1e6)

        // 1 000 requests with 8 in flight.
        let concurrent = try runAsync {
            try await bestOf(5) {
                try await inFlight(8, total: 1_000) { _ in blackHole(try await client.send(endpoint)) }
            }
        }
        reporter.report("networking.concurrent_1000_x8", concurrent * 1000, "ms")

        // Loopback: a real server and URLSessionTransport.
        let server = try LocalHTTPServer()
        defer { server.stop() }
        server.route("GET", "/users/42") { _ in .json(#"{"id":42,"name":"Ada Lovelace"}"#) }
        let loopback = APIClient(
            baseURL: server.baseURL, transport: URLSessionTransport(), allowsInsecureHTTP: true)
        let loopbackCount = 2_000
        let loopbackTime = try runAsync {
            try await inFlight(8, total: 100) { _ in _ = try await loopback.send(endpoint) }  // warm-up
            return try await bestOf(3) {
                try await inFlight(8, total: loopbackCount) { _ in
                    blackHole(try await loopback.send(endpoint))
                }
            }
        }
        reporter.report(
            "networking.loopback.requests_per_second", Double(loopbackCount) / loopbackTime, "req/s")

        // 40 MB through APIClient against a plain URLSession data task on the same server
        // (the body must accumulate in linear time).
        let blob = Data(repeating: 0x5A, count: 40 * 1_000_000)
        server.route("GET", "/blob") { _ in .init(status: 200, body: blob) }
        let download = Endpoint<Data>(.get, target: .path("blob"), decoding: .data)
        let downloadTime = try runAsync {
            try await bestOf(3) { blackHole(try await loopback.send(download)) }
        }
        let plainSession = URLSession(configuration: .ephemeral)
        let blobURL = server.url("/blob")
        let plainTime = try runAsync {
            try await bestOf(3) {
                let count = try await withCheckedThrowingContinuation {
                    (continuation: CheckedContinuation<Int, any Error>) in
                    plainSession.dataTask(with: blobURL) { data, _, error in
                        if let error {
                            continuation.resume(throwing: error)
                        } else {
                            continuation.resume(returning: data?.count ?? 0)
                        }
                    }.resume()
                }
                blackHole(count)
            }
        }
        plainSession.invalidateAndCancel()
        reporter.report("networking.download40MB", downloadTime * 1000, "ms", baseline: plainTime * 1000)

        try cacheLines(server: server, endpoint: endpoint, reporter: reporter)
        try streamingLines(server: server, reporter: reporter)
    }

    /// The HTTP cache: a fresh hit from memory and from disk, and a conditional revalidation
    /// (`304`) round trip, each through the whole client, beside a plain URLSession loopback
    /// round trip on the same server (FoundationNetworking's URLCache serves no hits on Linux,
    /// so the round trip is the baseline here; on Apple platforms URLCache would be).
    private static func cacheLines(
        server: LocalHTTPServer, endpoint: Endpoint<BenchUser>, reporter: BenchReporter
    ) throws {
        let user = Data(#"{"id":42,"name":"Ada Lovelace"}"#.utf8)
        server.route("GET", "/cached/users/42") { _ in
            .init(headers: ["Content-Type": "application/json", "Cache-Control": "max-age=3600"], body: user)
        }
        server.route("GET", "/cached/search") { _ in
            .init(
                headers: [
                    "Content-Type": "application/json", "Cache-Control": "max-age=3600",
                    "Vary": "Accept-Language, Accept",
                ], body: user)
        }
        server.route("GET", "/revalidated/users/42") { request in
            let headers = ["Content-Type": "application/json", "Cache-Control": "no-cache", "ETag": #""v1""#]
            if request.header("If-None-Match") == #""v1""# { return .init(status: 304, headers: headers) }
            return .init(headers: headers, body: user)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keel-bench-http-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        func client(_ base: String, cache: HTTPCache) -> APIClient {
            APIClient(
                configuration: .init(
                    baseURL: server.url(base), retryPolicy: nil, allowsInsecureHTTP: true, cache: cache),
                transport: URLSessionTransport())
        }
        let memory = client("/cached", cache: try HTTPCache(directory: nil))
        let disk = client("/cached", cache: try HTTPCache(directory: folder, memoryCapacity: 0))
        let revalidating = client("/revalidated", cache: try HTTPCache(directory: nil))

        // Plain URLSession, one request at a time on a warm connection.
        let session = URLSession(configuration: .ephemeral)
        let url = server.url("/cached/users/42")
        let roundTrips = 500
        let plainTime = try runAsync {
            try await bestOf(3) {
                for _ in 0..<roundTrips {
                    let count = try await withCheckedThrowingContinuation {
                        (continuation: CheckedContinuation<Int, any Error>) in
                        session.dataTask(with: url) { data, _, error in
                            if let error {
                                continuation.resume(throwing: error)
                            } else {
                                continuation.resume(returning: data?.count ?? 0)
                            }
                        }.resume()
                    }
                    blackHole(count)
                }
            }
        }
        session.invalidateAndCancel()
        let roundTrip = plainTime / Double(roundTrips) * 1e6
        reporter.report("networking.urlsession_loopback.round_trip", roundTrip, "us")

        // The body as `Data`, as the URLSession baseline returns it; decoding into a model is
        // the same work on every path, so it has a line of its own.
        let body = Endpoint<Data>(.get, target: .path("users/42"), decoding: .data)
        let hits = 20_000
        for (name, client, count) in [
            ("networking.cache.memory_hit", memory, hits), ("networking.cache.disk_hit", disk, hits / 4),
            ("networking.cache.revalidation_304", revalidating, roundTrips),
        ] {
            let time = try runAsync {
                _ = try await client.send(body)  // stores the response
                return try await bestOf(3) {
                    for _ in 0..<count { blackHole(try await client.send(body)) }
                }
            }
            reporter.report(name, time / Double(count) * 1e6, "us", baseline: roundTrip)
        }
        // A hit whose URL has a query and whose response varies on two request headers: the
        // lookup also reads the query's names (a credential there makes the request credentialed)
        // and matches the stored request's varying headers.
        let search = Endpoint<Data>(
            .get, target: .path("search"),
            query: [
                URLQueryItem(name: "q", value: "swift concurrency"), URLQueryItem(name: "page", value: "2"),
            ],
            headers: ["Accept-Language": "en-GB", "Accept": "application/json"], decoding: .data)
        let varied = try runAsync {
            _ = try await memory.send(search)
            return try await bestOf(3) {
                for _ in 0..<hits { blackHole(try await memory.send(search)) }
            }
        }
        reporter.report(
            "networking.cache.memory_hit_query_vary", varied / Double(hits) * 1e6, "us", baseline: roundTrip)
        let decoded = try runAsync {
            try await bestOf(3) {
                for _ in 0..<hits { blackHole(try await memory.send(endpoint)) }
            }
        }
        reporter.report(
            "networking.cache.memory_hit_decoded", decoded / Double(hits) * 1e6, "us", baseline: roundTrip)
    }
}

/// The small body the benchmarks decode.
private struct BenchUser: Decodable, Sendable {
    var id: Int
    var name: String
}

/// An interceptor that adds one header, as a typical app's would.
private struct BenchHeaderInterceptor: APIInterceptor {
    func adapt(_ request: inout URLRequest, context: RequestContext) async throws {
        request.setValue("bench", forHTTPHeaderField: "X-Client")
    }
}

/// Passes requests on to a stub, keeping the last one.
private final class CapturingTransport: Transport {
    let stub: StubTransport
    let request = BenchLocked<TransportRequest?>(nil)

    init(_ stub: StubTransport) {
        self.stub = stub
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        self.request.set(request)
        return try await stub.send(request)
    }
}

/// Answers every request with a small JSON body, without any network.
private final class BenchURLProtocol: URLProtocol {
    private static let body = Data(#"{"id":42,"name":"Ada Lovelace"}"#.utf8)

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let response = HTTPURLResponse(
            url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1",
            headerFields: ["Content-Type": "application/json"])!
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Self.body)
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}

/// Runs async benchmark work from the synchronous suite closure.
private func runAsync<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let result = BenchResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        do { result.set(.success(try await body())) } catch { result.set(.failure(error)) }
        done.signal()
    }
    done.wait()
    return try result.get()
}

/// The best wall time in seconds of `repetitions` runs of `body`.
private func bestOf(_ repetitions: Int, _ body: () async throws -> Void) async rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<repetitions {
        let start = ContinuousClock.now
        try await body()
        let elapsed = start.duration(to: .now)
        best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
    }
    return best
}

/// Runs `total` operations with at most `width` in flight.
private func inFlight(
    _ width: Int, total: Int, _ operation: @escaping @Sendable (Int) async throws -> Void
) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
        var next = 0
        while next < min(width, total) {
            let index = next
            group.addTask { try await operation(index) }
            next += 1
        }
        while try await group.next() != nil {
            if next < total {
                let index = next
                group.addTask { try await operation(index) }
                next += 1
            }
        }
    }
}

/// Carries a result out of the benchmark task.
private final class BenchResultBox<T: Sendable>: @unchecked Sendable {
    // Written once before the semaphore is signalled, read after it is waited on.
    private var result: Result<T, any Error>?

    func set(_ value: Result<T, any Error>) {
        result = value
    }

    func get() throws -> T {
        guard let result else { throw CancellationError() }
        return try result.get()
    }
}
