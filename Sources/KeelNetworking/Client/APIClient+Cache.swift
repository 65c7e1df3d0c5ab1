import Foundation
import KeelSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request through the client's ``HTTPCache`` under a ``CachePolicy``: what the cache
/// answers, what goes to the network (with validators), what is stored and what an unsafe
/// request invalidates. Every freshness decision is ``HTTPCacheRules``'.
///
/// Which partition a request reads and a response goes to depends on the credential headers
/// the transport is given for the attempt (the configuration's and those an interceptor
/// declared after adapting it), so a session header an ``AuthenticationProvider`` sets counts
/// as a credential here exactly as it does on a redirect.
struct CachedExchange: Sendable {
    let cache: HTTPCache
    let policy: CachePolicy
    let scope: String?
    let monitor: NetworkMonitor?
    /// Whether the transport's session adds credentials of its own (cookies, headers it was
    /// configured with): then every request is credentialed.
    var sessionAttachesCredentials = false

    /// A transport call for a request (the attempt's other settings already bound).
    typealias Send = @Sendable (URLRequest) async throws -> TransportResponse

    /// The answer for `request`: from the cache, the network, or both (a `304`).
    /// `credentialHeaders` are the attempt's credential headers: the set the transport gets.
    func run(_ request: URLRequest, credentialHeaders: CredentialHeaders, send: @escaping Send) async throws
        -> (TransportResponse, ResponseSource)
    {
        let method = (request.httpMethod ?? "GET").uppercased()
        let headers = request.allHTTPHeaderFields ?? [:]
        guard let url = request.url else {
            if policy == .cacheOnly {
                throw APIError.invalidRequest(field: "url", reason: "the request has none")
            }
            return (try await send(request), .network)
        }
        // `.cacheOnly` never reaches the network: what the cache cannot answer (any method but
        // GET) is not cached.
        if policy == .cacheOnly, method != "GET" {
            throw APIError.notCached(url)
        }
        // User info in the URL, or a credential in its query (`access_token=`, `api_key=`), is
        // a credential as much as an `Authorization` header.
        let credentialed =
            sessionAttachesCredentials || headers.keys.contains { credentialHeaders.contains($0) }
            || Self.hasUserInfo(url) || Self.hasCredentialQuery(url)
        let attempt = Attempt(credentialed: credentialed, credentialHeaders: credentialHeaders)
        let scoped: [HTTPCache.Partition] = scope.map { [.scope($0)] } ?? []
        // A credentialed request reads its scope first, and from the shared partition only what
        // the server marked `public`: never a response fetched without its credentials.
        let partitions = credentialed ? scoped + [.shared] : [.shared] + scoped
        guard method == "GET" else {
            let reply = try await send(request)
            for target in HTTPCacheRules.invalidatedURLs(
                method: method, url: url, status: reply.response.statusCode,
                responseHeaders: APIClient.headers(of: reply.response))
            {
                for partition in partitions { cache.remove(target, in: partition) }
            }
            return (reply, .network)
        }
        let conditional = Self.conditionalFields.contains { headers.hasHeader($0) }
        let now = cache.now()
        // The first partition's entry this request selects (its `Vary` headers match; the
        // request's values are hashed once however many partitions hold an entry).
        var varyHashes: [String: String] = [:]
        var stored: (HTTPCache.Partition, StoredResponse)?
        for partition in partitions {
            guard let entry = cache.response(for: url, in: partition),
                HTTPCacheRules.varyMatches(entry, requestHeaders: headers, hashes: &varyHashes),
                partition != .shared
                    || (Self.isShareable(entry, credentialHeaders: credentialHeaders)
                        && (!credentialed || entry.cacheControl.isPublic))
            else { continue }
            stored = (partition, entry)
            break
        }

        func answer(_ entry: StoredResponse, _ source: ResponseSource) -> (TransportResponse, ResponseSource)?
        {
            reply(from: entry, url: url, now: now).map { ($0, source) }
        }
        // A request the app made conditional itself (RFC 9111 §4.3.2), or asking for a range:
        // under `.standard` and `.staleWhileRevalidate` a fresh stored response answers it, under
        // `.cacheFirst` and `.cacheOnly` any stored one (`304` when the condition is false, `206`
        // with the range's bytes, else the whole response); `.networkFirst` and `.networkOnly`
        // send it, as does a precondition only the origin can judge (`If-Match`,
        // `If-Unmodified-Since`, `If-Range`). What the server answers is not stored (it may be a
        // `304` for the app's validator, or a part).
        if conditional {
            let usable = stored.flatMap { _, entry -> StoredResponse? in
                switch policy {
                case .cacheFirst, .cacheOnly: return entry
                case .standard, .staleWhileRevalidate:
                    return HTTPCacheRules.freshness(
                        of: entry, requestHeaders: headers, now: now, shared: cache.isShared) == .fresh
                        ? entry : nil
                case .networkFirst, .networkOnly: return nil
                }
            }
            let originOnly = Self.originPreconditions.contains { headers.hasHeader($0) }
            if !originOnly, let entry = usable {
                if let hit = conditionalHit(from: entry, requestHeaders: headers, url: url, now: now) {
                    return (hit, storedSource(entry))
                }
                // A range the cache cannot cut: a server may answer with the whole response.
                if policy == .cacheOnly || policy == .cacheFirst, let hit = answer(entry, storedSource(entry))
                {
                    return hit
                }
            }
            if policy == .cacheOnly { throw APIError.notCached(url) }
            return (try await send(request), .network)
        }
        func storedSource(_ entry: StoredResponse) -> ResponseSource {
            HTTPCacheRules.isFresh(entry, now: now, shared: cache.isShared) ? .cacheFresh : .cacheStale
        }

        switch policy {
        case .cacheOnly:
            if let (_, entry) = stored, let hit = answer(entry, storedSource(entry)) { return hit }
            throw APIError.notCached(url)
        case .cacheFirst:
            if let (_, entry) = stored, let hit = answer(entry, storedSource(entry)) { return hit }
            return try await network(request, url: url, stored: nil, attempt: attempt, send: send)
        case .networkFirst:
            if let (_, entry) = stored, let monitor, await monitor.currentPath().status != .satisfied,
                let hit = answer(entry, storedSource(entry))
            {
                return hit
            }
            do {
                return try await network(
                    request, url: url, stored: stored, attempt: attempt, send: send)
            } catch let error where Self.isNetworkFailure(error) {
                if let (_, entry) = stored, let hit = answer(entry, storedSource(entry)) { return hit }
                throw error
            }
        case .networkOnly:
            return try await network(
                request, url: url, stored: stored, attempt: attempt, send: send)
        case .staleWhileRevalidate:
            guard let (_, entry) = stored else {
                return try await network(
                    request, url: url, stored: nil, attempt: attempt, send: send)
            }
            let source = storedSource(entry)
            if source == .cacheStale {
                revalidateInBackground(
                    request, url: url, stored: stored, attempt: attempt, send: send)
            }
            if let hit = answer(entry, source) { return hit }
            return try await network(
                request, url: url, stored: stored, attempt: attempt, send: send)
        case .standard:
            guard let (_, entry) = stored else {
                return try await network(
                    request, url: url, stored: nil, attempt: attempt, send: send)
            }
            switch HTTPCacheRules.freshness(
                of: entry, requestHeaders: headers, now: now, shared: cache.isShared)
            {
            case .fresh:
                // A stale response the request's `max-stale` accepted says so.
                if let hit = answer(entry, storedSource(entry)) { return hit }
            case .staleWhileRevalidating:
                revalidateInBackground(
                    request, url: url, stored: stored, attempt: attempt, send: send)
                if let hit = answer(entry, .cacheStale) { return hit }
            case .revalidate(let staleIfError):
                do {
                    let result = try await network(
                        request, url: url, stored: stored, attempt: attempt, send: send)
                    if staleIfError, [500, 502, 503, 504].contains(result.0.response.statusCode),
                        let hit = answer(entry, .cacheStale)
                    {
                        return hit
                    }
                    return result
                } catch let error where staleIfError && Self.isNetworkFailure(error) {
                    if let hit = answer(entry, .cacheStale) { return hit }
                    throw error
                }
            case .unusable:
                break
            }
            return try await network(request, url: url, stored: nil, attempt: attempt, send: send)
        }
    }

