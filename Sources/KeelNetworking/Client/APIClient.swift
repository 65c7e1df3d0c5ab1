import Foundation
import KeelSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends ``APIEndpoint`` values through a ``Transport`` with interceptors, retries, timeouts,
/// validation, decoding and event monitors.
///
/// ```swift
/// let client = APIClient(baseURL: URL(string: "https://api.example.com")!)
/// let profile: Profile = try await client.request(ProfileEndpoint())
/// let user = try await client.send(Endpoint<User>(.get, "users/42"))
/// ```
///
/// The client is immutable and `Sendable`; share one per API. Calls run off the caller's
/// actor, including decoding.
public final class APIClient: Sendable {
    /// Everything a client is configured with.
    public struct Configuration: Sendable {
        /// The URL endpoint paths are resolved against.
        package var baseURL: URL?
        /// Headers every request carries (endpoint headers override them).
        package var defaultHeaders: [String: String]
        /// Encodes `.json` bodies unless the body names its own encoder.
        package var encoder: JSONEncoder
        /// Decodes JSON responses unless the endpoint names its own decoder.
        package var decoder: JSONDecoder
        /// Interceptors run for every request, before the endpoint's.
        package var interceptors: [any APIInterceptor]
        /// The built-in retry rules, asked after every interceptor; `nil` disables them.
        package var retryPolicy: RetryPolicy?
        /// Observers of every request's life cycle.
        package var eventMonitors: [any APIEventMonitor]
        /// The default limit for a whole call, including retries and their delays.
        package var timeout: Duration
        /// How much of an unacceptable response's body ``APIError/status(code:headers:body:isBodyTruncated:)`` keeps.
        package var maximumKeptErrorBodyBytes: Int
        /// Multipart bodies at least this large are streamed to a temporary file.
        package var multipartMemoryThreshold: Int
        /// Where multipart bodies are streamed to.
        package var temporaryDirectory: URL
        /// A ceiling on attempts per call whatever the interceptors decide (stops loops).
        package var maximumAttempts: Int
        /// The largest response body accepted (128 MiB by default): a larger body, or a
        /// `Content-Length` announcing one, fails with ``APIError/responseTooLarge(limit:)``
        /// and its transfer is stopped.
        package var maximumResponseBodyBytes: Int
        /// Which headers carry credentials: stripped on a redirect to another origin, kept to
        /// ``credentialScope``'s origins when they are default headers, and redacted in logs.
        package var credentialHeaders: CredentialHeaders
        /// The origins ``defaultHeaders`` that are credentials go to (by default the base
        /// URL's origin, over `https`); requests elsewhere go without them.
        package var credentialScope: CredentialScope
        /// Whether plain `http` URLs may be requested (sent unencrypted). Off by default: a
        /// plain `http` base URL or endpoint URL fails with ``APIError/invalidRequest(field:reason:)``.
        package var allowsInsecureHTTP: Bool
        /// The HTTP cache calls use; `nil`: none.
        package var cache: HTTPCache?
        /// How calls use ``cache`` unless their endpoint says otherwise.
        package var cachePolicy: CachePolicy
        /// Whose responses to credentialed requests ``cache`` stores (the signed-in account).
        package var cacheScope: String?
        /// Tells ``CachePolicy/networkFirst`` calls the device is offline before they try.
        package var networkMonitor: NetworkMonitor?

