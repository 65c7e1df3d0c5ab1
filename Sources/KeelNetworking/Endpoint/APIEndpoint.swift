import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where an endpoint's request goes.
public enum EndpointTarget: Sendable, Hashable {
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
/// Only ``path`` is required; ``method`` (GET), ``headers`` (none beyond the client's) and
/// ``body`` (none; bytes are sent as `application/json` unless ``headers`` name another
/// `Content-Type`) have defaults an endpoint may override.
/// ``APIClient/request(_:as:)`` sends any endpoint and decodes its JSON response as the
/// type the call site asks for. ``Endpoint`` is the ready-made conformer that also carries
/// how its response is decoded and Keel's richer options: an absolute URL, query items, JSON,
/// form, multipart and file bodies, a decoder, acceptable status codes, a timeout, an
/// idempotency override, a sample response and interceptors.
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
}

extension APIEndpoint {
    /// GET.
    public var method: HTTPMethod { .get }
    /// None.
    public var headers: [String: String] { [:] }
    /// None.
    public var body: Data? { nil }
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
    package var target: EndpointTarget
    /// Query items, in order; a `nil` value renders as a bare name.
    package var query: [URLQueryItem]
    /// Headers, added over the client's default headers.
    public var headers: [String: String]
    /// The body.
    package var requestBody: RequestBody
    /// A decoder overriding the client's.
    package var decoder: JSONDecoder?
    /// The status codes treated as success (`200...299` by default).
    package var acceptableStatusCodes: StatusCodes
    /// The longest the whole call (every attempt and retry delay) may take; `nil` uses the
    /// client's default.
    package var timeout: Duration?
    /// Overrides the method's idempotency for the retry policy.
    package var isIdempotent: Bool?
    /// A canned response for stubs.
    package var sampleResponse: SampleResponse?
    /// Interceptors for this endpoint, run after the client's.
    package var interceptors: [any APIInterceptor]
    /// Turns a successful response into `Response`.
    package var decoding: ResponseDecoding<Response>
    /// How this call uses the client's cache; `nil` uses the client's policy.
    package var cachePolicy: CachePolicy?

    /// Whether the retry policy may repeat this request: the override, else the method's.
    package var isEffectivelyIdempotent: Bool {
        isIdempotent ?? method.isIdempotent
    }

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

    /// `endpoint`, whatever its type, with `decoding` for its response: an ``Endpoint`` keeps
    /// everything it carries; another type's ``APIEndpoint/body`` is sent as
    /// `application/json` unless its ``APIEndpoint/headers`` name another `Content-Type`.
    public init(_ endpoint: some APIEndpoint, decoding: ResponseDecoding<Response>) {
        if let endpoint = endpoint as? any RedecodableEndpoint {
            self = endpoint.redecoded(decoding)
            return
        }
        self.init(
            endpoint.method, target: .path(endpoint.path), headers: endpoint.headers,
            body: endpoint.body.map { .data($0, contentType: "application/json") } ?? .none,
            decoding: decoding)
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
        cachePolicy: CachePolicy? = nil,
        decoding: ResponseDecoding<Response>
    ) {
        self.cachePolicy = cachePolicy
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
        interceptors: [any APIInterceptor] = [],
        cachePolicy: CachePolicy? = nil
    ) {
        self.init(
            method, target: .path(path), query: query, headers: headers, body: body, decoder: decoder,
            acceptableStatusCodes: acceptableStatusCodes, timeout: timeout, isIdempotent: isIdempotent,
            sampleResponse: sampleResponse, interceptors: interceptors, cachePolicy: cachePolicy,
            decoding: .json)
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
        interceptors: [any APIInterceptor] = [],
        cachePolicy: CachePolicy? = nil
    ) {
        self.init(
            method, target: .path(path), query: query, headers: headers, body: body,
            acceptableStatusCodes: acceptableStatusCodes, timeout: timeout, isIdempotent: isIdempotent,
            sampleResponse: sampleResponse, interceptors: interceptors, cachePolicy: cachePolicy,
            decoding: .ignoringBody)
    }
}

/// An ``Endpoint`` of any response type, seen through ``APIEndpoint``: what
/// `Endpoint.init(_:decoding:)` copies in full.
package protocol RedecodableEndpoint: APIEndpoint {
    /// The same request with `decoding` for its response.
    func redecoded<Other>(_ decoding: ResponseDecoding<Other>) -> Endpoint<Other>
}

extension Endpoint: RedecodableEndpoint {
    /// The same request with `decoding` for its response.
    package func redecoded<Other>(_ decoding: ResponseDecoding<Other>) -> Endpoint<Other> {
        Endpoint<Other>(
            method, target: target, query: query, headers: headers, body: requestBody, decoder: decoder,
            acceptableStatusCodes: acceptableStatusCodes, timeout: timeout, isIdempotent: isIdempotent,
            sampleResponse: sampleResponse, interceptors: interceptors, cachePolicy: cachePolicy,
            decoding: decoding)
    }
}
