import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where an endpoint's request goes.
public enum EndpointTarget: Sendable, Equatable {
    /// A path resolved against the client's base URL.
    case path(String)
    /// An absolute URL, used as is (the base URL is ignored).
    case url(URL)
}

/// One API call: where it goes, how, with what — the original foundation's protocol, which an
/// app's endpoint types conform to.
///
/// ```swift
/// struct ProfileEndpoint: APIEndpoint {
///     let path = "/user/profile"
///     let method: HTTPMethod = .get
/// }
///
/// struct LoginEndpoint: APIEndpoint {
///     let path = "/user/login"
///     let method: HTTPMethod = .post
///     let body: Data?
/// }
///
/// let profile: Profile = try await client.request(ProfileEndpoint())
/// ```
///
/// Only ``path`` is required. Everything else has a default an endpoint may override:
/// ``method`` (GET), ``headers`` (none beyond the client's), ``body`` (none; bytes are sent as
/// `application/json` unless ``headers`` name another `Content-Type`), and Keel's richer
/// members — ``target`` (an absolute URL instead of a path), ``query``, ``requestBody`` (JSON,
/// forms, multipart, files), ``decoder``, ``acceptableStatusCodes``, ``timeout``,
/// ``isIdempotent``, ``sampleResponse`` and ``interceptors``.
/// ``APIClient/request(_:as:)`` sends any endpoint and decodes its JSON response as the
/// type the call site asks for. ``Endpoint`` is the ready-made conformer that also carries
/// how its response is decoded.
public protocol APIEndpoint: Sendable {
    /// The path, resolved against the client's base URL (a leading `/` is allowed).
    var path: String { get }
    /// The method; GET by default.
    var method: HTTPMethod { get }
    /// Headers, added over the client's default headers; none by default.
    var headers: [String: String] { get }
    /// The body bytes; none by default. Sent as `application/json` unless ``headers`` name a
    /// `Content-Type`.
    var body: Data? { get }
    /// Where the request goes; ``path`` by default.
    var target: EndpointTarget { get }
    /// Query items, in order; a `nil` value renders as a bare name. None by default.
    var query: [URLQueryItem] { get }
    /// The body in full (JSON values, forms, multipart, files); ``body`` by default.
    var requestBody: RequestBody { get }
    /// A decoder overriding the client's; `nil` by default.
    var decoder: JSONDecoder? { get }
    /// The status codes treated as success; `200...299` by default.
    var acceptableStatusCodes: StatusCodes { get }
    /// The longest the whole call (every attempt and retry delay) may take; `nil` (the
    /// client's default) by default.
    var timeout: Duration? { get }
    /// Overrides the method's idempotency for the retry policy; `nil` by default.
    var isIdempotent: Bool? { get }
    /// A canned response for stubs; none by default.
    var sampleResponse: SampleResponse? { get }
    /// Interceptors for this endpoint, run after the client's; none by default.
    var interceptors: [any APIInterceptor] { get }
}

extension APIEndpoint {
    /// GET.
    public var method: HTTPMethod { .get }
    /// None.
    public var headers: [String: String] { [:] }
    /// None.
    public var body: Data? { nil }
    /// ``path``, relative to the base URL.
    public var target: EndpointTarget { .path(path) }
    /// None.
    public var query: [URLQueryItem] { [] }
    /// ``body`` as `application/json` bytes, or no body.
    public var requestBody: RequestBody {
        body.map { .data($0, contentType: "application/json") } ?? .none
    }
    /// The client's.
    public var decoder: JSONDecoder? { nil }
    /// `200...299`.
    public var acceptableStatusCodes: StatusCodes { .success }
    /// The client's default.
    public var timeout: Duration? { nil }
    /// The method's.
    public var isIdempotent: Bool? { nil }
    /// None.
    public var sampleResponse: SampleResponse? { nil }
    /// None.
    public var interceptors: [any APIInterceptor] { [] }

    /// Whether the retry policy may repeat this request: the override, else the method's.
    package var isEffectivelyIdempotent: Bool {
        isIdempotent ?? method.isIdempotent
    }
}

/// An ``APIEndpoint`` value that also says how to decode its response, so
/// ``APIClient/send(_:)`` returns a `Response` without the call site naming it.
///
/// ```swift
/// let user = Endpoint<User>(.get, "users/42", query: [URLQueryItem(name: "fields", value: "name")])
/// let created = Endpoint<User>(.post, "users", body: .json(NewUser(name: "Ada")))
/// let deleted = Endpoint<Void>(.delete, "users/42")
/// ```
public struct Endpoint<Response: Sendable>: APIEndpoint {
    /// Where the request goes.
    package typealias Target = EndpointTarget

