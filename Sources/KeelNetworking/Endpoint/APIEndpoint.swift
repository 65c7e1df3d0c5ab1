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

/// A description of one API call and how to decode its response.
///
/// ```swift
/// let user = APIEndpoint<User>(.get, "users/42", query: [URLQueryItem(name: "fields", value: "name")])
/// let created = APIEndpoint<User>(.post, "users", body: .json(NewUser(name: "Ada")))
/// let deleted = APIEndpoint<Void>(.delete, "users/42")
/// ```
public struct APIEndpoint<Response: Sendable>: Sendable {
    /// Where the request goes.
    public typealias Target = EndpointTarget

    /// The method.
    public var method: HTTPMethod
    /// The path or absolute URL.
    public var target: Target
    /// Query items, in order; a `nil` value renders as a bare name.
    public var query: [URLQueryItem]
    /// Headers, added over the client's default headers.
    public var headers: [String: String]
    /// The body.
    public var body: RequestBody
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
    public var decoding: ResponseDecoding<Response>

    /// Creates an endpoint with an explicit decoding strategy.
    public init(
        _ method: HTTPMethod = .get,
        target: Target,
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
        self.body = body
        self.decoder = decoder
        self.acceptableStatusCodes = acceptableStatusCodes
        self.timeout = timeout
        self.isIdempotent = isIdempotent
        self.sampleResponse = sampleResponse
        self.interceptors = interceptors
        self.decoding = decoding
    }

    /// Whether the retry policy may repeat this request: the override, else the method's.
    public var isEffectivelyIdempotent: Bool {
        isIdempotent ?? method.isIdempotent
    }
}

extension APIEndpoint where Response: Decodable {
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
    public init(
        _ method: HTTPMethod = .get, url: URL, headers: [String: String] = [:], body: RequestBody = .none
    ) {
        self.init(method, target: .url(url), headers: headers, body: body, decoding: .json)
    }
}

extension APIEndpoint where Response == Void {
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