    /// Sends `request` (conditional when `stored` has validators), stores what may be stored,
    /// and turns a `304` into the stored response. Nothing is stored when the cache's
    /// `removeAll` ran since `generation` (read now when not given): a sign-out while the
    /// request was in flight.
    private func network(
        _ request: URLRequest, url: URL, stored: (HTTPCache.Partition, StoredResponse)?, attempt: Attempt,
        generation: HTTPCache.Generation? = nil, send: Send
    ) async throws -> (TransportResponse, ResponseSource) {
        let generation = generation ?? cache.generation(scope: scope)
        var outgoing = request
        let validators = stored.map { HTTPCacheRules.conditionalHeaders(for: $0.1) } ?? [:]
        for (name, value) in validators { outgoing.setValue(value, forHTTPHeaderField: name) }
        let requestTime = cache.now()
        let reply = try await send(outgoing)
        let responseTime = cache.now()
        let responseHeaders = APIClient.headers(of: reply.response)
        let requestHeaders = request.allHTTPHeaderFields ?? [:]
        // A transport that followed a redirect answers with the target's response (its URL the
        // target's): neither it nor its freshness belongs to `url`, whose own answer was the
        // redirect (RFC 9111 §2: the key is the request that produced the response).
        let redirected = Self.isRedirected(reply.response, from: url)
        if !redirected, reply.response.statusCode == 304, !validators.isEmpty, let (partition, entry) = stored
        {
            let updated = HTTPCacheRules.updated(
                entry, with: responseHeaders, requestTime: requestTime, responseTime: responseTime)
            // The `304`'s headers may make the entry one caller's (an `X-Auth-Token` handed out
            // with it): then it leaves the shared partition for the scope, or the cache.
            if partition == .shared,
                !Self.isShareable(updated.headers, credentialHeaders: attempt.credentialHeaders)
            {
                cache.remove(url, in: .shared)
                if let scope { cache.store(updated, for: url, in: .scope(scope), generation: generation) }
            } else {
                cache.store(updated, for: url, in: partition, generation: generation)
            }
            if let refreshed = self.reply(from: updated, url: url, now: responseTime) {
                return (refreshed, .revalidated)
            }
        }
        if !redirected, let partition = partition(for: attempt, responseHeaders: responseHeaders),
            HTTPCacheRules.refusal(
                method: "GET", requestHeaders: requestHeaders, status: reply.response.statusCode,
                responseHeaders: responseHeaders, shared: cache.isShared) == nil
        {
            cache.store(
                StoredResponse(
                    status: reply.response.statusCode, headers: StoredResponse.storable(responseHeaders),
                    body: reply.data, requestTime: requestTime, responseTime: responseTime,
                    varyHashes: HTTPCacheRules.varyHashes(
                        requestHeaders: requestHeaders, responseHeaders: responseHeaders)),
                for: url, in: partition, generation: generation)
        } else if let (partition, _) = stored, reply.response.statusCode < 500 {
            // The server's newer answer replaces what was stored, even when it is not storable.
            cache.remove(url, in: partition)
        }
        return (reply, .network)
    }

