import Foundation
import KeelNetworking
import KeelNetworkingTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A small JSON model used across the tests.
struct User: Codable, Equatable, Sendable {
    var id: Int
    var name: String
}

/// An error a test provider or handler throws on purpose.
struct PlannedFailure: Error, Equatable {
    var tag: String
}

/// A local server and a client pointed at it; the server stops when the fixture is released.
final class LoopbackFixture: Sendable {
    let server: LocalHTTPServer
    let client: APIClient

    init(
        retryPolicy: RetryPolicy? = .never,
        interceptors: [any APIInterceptor] = [],
        monitors: [any APIEventMonitor] = [],
        timeout: Duration = .seconds(20),
        bodyFileThreshold: Int = 4 << 20
    ) throws {
        server = try LocalHTTPServer(bodyFileThreshold: bodyFileThreshold)
        client = APIClient(
            configuration: .init(
                baseURL: server.url("/api"),
                defaultHeaders: ["Accept": "application/json", "X-Client": "keel-tests"],
                interceptors: interceptors, retryPolicy: retryPolicy, eventMonitors: monitors,
                timeout: timeout, allowsInsecureHTTP: true),
            transport: URLSessionTransport())
    }

    deinit {
        server.stop()
    }
}

/// Netlink sockets of this process (Linux).
enum NetlinkSockets {
    /// How many of this process's descriptors are netlink sockets (matched by inode against
    /// `/proc/self/net/netlink`); other descriptors come and go with the runtime and with
    /// tests running in parallel, so only these are counted.
    static func count() -> Int {
        guard let table = try? String(contentsOfFile: "/proc/self/net/netlink", encoding: .utf8) else {
            return 0
        }
        let inodes = Set(
            table.split(separator: "\n").dropFirst().compactMap { line in
                line.split(separator: " ").last.map(String.init)
            })
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.filter { fd in
            guard
                let target = try? FileManager.default.destinationOfSymbolicLink(
                    atPath: "/proc/self/fd/" + fd),
                target.hasPrefix("socket:[")
            else { return false }
            return inodes.contains(String(target.dropFirst(8).dropLast()))
        }.count
    }
}

/// Runs blocking work on a dispatch queue, off the (two-thread) cooperative pool.
func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
    }
}

/// Every test that talks to a loopback server, run one at a time.
///
/// On Linux every `URLSession` in a process shares one serial work queue (FoundationNetworking's
/// `org.swift.URLSession.SharedQueue`), and task creation, `resume()` and `cancel()` wait on it
/// synchronously. A test that streams a body as fast as loopback allows (the body-cap test's
/// endless response) or uploads megabytes keeps that queue busy, so under the thread sanitizer's
/// slowdown the requests of tests running beside it waited past their 20 s timeouts (seen in
/// CI: 50 concurrent requests and a 3 MB upload timed out while the body-cap stream drained).
/// Run alone, each finishes in well under a second, and timing assertions measure the client
/// rather than its neighbours.
@Suite("Serial loopback tests", .serialized)
enum SerialLoopbackTests {}

/// Two loopback servers, for the tests of what crosses an origin: `home` (the API) and `other`
/// (reached as `localhost` or through a redirect). Stop them with `stop()` in a `defer`.
final class TwoLoopbackOrigins: Sendable {
    let home: LocalHTTPServer
    let other: LocalHTTPServer

    init() throws {
        home = try LocalHTTPServer()
        other = try LocalHTTPServer()
    }

    func stop() {
        home.stop()
        other.stop()
    }
}
