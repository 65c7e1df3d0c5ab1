import Foundation
import KeelSupport

/// A small HTTP/1.1 server on 127.0.0.1 and an ephemeral port, for tests and benchmarks
/// (no outside packages, nothing beyond loopback).
///
/// A thread accepts connections and a thread serves each one (keep-alive, bounded reads).
/// Routes answer with a status, headers and body, optionally after a delay, or close the
/// connection mid-response. Request bodies (`Content-Length` or chunked, after
/// `100-continue`) are kept in memory, or streamed to a file above `bodyFileThreshold`.
///
/// ```swift
/// let server = try LocalHTTPServer()
/// defer { server.stop() }
/// server.route("GET", "/hello") { _ in .init(status: 200, body: Data("hi".utf8)) }
/// let url = server.url("/hello")
/// ```
public final class LocalHTTPServer: Sendable {
    /// A request as the server parsed it.
    public struct Request: Sendable {
        /// The method.
        public var method: String
        /// The path, without the query.
        public var path: String
        /// The raw query (after `?`), if any.
        package var query: String?
        /// Headers with lower-cased names.
        package var headers: [String: String]
        /// The body, when kept in memory.
        public var body: Data
        /// The file holding the body, when it was streamed to disk (removed by ``stop()``).
        package var bodyFile: URL?
        /// How many body bytes arrived.
        package var bodyLength: Int
        /// Whether the body came chunked.
        package var wasChunked: Bool
        /// Whether the server stopped reading the body part way (``cutRequestBody(path:after:)``)
        /// and will close the connection without answering.
        package var bodyWasCut = false

        /// The header `name` (case-insensitive).
        public func header(_ name: String) -> String? { headers[name.lowercased()] }

        /// The query items.
        public var queryItems: [URLQueryItem] {
            guard let query else { return [] }
            return URLComponents(string: "http://localhost/?" + query)?.queryItems ?? []
        }
    }

    /// A response a route returns.
    public struct Response: Sendable {
        /// What the server does with the response.
        public enum Behavior: Sendable {
            /// Send it.
            case normal
            /// Send the head and half the body, then close the connection.
            case closeMidBody
            /// Send `bytes` exactly as given instead of a generated response (a malformed
            /// status line, a truncated head, bad chunking …), then close the connection.
            case raw(Data)
            /// Send the status and headers without a `Content-Length`, then `chunk` every
            /// `interval` for as long as the client reads (the body never ends); the connection
            /// closes when the client goes away or the server stops.
            case endlessBody(chunk: Data, interval: Duration)
        }

        /// The status code.
        package var status: Int
        /// The headers (`Content-Length` is added).
        package var headers: [String: String]
        /// The body.
        package var body: Data
        /// How long to wait before answering (cut short when the client goes away).
        package var delay: Duration
        /// Normal or broken.
        package var behavior: Behavior
        /// When set, the body is sent chunked by this function on the connection's thread:
        /// each call of `send` writes one chunk (`false` once the client has gone), and the
        /// body ends when the function returns. `body` and `behavior` are then ignored.
        package var chunkedBody: (@Sendable (_ send: (Data) -> Bool) -> Void)?
        /// The `Content-Length` sent when it is not the body's (a HEAD answer's); `-1` for none
        /// (a HEAD answer to a streamed body, whose length the GET would not send either).
        package var contentLength: Int?

        /// The same head without its content, as a HEAD request is answered: the
        /// `Content-Length` a GET would get (none for a streamed body), no body bytes.
        package var withoutContent: Response {
            var response = self
            switch behavior {
            case .raw: return self
            case .normal, .closeMidBody:
                response.contentLength = chunkedBody == nil ? body.count : -1
            case .endlessBody:
                response.contentLength = -1
            }
            response.behavior = .normal
            response.chunkedBody = nil
            response.body = Data()
            return response
        }

        /// Creates a response.
        public init(
            status: Int = 200, headers: [String: String] = [:], body: Data = Data(), delay: Duration = .zero,
            behavior: Behavior = .normal
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
            self.behavior = behavior
        }

        /// A JSON response.
        public static func json(_ text: String, status: Int = 200, headers: [String: String] = [:])
            -> Response
        {
            Response(
                status: status,
                headers: headers.addingDefault("Content-Type", "application/json"),
                body: Data(text.utf8))
        }

        /// A response whose body `writer` sends chunk by chunk (see ``Response/chunkedBody``).
        package static func chunked(
            status: Int = 200, headers: [String: String] = [:],
            writer: @escaping @Sendable (_ send: (Data) -> Bool) -> Void
        ) -> Response {
            var response = Response(status: status, headers: headers)
            response.chunkedBody = writer
            return response
        }
    }

    /// A route handler.
    public typealias Handler = @Sendable (Request) -> Response