    /// Whether `response` came from another resource than `url`: the transport followed a
    /// redirect. Scheme and host compare ignoring case, a default port equals none, an empty
    /// path is `/`, and the fragment is ignored.
    static func isRedirected(_ response: HTTPURLResponse, from url: URL) -> Bool {
        guard let final = response.url else { return false }
        let requested = url.absoluteURL
        if final.absoluteString == requested.absoluteString { return false }
        guard let one = URLComponents(url: final, resolvingAgainstBaseURL: true),
            let other = URLComponents(url: requested, resolvingAgainstBaseURL: true)
        else { return true }
        func port(_ parts: URLComponents) -> Int? {
            parts.port ?? ["http": 80, "https": 443][parts.scheme?.lowercased() ?? ""]
        }
        func path(_ parts: URLComponents) -> String {
            parts.percentEncodedPath.isEmpty ? "/" : parts.percentEncodedPath
        }
        return one.scheme?.lowercased() != other.scheme?.lowercased()
            || one.percentEncodedHost?.lowercased() != other.percentEncodedHost?.lowercased()
            || port(one) != port(other) || path(one) != path(other)
            || one.percentEncodedQuery != other.percentEncodedQuery
    }

    /// What decides where an attempt's response is read from and stored: whether the request
    /// carries a credential, and which headers are credentials on it.
    struct Attempt: Sendable {
        /// Whether a credential header (or URL user info) is on the request.
        let credentialed: Bool
        /// The attempt's credential headers (the configuration's and the declared ones).
        let credentialHeaders: CredentialHeaders
    }

