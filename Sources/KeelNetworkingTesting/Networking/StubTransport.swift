import Foundation
import KeelNetworking
import KeelSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `Transport` for tests: canned responses per route, an endpoint's sample response,
/// latency on an injected clock, error injection, and a record of every request with its
/// body (uploads included, which a `URLProtocol` stub cannot see on Linux).
///
/// ```swift
/// let stub = StubTransport()
/// stub.route(.get, "/users/42", .json(#"{"id":42}"#))
/// stub.route(.get, "/flaky", .status(503), .status(503), .json("{}"))   // one per attempt
/// let client = APIClient(baseURL: URL(string: "https://api.test")!, transport: stub)
/// ```
public final class StubTransport: Transport {
    /// What a stubbed request gets.
    public enum Reply: Sendable {
        /// A response.
        case response(status: Int, headers: [String: String], body: Data)
        /// A thrown error (such as `URLError(.notConnectedToInternet)`).
        case failure(any Error)
        /// The endpoint's `SampleResponse` (404 when it has none).
        case sample

        /// A JSON response.
        public static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> Reply {
            .response(
                status: status,
                headers: headers.addingDefault("Content-Type", "application/json"),
                body: Data(text.utf8))
        }

        /// An empty response with `code` and `headers`.
        public static func status(_ code: Int, headers: [String: String] = [:]) -> Reply {
            .response(status: code, headers: headers, body: Data())
        }
    }

    /// A request the stub received.
    public struct RecordedRequest: Sendable {
        /// The request as sent (after interceptors).
        public var urlRequest: URLRequest
        /// The body bytes, read from disk for file uploads.
        public var body: Data

        /// The method.
        public var method: String { urlRequest.httpMethod ?? "GET" }
        /// The URL path, decoded, with its trailing slash (`/users/` is not `/users`).
        public var path: String { urlRequest.url.map(StubTransport.path(of:)) ?? "" }
        /// A header, case-insensitively.
        public func header(_ name: String) -> String? { urlRequest.value(forHTTPHeaderField: name) }
    }

    private struct Route {
        let method: HTTPMethod?
        let path: String?
        let handler: (@Sendable (RecordedRequest) async throws -> Reply)?
        var replies: [Reply]
        let delay: Duration?
    }

    private struct State {
        var routes: [Route] = []
        var requests: [RecordedRequest] = []
        var injectedFailures: [any Error] = []
        var recordsRequests = true
    }

    private let state = Locked(State())
    private let clock: any Clock<Duration>
    /// Latency added to every reply (routes may set their own).
    package let latency: Duration

    /// A stub whose delays run on `clock`; with no matching route, requests get the
    /// endpoint's sample response.
    public init(latency: Duration = .zero, clock: any Clock<Duration> = ContinuousClock()) {
        self.latency = latency
        self.clock = clock
    }

    /// Replies to `method` (any when `nil`) requests for `path` with `replies`, one per
    /// request in order; the last repeats. When several routes match a request, the one
    /// registered last wins (as in ``LocalHTTPServer`` and OHHTTPStubs), so a test can re-stub
    /// a path part way through.
    public func route(
        _ method: HTTPMethod? = nil, _ path: String, _ replies: Reply..., delay: Duration? = nil
    ) {
        state.withLock {
            $0.routes.append(Route(method: method, path: path, handler: nil, replies: replies, delay: delay))
        }
    }

    /// Replies to matching requests with whatever `handler` returns (it sees the body); a
    /// route registered later for the same request wins over it.
    public func route(
        _ method: HTTPMethod? = nil, _ path: String? = nil, delay: Duration? = nil,
        handler: @escaping @Sendable (RecordedRequest) async throws -> Reply
    ) {
        state.withLock {
            $0.routes.append(Route(method: method, path: path, handler: handler, replies: [], delay: delay))
        }
    }