        /// Creates a configuration; the defaults suit a JSON API.
        ///
        /// - Parameters:
        ///   - baseURL: the URL endpoint paths are resolved against.
        ///   - defaultHeaders: headers every request carries (endpoint headers override them).
        ///   - encoder: encodes `.json` bodies unless the body names its own encoder.
        ///   - decoder: decodes JSON responses unless the endpoint names its own decoder.
        ///   - interceptors: interceptors run for every request, before the endpoint's.
        ///   - retryPolicy: the built-in retry rules, asked after every interceptor; `nil` disables
        ///     them.
        ///   - eventMonitors: observers of every request's life cycle.
        ///   - timeout: the default limit for a whole call, including retries and their delays.
        ///   - maximumKeptErrorBodyBytes: how much of an unacceptable response's body
        ///     ``APIError/status(code:headers:body:isBodyTruncated:)`` keeps.
        ///   - multipartMemoryThreshold: multipart bodies at least this large are streamed to a
        ///     temporary file.
        ///   - temporaryDirectory: where multipart bodies are streamed to.
        ///   - maximumAttempts: a ceiling on attempts per call whatever the interceptors decide
        ///     (stops loops).
        ///   - maximumResponseBodyBytes: the largest response body accepted (128 MiB by default): a
        ///     larger body, or a `Content-Length` announcing one, fails with
        ///     ``APIError/responseTooLarge(limit:)`` and its transfer is stopped.
        ///   - credentialHeaders: which headers carry credentials: stripped on a redirect to
        ///     another origin, kept to `credentialScope`'s origins when they are default headers,
        ///     and redacted in logs.
        ///   - credentialScope: the origins `defaultHeaders` that are credentials go to (by
        ///     default the base URL's origin, over `https`); requests elsewhere go without them.
        ///   - allowsInsecureHTTP: whether plain `http` URLs may be requested (sent unencrypted).
        ///     Off by default: a plain `http` base URL or endpoint URL fails with
        ///     ``APIError/invalidRequest(field:reason:)``.
        ///   - cache: the HTTP cache calls use (share one between clients); `nil`: none.
        ///   - cachePolicy: how calls use `cache` unless their endpoint says otherwise.
        ///   - cacheScope: whose responses to requests carrying credentials `cache` stores: the
        ///     signed-in account's id. `nil`: such responses are stored only when `public`.
        ///   - networkMonitor: tells ``CachePolicy/networkFirst`` calls the device is offline, so
        ///     they answer from the cache without trying the network.
        public init(
            baseURL: URL? = nil,
            defaultHeaders: [String: String] = ["Accept": "application/json"],
            encoder: JSONEncoder = JSONEncoder(),
            decoder: JSONDecoder = JSONDecoder(),
            interceptors: [any APIInterceptor] = [],
            retryPolicy: RetryPolicy? = .default,
            eventMonitors: [any APIEventMonitor] = [],
            timeout: Duration = .seconds(60),
            maximumKeptErrorBodyBytes: Int = 64 * 1024,
            multipartMemoryThreshold: Int = 10_000_000,
            temporaryDirectory: URL = FileManager.default.temporaryDirectory,
            maximumAttempts: Int = 10,
            maximumResponseBodyBytes: Int = 128 << 20,
            credentialHeaders: CredentialHeaders = .default,
            credentialScope: CredentialScope = .baseURL,
            allowsInsecureHTTP: Bool = false,
            cache: HTTPCache? = nil,
            cachePolicy: CachePolicy = .standard,
            cacheScope: String? = nil,
            networkMonitor: NetworkMonitor? = nil
        ) {
            self.cache = cache
            self.cachePolicy = cachePolicy
            self.cacheScope = cacheScope
            self.networkMonitor = networkMonitor
            self.credentialHeaders = credentialHeaders
            self.credentialScope = credentialScope
            self.allowsInsecureHTTP = allowsInsecureHTTP
            self.baseURL = baseURL
            self.defaultHeaders = defaultHeaders
            self.encoder = encoder
            self.decoder = decoder
            self.interceptors = interceptors
            self.retryPolicy = retryPolicy
            self.eventMonitors = eventMonitors
            self.timeout = timeout
            self.maximumKeptErrorBodyBytes = maximumKeptErrorBodyBytes
            self.multipartMemoryThreshold = multipartMemoryThreshold
            self.temporaryDirectory = temporaryDirectory
            self.maximumAttempts = maximumAttempts
            self.maximumResponseBodyBytes = maximumResponseBodyBytes
        }
    }

    /// The configuration.
    package let configuration: Configuration
    /// Where requests go.
    package let transport: any Transport
    /// The clock timeouts, retry delays and durations are measured on.
    package let clock: any Clock<Duration>
    /// The base URL, parsed once.
    let base: RequestBuilder.BaseURL?
    /// Who decides about a failed attempt: the interceptors, then the retry policy (made once).
    let clientDeciders: [any APIInterceptor]
    /// The transport WebSockets run on when `transport` is not a ``URLSessionTransport``: made
    /// on first use, kept for the client's lifetime (its session is invalidated with it).
    let webSocketFallback = Locked<URLSessionTransport?>(nil)
    /// Whether the transport's session has credential headers of its own to add
    /// (``URLSessionTransport/sessionCredentials``): they go only within the credential scope.
    let sessionHasCredentials: Bool
    /// A header the session adds on its own that this client declares a credential, though the
    /// transport did not lift it out of the session (its redirect policy does not know the
    /// name): the session would add it to every request and to a redirect to any origin, so
    /// every call is refused naming it.
    let unliftedSessionCredential: String?

    /// A client from a configuration, a transport and a clock.
    public init(
        configuration: Configuration,
        transport: any Transport = URLSessionTransport(),
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        var configuration = configuration
        // Names the transport's redirect policy declares are credentials to the cache and the
        // logs too, not only to redirects.
        if let declared = (transport as? URLSessionTransport)?.redirectPolicy.credentialHeaders.declared,
            !declared.isEmpty
        {
            configuration.credentialHeaders = configuration.credentialHeaders.declaring(declared)
        }
        // Logging monitors redact the headers this client declares as credentials.
        configuration.eventMonitors = LoggingEventMonitor.redacting(
            configuration.credentialHeaders, in: configuration.eventMonitors)
        self.configuration = configuration
        self.transport = transport
        self.clock = clock
        let own = transport as? URLSessionTransport
        sessionHasCredentials = own.map { !$0.sessionCredentials.isEmpty } ?? false
        unliftedSessionCredential = own.flatMap { own in
            own.session.configuration.httpAdditionalHeaders?.keys
                .compactMap { $0 as? String }
                .filter { configuration.credentialHeaders.contains($0) }
                .min()
        }
        base = RequestBuilder.BaseURL(configuration.baseURL)
        clientDeciders = configuration.interceptors + (configuration.retryPolicy.map { [$0] } ?? [])
    }