    /// Where a response may be stored: a credentialed request's response under the scope (or,
    /// without one, in the shared partition only when `public`); a response marked `private`,
    /// or whose `Vary` names a credential header (`Cookie`, `Authorization`, a declared name:
    /// credentials the session may have added itself), under the scope only — never shared.
    private func partition(for attempt: Attempt, responseHeaders: [String: String]) -> HTTPCache.Partition? {
        let control = CacheControl(responseHeaders.header("Cache-Control"))
        let shareable = Self.isShareable(responseHeaders, credentialHeaders: attempt.credentialHeaders)
        if attempt.credentialed {
            if let scope { return .scope(scope) }
            return control.isPublic && shareable ? .shared : nil
        }
        if shareable { return .shared }
        return scope.map { .scope($0) }
    }

    /// ``isShareable(_:credentialHeaders:)`` for a stored response, from the `Cache-Control` it
    /// parsed when stored (not its headers parsed again on every hit).
    static func isShareable(_ entry: StoredResponse, credentialHeaders: CredentialHeaders) -> Bool {
        if entry.cacheControl.isPrivate || entry.carriesCredential || entry.varyNamesCredential {
            return false
        }
        return !entry.varyFieldNames.contains { credentialHeaders.declared.contains($0) }
    }

    /// Whether `url` has user info (`user:password@` before its host), read from its own text
    /// and its base's (`relativeString` is stored; `absoluteString`, `user` and `password`
    /// resolve a relative URL against its base on every call, a third of a cache hit).
    static func hasUserInfo(_ url: URL) -> Bool {
        authorityHasUserInfo(url.relativeString)
            || url.baseURL.map { authorityHasUserInfo($0.relativeString) } == true
    }

    /// Whether the authority of a URL's text (after `scheme://`, or a leading `//`) has an `@`.
    private static func authorityHasUserInfo(_ text: String) -> Bool {
        // Plain index walks: `firstRange(of:)` is _StringProcessing's generic search, which
        // runs unspecialised and cost more than the rest of a cache hit.
        let utf8 = text.utf8
        let slash = UInt8(ascii: "/")
        var start: String.UTF8View.Index?
        if utf8.starts(with: "//".utf8) {
            start = utf8.index(utf8.startIndex, offsetBy: 2)
        } else {
            var index = utf8.startIndex
            while index != utf8.endIndex {
                let byte = utf8[index]
                if byte == UInt8(ascii: ":") {
                    // The first `:` ends the scheme; an authority follows only `://`.
                    let first = utf8.index(after: index)
                    if first != utf8.endIndex, utf8[first] == slash {
                        let second = utf8.index(after: first)
                        if second != utf8.endIndex, utf8[second] == slash {
                            start = utf8.index(after: second)
                        }
                    }
                    break
                }
                if byte == slash || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { return false }
                index = utf8.index(after: index)
            }
        }
        guard let start else { return false }
        for byte in utf8[start...] {
            if byte == UInt8(ascii: "@") { return true }
            if byte == slash || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { return false }
        }
        return false
    }

    /// Whether `url`'s query has an item whose name is a credential's (`access_token`,
    /// `api_key`, `X-Amz-Signature`, the rule ``CredentialHeaders`` and the redactor share),
    /// or is `key` (an API key, as Google's APIs take it).
    static func hasCredentialQuery(_ url: URL) -> Bool {
        guard let query = url.query(percentEncoded: true), !query.isEmpty else { return false }
        return query.split(separator: "&").contains { item in
            let written = item.prefix { $0 != "=" }
            let name =
                written.contains("%") ? written.removingPercentEncoding ?? String(written) : String(written)
            return (name.utf8.count == 3 && name.lowercased() == "key") || SecretNames.isCredential(name)
        }
    }