    struct State {
        var routes: [(method: String?, path: String, handler: Handler)] = []
        var requests: [Request] = []
        var connections: Set<Int32> = []
        var files: [URL] = []
        var stopped = false
        /// Paths whose next request body is read only up to a byte count.
        var bodyCuts: [String: Int] = [:]
    }

    let state = Locked(State())
    let listener: Int32
    /// The port the server listens on.
    package let port: Int
    /// Bodies at least this large are written to a file instead of memory.
    package let bodyFileThreshold: Int
    /// How long a connection may stay idle before the server closes it.
    package let idleTimeout: Duration
    /// Signalled when the accept thread has ended (boxed: the semaphore is not `Sendable` in
    /// Apple SDKs; it is only ever signalled once and waited on once).
    private let acceptDone = Locked(DispatchSemaphore(value: 0))

    /// Starts listening on 127.0.0.1 and a free port.
    ///
    /// - Throws: `POSIXError` when the socket cannot be set up.
    public init(bodyFileThreshold: Int = 4 << 20, idleTimeout: Duration = .seconds(5)) throws {
        self.bodyFileThreshold = bodyFileThreshold
        self.idleTimeout = idleTimeout
        (listener, port) = try SocketIO.listenOnLoopback()
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "keel.local-http.accept"
        thread.start()
    }

    deinit {
        stop()
    }

    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port)")!
    }

    /// The URL of `path` on this server.
    public func url(_ path: String) -> URL {
        url(path, host: "127.0.0.1")
    }

    /// The URL of `path` on this server through another name for the loopback address, such
    /// as `localhost`: the same server, but a different origin to the client.
    package func url(_ path: String, host: String) -> URL {
        URL(string: "http://\(host):\(port)\(path.hasPrefix("/") ? path : "/" + path)")!
    }

    /// How many client connections are open now (a connection the client closed is gone
    /// once its serving thread notices, within a few milliseconds for a streaming response).
    package var openConnectionCount: Int {
        state.withLock { $0.connections.count }
    }

    /// Answers `method` (any when `nil`) requests for `path` with `handler`; later routes
    /// for the same path win.
    public func route(_ method: String? = nil, _ path: String, handler: @escaping Handler) {
        state.withLock { $0.routes.insert((method?.uppercased(), path, handler), at: 0) }
    }

    /// Reads only the first `bytes` of the next request body sent to `path` (one with a
    /// `Content-Length`), passes that part to the route (``Request/bodyWasCut`` set), then closes
    /// the connection without an answer: an upload broken off part way, as a resumable-upload
    /// server sees it.
    package func cutRequestBody(path: String, after bytes: Int) {
        state.withLock { $0.bodyCuts[path] = max(0, bytes) }
    }

    /// Every request received so far.
    public var requests: [Request] {
        state.withLock { $0.requests }
    }

    /// Stops accepting, closes every connection and removes body files. Idempotent.
    ///
    /// Descriptors are shut down and closed only under the state lock, by their owning
    /// thread, so a number reused by another socket after a close is never touched.
    public func stop() {
        let (first, files) = state.withLock { state -> (Bool, [URL]) in
            defer {
                state.stopped = true
                state.files.removeAll()
            }
            if !state.stopped {
                SocketIO.shutdown(listener)
                for connection in state.connections { SocketIO.shutdown(connection) }
            }
            return (!state.stopped, state.files)
        }
        guard first else { return }
        _ = acceptDone.current.wait(timeout: .now() + 2)
        for file in files { try? FileManager.default.removeItem(at: file) }
    }

    var isStopped: Bool {
        state.withLock { $0.stopped }
    }

    private func acceptLoop() {
        defer {
            state.withLock { _ in SocketIO.close(listener) }
            acceptDone.current.signal()
        }
        while !isStopped {
            guard let connection = SocketIO.accept(listener) else {
                if isStopped { return }
                continue
            }
            let accepted = state.withLock { state -> Bool in
                if state.stopped {
                    SocketIO.close(connection)
                    return false
                }
                state.connections.insert(connection)
                return true
            }
            guard accepted else { return }
            SocketIO.configure(connection, timeout: idleTimeout)
            let thread = Thread { [self] in
                serve(connection)
                state.withLock { state in
                    state.connections.remove(connection)
                    SocketIO.close(connection)
                }
            }
            thread.name = "keel.local-http.connection"
            thread.start()
        }
    }

    func handler(for request: Request) -> Handler? {
        state.withLock { state in
            let exact = state.routes.first {
                ($0.method == nil || $0.method == request.method) && $0.path == request.path
            }
            // A HEAD request is answered as the GET would be, without its body (RFC 9110
            // §9.3.2), as real servers do: a route registered for GET used to answer it 404.
            guard exact == nil, request.method == "HEAD" else { return exact?.handler }
            return state.routes.first { $0.method == "GET" && $0.path == request.path }?.handler
        }
    }

    func record(_ request: Request) {
        state.withLock {
            $0.requests.append(request)
            if let file = request.bodyFile { $0.files.append(file) }
        }
    }
}