    /// Makes the next requests fail with `error`, `count` times (before any route).
    public func injectFailure(_ error: any Error, count: Int = 1) {
        state.withLock { $0.injectedFailures += Array(repeating: error, count: max(0, count)) }
    }

    /// Whether requests are recorded; the `networking` benchmark (`keel-bench networking`) turns
    /// it off, so `requests` does not grow through its runs.
    @_spi(Benchmarks) public var recordsRequests: Bool {
        get { state.withLock { $0.recordsRequests } }
        set { state.withLock { $0.recordsRequests = newValue } }
    }

    /// Every request received, in order.
    public var requests: [RecordedRequest] {
        state.withLock { $0.requests }
    }

    /// Forgets the recorded requests.
    public func removeRecordedRequests() {
        state.withLock { $0.requests.removeAll() }
    }

    /// A URL's path as routes name it: decoded, with a trailing slash kept (`URL.path` drops
    /// it, so a route for `/users/` never matched). `path(percentEncoded:)` reads the parsed
    /// URL: about 70 ns, where `URLComponents` parsed it again (about 800 ns a request).
    static func path(of url: URL) -> String {
        url.path(percentEncoded: false)
    }

    /// Replies according to the routes, after the latency.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        guard let url = request.urlRequest.url else { throw URLError(.badURL) }
        let recorded = RecordedRequest(urlRequest: request.urlRequest, body: try request.readBody())
        let method = HTTPMethod(rawValue: request.urlRequest.httpMethod ?? "GET")
        let path = Self.path(of: url)
        let (reply, handler, delay):
            (Reply?, (@Sendable (RecordedRequest) async throws -> Reply)?, Duration?) =
                state.withLock { state in
                    if state.recordsRequests { state.requests.append(recorded) }
                    if !state.injectedFailures.isEmpty {
                        return (.failure(state.injectedFailures.removeFirst()), nil, nil)
                    }
                    guard
                        // The newest matching route: the first one used to win, so a path
                        // re-stubbed part way through a test kept its first answer.
                        let index = state.routes.lastIndex(where: {
                            ($0.method == nil || $0.method == method) && ($0.path == nil || $0.path == path)
                        })
                    else { return (.sample, nil, nil) }
                    let route = state.routes[index]
                    if let handler = route.handler { return (nil, handler, route.delay) }
                    let next = route.replies.first ?? .sample
                    if route.replies.count > 1 { state.routes[index].replies.removeFirst() }
                    return (next, nil, route.delay)
                }
        let wait = delay ?? latency
        if wait > .zero {
            let clock = self.clock
            try await sleep(for: wait, on: clock)
        }
        try Task.checkCancellation()
        let resolved = try await handler?(recorded) ?? reply ?? .sample
        if let progress = request.progress, !recorded.body.isEmpty {
            let total = Int64(recorded.body.count)
            progress(TransferProgress(direction: .upload, completedBytes: total / 2, totalBytes: total))
            progress(TransferProgress(direction: .upload, completedBytes: total, totalBytes: total))
        }
        switch resolved {
        case .failure(let error):
            throw error
        case .response(let status, let headers, let body):
            return try Self.response(url, status, headers, body)
        case .sample:
            let sample = request.sampleResponse ?? SampleResponse(statusCode: 404)
            return try Self.response(url, sample.statusCode, sample.headers, sample.body)
        }
    }

    private static func response(_ url: URL, _ status: Int, _ headers: [String: String], _ body: Data) throws
        -> TransportResponse
    {
        guard let response = TransportResponse(url: url, statusCode: status, headers: headers, data: body)
        else {
            throw URLError(.badServerResponse)
        }
        return response
    }
}

extension [String: String] {
    /// These headers with `name: value` added unless a header of that name is there in any
    /// case (`content-type` beside a default `Content-Type` gave both, and which one the
    /// response carried changed from run to run).
    func addingDefault(_ name: String, _ value: String) -> [String: String] {
        guard !keys.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) else { return self }
        var headers = self
        headers[name] = value
        return headers
    }
}