    /// Whether a response with `headers` may be kept in (or read from) the shared partition:
    /// not `Cache-Control: private`, no `Vary` naming a credential header, and no credential
    /// among its own headers (an `X-Auth-Token` or `X-CSRF-Token` the server handed out is
    /// one caller's: replayed from the shared partition, every account would get it).
    static func isShareable(_ headers: [String: String], credentialHeaders: CredentialHeaders) -> Bool {
        if CacheControl(headers.header("Cache-Control")).isPrivate { return false }
        if StoredResponse.carriesCredential(headers, declared: credentialHeaders.declared) { return false }
        guard let vary = headers.header("Vary") else { return true }
        return !varyNamesCredential(vary, credentialHeaders: credentialHeaders)
    }

    /// Whether a `Vary` value names a credential header (`Cookie`, `Authorization`, a declared
    /// name): the response then depends on one caller's credential.
    static func varyNamesCredential(_ vary: String, credentialHeaders: CredentialHeaders) -> Bool {
        vary.split(separator: ",").contains { name in
            credentialHeaders.contains(name.trimmingCharacters(in: .whitespaces))
        }
    }

    private func revalidateInBackground(
        _ request: URLRequest, url: URL, stored: (HTTPCache.Partition, StoredResponse)?, attempt: Attempt,
        send: @escaping Send
    ) {
        guard let (partition, _) = stored, cache.beginRevalidation(url, in: partition) else { return }
        let exchange = self
        // Read now, with the hit: a removeAll before the task runs drops its answer too.
        let generation = cache.generation(scope: scope)
        Task {
            defer { exchange.cache.endRevalidation(url, in: partition) }
            _ = try? await exchange.network(
                request, url: url, stored: stored, attempt: attempt, generation: generation, send: send)
        }
    }

    /// The request fields that make a GET conditional or partial: the cache answers such a
    /// request only as ``conditionalHit(from:requestHeaders:url:now:)`` decides.
    static let conditionalFields = [
        "If-None-Match", "If-Modified-Since", "Range", "If-Match", "If-Unmodified-Since", "If-Range",
    ]

    /// Preconditions only the origin server can judge (RFC 9111 §4.3.2): such a request is sent.
    static let originPreconditions = ["If-Match", "If-Unmodified-Since", "If-Range"]

    /// The `304` a fresh stored response gives a request whose condition is false: the fields
    /// a `304` carries (RFC 9110 §15.4.5; `Last-Modified` too when there is no `ETag`), the
    /// current `Age`, no body.
    private func notModified(from entry: StoredResponse, url: URL, now: Date) -> TransportResponse? {
        let hasETag = entry.headers.hasHeader("ETag")
        var headers = entry.headers.filter {
            let name = $0.key.lowercased()
            return HTTPCacheRules.notModifiedFields.contains(name) || (!hasETag && name == "last-modified")
        }
        headers["Age"] = String(Int64(min(HTTPCacheRules.currentAge(of: entry, now: now), 2_147_483_648)))
        return TransportResponse(url: url, statusCode: 304, headers: headers, data: Data())
    }

    /// What a fresh stored response answers to a conditional or `Range` request
    /// (``HTTPCacheRules/conditionalAnswer(requestHeaders:stored:)``,
    /// ``HTTPCacheRules/servableRange(requestHeaders:stored:)``): `304`, a `206` of the range,
    /// or the whole response; `nil` when the server must answer.
    private func conditionalHit(
        from entry: StoredResponse, requestHeaders: [String: String], url: URL, now: Date
    )
        -> TransportResponse?
    {
        let condition = HTTPCacheRules.conditionalAnswer(requestHeaders: requestHeaders, stored: entry)
        if condition == .notModified { return notModified(from: entry, url: url, now: now) }
        let validated =
            requestHeaders.hasHeader("If-None-Match") || requestHeaders.hasHeader("If-Modified-Since")
        guard condition != nil || !validated else { return nil }
        guard requestHeaders.hasHeader("Range") else { return reply(from: entry, url: url, now: now) }
        return HTTPCacheRules.servableRange(requestHeaders: requestHeaders, stored: entry).flatMap {
            partial(from: entry, range: $0, url: url, now: now)
        }
    }