    /// Whether the transport's session credentials go on a request to `url` (`nil` when the
    /// transport is not a ``URLSessionTransport`` with credentials of its own, which then
    /// keeps the session's meaning): only to the credential scope's origins, as the default
    /// headers that are credentials; over plain `http` when the scope or the client allows it
    /// (a development server), never to an `http` URL of an `https` origin.
    func attachesSessionCredentials(to url: URL?) -> Bool? {
        guard sessionHasCredentials else { return nil }
        var scope = configuration.credentialScope
        scope.allowsInsecureHTTP = scope.allowsInsecureHTTP || configuration.allowsInsecureHTTP
        return scope.allows(url, baseURL: configuration.baseURL)
    }

    /// A client for `baseURL` with the default configuration otherwise.
    public convenience init(
        baseURL: URL?,
        transport: any Transport = URLSessionTransport(),
        interceptors: [any APIInterceptor] = [],
        retryPolicy: RetryPolicy? = .default,
        eventMonitors: [any APIEventMonitor] = [],
        allowsInsecureHTTP: Bool = false,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.init(
            configuration: Configuration(
                baseURL: baseURL, interceptors: interceptors, retryPolicy: retryPolicy,
                eventMonitors: eventMonitors, allowsInsecureHTTP: allowsInsecureHTTP),
            transport: transport, clock: clock)
    }

    /// Sends `endpoint` and decodes its JSON response as `Response`, the type the call site
    /// asks for (the original foundation's `request(_:)`):
    /// `let profile: Profile = try await client.request(ProfileEndpoint())`. An optional
    /// `Response` decodes an empty body (or 204/205) as `nil`.
    ///
    /// - Throws: ``APIError``; `CancellationError` when the calling task is cancelled; an
    ///   interceptor's own error when it stops the call.
    public func request<Response: Decodable & Sendable>(
        _ endpoint: some APIEndpoint, as type: Response.Type = Response.self
    ) async throws -> Response {
        // An `Endpoint<Response>` keeps its own decoding (as `send(_:)` does).
        if let endpoint = endpoint as? Endpoint<Response> { return try await response(endpoint).value }
        return try await response(Endpoint<Response>(endpoint, decoding: .json)).value
    }

    /// Sends `endpoint` and returns its response decoded the endpoint's way (the same as
    /// `send(_:)`).
    package func request<Response>(_ endpoint: Endpoint<Response>) async throws -> Response {
        try await response(endpoint).value
    }

    /// Sends `endpoint` and returns its decoded response.
    ///
    /// - Throws: ``APIError``; `CancellationError` when the calling task is cancelled; an
    ///   interceptor's own error when it stops the call.
    public func send<Response>(_ endpoint: Endpoint<Response>) async throws -> Response {
        try await response(endpoint).value
    }

    /// Sends `endpoint` and returns the decoded value with the raw response; `progress`, when
    /// given, receives upload and download progress, monotonic per direction, on the
    /// transport's queue.
    ///
    /// ```swift
    /// let reply = try await client.response(upload) { step in
    ///     Task { @MainActor in bar.progress = Float(step.fractionCompleted ?? 0) }
    /// }
    /// ```
    public func response<Response>(
        _ endpoint: Endpoint<Response>,
        progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws -> APIResponse<Response> {
        try await execute(endpoint, progress: progress)
    }

    /// Sends `endpoint` and returns the body and response without decoding (the status is
    /// still validated).
    package func data(for endpoint: some APIEndpoint) async throws -> (Data, HTTPURLResponse) {
        let result = try await execute(Endpoint<Data>(endpoint, decoding: .data), progress: nil)
        return (result.data, result.response)
    }
}

/// A decoded value with the response it came from.
public struct APIResponse<Value: Sendable>: Sendable {
    /// The decoded value.
    public var value: Value
    /// The raw body.
    public var data: Data
    /// The response head.
    public var response: HTTPURLResponse
    /// The request that produced it (after interceptors).
    package var request: URLRequest
    /// How many attempts the call made.
    package var attempts: Int
    /// Where the response came from: the network or the client's ``HTTPCache``.
    public var source: ResponseSource = .network

    /// The status code.
    package var statusCode: Int { response.statusCode }
}
