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
                headers: headers.merging(["Content-Type": "application/json"]) { old, _ in old },
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
        /// The URL path.
        public var path: String { urlRequest.url?.path ?? "" }
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
    /// request in order; the last repeats.
    public func route(
        _ method: HTTPMethod? = nil, _ path: String, _ replies: Reply..., delay: Duration? = nil
    ) {
        state.withLock {
            $0.routes.append(Route(method: method, path: path, handler: nil, replies: replies, delay: delay))
        }
    }

    /// Replies to matching requests with whatever `handler` returns (it sees the body).
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

    /// Replies according to the routes, after the latency.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        guard let url = request.urlRequest.url else { throw URLError(.badURL) }
        let recorded = RecordedRequest(urlRequest: request.urlRequest, body: try request.readBody())
        let method = HTTPMethod(rawValue: request.urlRequest.httpMethod ?? "GET")
        let path = url.path
        let (reply, handler, delay):
            (Reply?, (@Sendable (RecordedRequest) async throws -> Reply)?, Duration?) =
                state.withLock { state in
                    if state.recordsRequests { state.requests.append(recorded) }
                    if !state.injectedFailures.isEmpty {
                        return (.failure(state.injectedFailures.removeFirst()), nil, nil)
                    }
                    guard
                        let index = state.routes.firstIndex(where: {
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