    /// The `206` a fresh stored `200` gives a request for `range` of it: the stored fields,
    /// `Content-Range` and `Content-Length` of the part, the current `Age`.
    private func partial(from entry: StoredResponse, range: Range<Int>, url: URL, now: Date)
        -> TransportResponse?
    {
        // Fields about the whole body's bytes do not describe the part.
        var headers = entry.headers.filter {
            !["content-length", "content-range", "age", "content-md5", "content-digest"].contains(
                $0.key.lowercased())
        }
        headers["Content-Range"] = "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(entry.body.count)"
        headers["Content-Length"] = String(range.count)
        headers["Age"] = String(Int64(min(HTTPCacheRules.currentAge(of: entry, now: now), 2_147_483_648)))
        let start = entry.body.startIndex + range.lowerBound
        return TransportResponse(
            url: url, statusCode: 206, headers: headers, data: Data(entry.body[start..<(start + range.count)])
        )
    }

    /// A stored response as the transport would have returned it, with its current `Age`.
    private func reply(from entry: StoredResponse, url: URL, now: Date) -> TransportResponse? {
        entry.reply(url: url, age: Int64(min(HTTPCacheRules.currentAge(of: entry, now: now), 2_147_483_648)))
    }

    /// Whether `error` means the server could not be reached (not an answer it gave). The
    /// caller's cancellation is not: a cancelled call throws, it is never answered from the
    /// cache as if the network had failed.
    static func isNetworkFailure(_ error: any Error) -> Bool {
        if Task.isCancelled || error is CancellationError { return false }
        if let error = error as? URLError { return error.code != .cancelled }
        if case .transport(let underlying) = error as? APIError { return underlying.code != .cancelled }
        if case .timedOut = error as? APIError { return true }
        return false
    }
}

extension APIClient {
    /// Refuses a call the cache can never answer — a stream, a download, a file upload, a
    /// WebSocket — when its policy (the endpoint's, else the client's) is
    /// ``CachePolicy/cacheOnly`` and the client has a cache: `.cacheOnly` sends nothing.
    func refuseWhenCacheOnly<Response>(_ endpoint: Endpoint<Response>, url: URL?) throws {
        guard configuration.cache != nil, (endpoint.cachePolicy ?? configuration.cachePolicy) == .cacheOnly
        else { return }
        guard let url else { throw APIError.invalidRequest(field: "url", reason: "the request has none") }
        throw APIError.notCached(url)
    }

    /// The cache exchange for `endpoint`'s calls, or `nil` when the client has no cache.
    func cachedExchange<Response>(for endpoint: Endpoint<Response>) -> CachedExchange? {
        guard let cache = configuration.cache else { return nil }
        return CachedExchange(
            cache: cache, policy: endpoint.cachePolicy ?? configuration.cachePolicy,
            scope: configuration.cacheScope, monitor: configuration.networkMonitor,
            sessionAttachesCredentials: (transport as? URLSessionTransport)?.attachesSessionCredentials
                ?? false)
    }

    /// The stored response at once (when there is one), then the network's: the two values of
    /// ``CachePolicy/staleWhileRevalidate``. The network value is fetched even when the stored
    /// one is fresh (revalidated when it has validators, so an unchanged resource costs a `304`);
    /// a network failure ends the sequence with its error after the stored value. Without a
    /// cache, and for a method other than `GET` (sent once), the sequence holds the network's
    /// value only.
    ///
    /// ```swift
    /// for try await reply in client.responses(Endpoint<[Message]>(.get, "messages")) {
    ///     show(reply.value, stale: reply.source != .network && reply.source != .revalidated)
    /// }
    /// ```
    public func responses<Response>(_ endpoint: Endpoint<Response>) -> AsyncThrowingStream<
        APIResponse<Response>, any Error
    > {
        AsyncThrowingStream { continuation in
            let task = Task {
                var cached = endpoint
                cached.cachePolicy = .cacheOnly
                // Only a GET is answered from the cache; any other method is sent once, below.
                if configuration.cache != nil, endpoint.method == .get,
                    let stored = try? await execute(cached, progress: nil)
                {
                    continuation.yield(stored)
                }
                var network = endpoint
                network.cachePolicy = .networkOnly
                do {
                    continuation.yield(try await execute(network, progress: nil))
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