    /// The method.
    public var method: HTTPMethod
    /// The path or absolute URL.
    public var target: EndpointTarget
    /// Query items, in order; a `nil` value renders as a bare name.
    public var query: [URLQueryItem]
    /// Headers, added over the client's default headers.
    public var headers: [String: String]
    /// The body.
    public var requestBody: RequestBody
    /// A decoder overriding the client's.
    public var decoder: JSONDecoder?
    /// The status codes treated as success (`200...299` by default).
    public var acceptableStatusCodes: StatusCodes
    /// The longest the whole call (every attempt and retry delay) may take; `nil` uses the
    /// client's default.
    public var timeout: Duration?
    /// Overrides the method's idempotency for the retry policy.
    public var isIdempotent: Bool?
    /// A canned response for stubs.
    public var sampleResponse: SampleResponse?
    /// Interceptors for this endpoint, run after the client's.
    public var interceptors: [any APIInterceptor]
    /// Turns a successful response into `Response`.
    package var decoding: ResponseDecoding<Response>

    /// The path of a ``EndpointTarget/path(_:)`` target, or the absolute URL's text.
    public var path: String {
        switch target {
        case .path(let path): path
        case .url(let url): url.absoluteString
        }
    }

    /// The bytes of a ``RequestBody/data(_:contentType:)`` body; `nil` for other bodies.
    public var body: Data? {
        if case .data(let data, _) = requestBody { return data }
        return nil
    }

    /// `endpoint`, whatever its type, with `decoding` for its response.
    public init(_ endpoint: some APIEndpoint, decoding: ResponseDecoding<Response>) {
        self.init(
            endpoint.method, target: endpoint.target, query: endpoint.query, headers: endpoint.headers,
            body: endpoint.requestBody, decoder: endpoint.decoder,
            acceptableStatusCodes: endpoint.acceptableStatusCodes, timeout: endpoint.timeout,
            isIdempotent: endpoint.isIdempotent, sampleResponse: endpoint.sampleResponse,
            interceptors: endpoint.interceptors, decoding: decoding)
    }

    /// Creates an endpoint with an explicit decoding strategy.
    public init(
        _ method: HTTPMethod = .get,
        target: EndpointTarget,
        query: [URLQueryItem] = [],
        headers: [String: String] = [:],
        body: RequestBody = .none,
        decoder: JSONDecoder? = nil,
        acceptableStatusCodes: StatusCodes = .success,
        timeout: Duration? = nil,
        isIdempotent: Bool? = nil,
        sampleResponse: SampleResponse? = nil,
        interceptors: [any APIInterceptor] = [],
        decoding: ResponseDecoding<Response>
    ) {
        self.method = method
        self.target = target
        self.query = query
        self.headers = headers
        self.requestBody = body
        self.decoder = decoder
        self.acceptableStatusCodes = acceptableStatusCodes
        self.timeout = timeout
        self.isIdempotent = isIdempotent
        self.sampleResponse = sampleResponse
        self.interceptors = interceptors
        self.decoding = decoding
    }
}

extension Endpoint where Response: Decodable {
    /// `endpoint`, whatever its type, with its JSON response decoded as `Response`.
    package init(_ endpoint: some APIEndpoint) {
        self.init(endpoint, decoding: .json)
    }

    /// An endpoint at `path` (relative to the base URL) whose JSON body decodes to `Response`.
    /// An optional `Response` decodes an empty body (or 204/205) as `nil`.
    public init(
        _ method: HTTPMethod = .get,
        _ path: String,
        query: [URLQueryItem] = [],
        headers: [String: String] = [:],
        body: RequestBody = .none,
        decoder: JSONDecoder? = nil,
        acceptableStatusCodes: StatusCodes = .success,
        timeout: Duration? = nil,
        isIdempotent: Bool? = nil,
        sampleResponse: SampleResponse? = nil,
        interceptors: [any APIInterceptor] = []
    ) {
        self.init(
            method, target: .path(path), query: query, headers: headers, body: body, decoder: decoder,
            acceptableStatusCodes: acceptableStatusCodes, timeout: timeout, isIdempotent: isIdempotent,
            sampleResponse: sampleResponse, interceptors: interceptors, decoding: .json)
    }

    /// An endpoint at an absolute `url` whose JSON body decodes to `Response`.
    package init(
        _ method: HTTPMethod = .get, url: URL, headers: [String: String] = [:], body: RequestBody = .none
    ) {
        self.init(method, target: .url(url), headers: headers, body: body, decoding: .json)
    }
}

extension Endpoint where Response == Void {
    /// An endpoint at `path` whose body is ignored (for 204, 205 and empty responses).
    public init(
        _ method: HTTPMethod = .get,
        _ path: String,
        query: [URLQueryItem] = [],
        headers: [String: String] = [:],
        body: RequestBody = .none,
        acceptableStatusCodes: StatusCodes = .success,
        timeout: Duration? = nil,
        isIdempotent: Bool? = nil,
        sampleResponse: SampleResponse? = nil,
        interceptors: [any APIInterceptor] = []
    ) {
        self.init(
            method, target: .path(path), query: query, headers: headers, body: body,
            acceptableStatusCodes: acceptableStatusCodes, timeout: timeout, isIdempotent: isIdempotent,
            sampleResponse: sampleResponse, interceptors: interceptors, decoding: .ignoringBody)
    }
}
