import Foundation
import KeelLogging
import KeelNetworkingTesting
import KeelSupport
import KeelTesting
import Testing

@testable import KeelNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport whose streamed bodies arrive in the chunks a closure gives.
private struct ChunkedTransport: Transport {
    let respond: @Sendable (URLRequest) -> (status: Int, headers: [String: String], chunks: [Data])

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let (status, headers, chunks) = respond(request.urlRequest)
        return TransportResponse(
            response: HTTPURLResponse(
                url: request.urlRequest.url!, statusCode: status, httpVersion: "HTTP/1.1",
                headerFields: headers)!,
            data: chunks.reduce(Data(), +))
    }

    func stream(_ request: TransportRequest) async throws -> StreamedResponse {
        let (status, headers, chunks) = respond(request.urlRequest)
        let (body, feed) = AsyncThrowingStream<Data, any Error>.makeStream()
        for chunk in chunks { feed.yield(chunk) }
        feed.finish()
        return StreamedResponse(
            response: HTTPURLResponse(
                url: request.urlRequest.url!, statusCode: status, httpVersion: "HTTP/1.1",
                headerFields: headers)!,
            body: ResponseBody(body))
    }
}

/// A second review of the credential and download fixes, one step beside them: each test
/// failed before its fix (an upgrade logged a provider header in clear; a resume grew a
/// download past its cap; session-level Authorization was shared through the cache and followed
/// a redirect; an ephemeral configuration kept a URL-keyed cache; a header only the transport's
/// policy declared was shared; upload and base-URL errors printed query values).
@Suite("Credentials and bounds, one step beside (second review)")
struct CredentialBoundsReviewTwoTests {
    // R1: adaptedRequest (WebSocket upgrade, background download) logs outside any call scope.
    @Test("An upgrade request's provider header is not logged in clear")
    func upgradeRequestProviderHeaderIsRedacted() async throws {
        let (monitor, sink) = CredentialLeakTests.logging()
        let client = APIClient(
            configuration: .init(
                baseURL: URL(string: "https://api.test")!,
                interceptors: [
                    AuthenticationInterceptor(provider: CredentialLeakTests.SessionHeaderProvider())
                ],
                retryPolicy: .never, eventMonitors: [monitor]),
            transport: StubTransport())
        let upgrade = try await client.upgrade(
            for: Endpoint<Data>(.get, target: .path("socket"), decoding: .data), timeout: .seconds(5))
        #expect(upgrade.request.value(forHTTPHeaderField: "X-Session") == "PROVIDER-SESSION-VALUE")
        #expect(upgrade.credentialHeaders.contains("x-session"))
        let text = sink.messages.joined(separator: "\n")
        #expect(text.contains("X-Session"), "\(text)")
        #expect(!text.contains("PROVIDER-SESSION-VALUE"), "\(text)")
    }

    // R3: the cap is per request; a resume appends another cap's worth.
    @Test("Resuming cannot grow a download past maximumBytes")
    func resumeRespectsTheCap() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keel-review-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("big.bin")
        let transport = ChunkedTransport { request in
            if let range = request.value(forHTTPHeaderField: "Range") {
                #expect(range == "bytes=8-")
                return (
                    206,
                    ["ETag": "\"v1\"", "Content-Range": "bytes 8-17/18", "Content-Length": "10"],
                    [Data(repeating: 0x42, count: 10)]
                )
            }
            // No Content-Length: the body runs past the cap.
            return (200, ["ETag": "\"v1\""], Array(repeating: Data(repeating: 0x41, count: 4), count: 5))
        }
        let client = APIClient(
            configuration: .init(baseURL: URL(string: "https://api.test")!, retryPolicy: nil),
            transport: transport)
        let endpoint = Endpoint<Data>(.get, target: .path("files/big"), decoding: .data)
        var resume: DownloadResumeData?
        do {
            try await client.download(endpoint, to: destination, maximumBytes: 10)
            Issue.record("the first request ran past the cap and succeeded")
        } catch DownloadFailure.interrupted(let kept, let underlying) {
            #expect(
                (underlying as? APIError).map { if case .responseTooLarge = $0 { true } else { false } }
                    == true)
            resume = kept
        }
        let kept = try #require(resume)
        // Either the past-the-cap failure keeps nothing to resume, or the resume is held to the cap.
        let length = try? await client.download(endpoint, to: destination, resume: kept, maximumBytes: 10)
        #expect(length == nil, "resumed to \(length ?? -1) bytes with maximumBytes 10")
        #expect(((try? Data(contentsOf: destination))?.count ?? 0) <= 10)
    }

    // R4: credentials the session itself adds (httpAdditionalHeaders) are invisible to the cache.
    @Test("A response to a session-level Authorization never answers another scope")
    func sessionAuthorizationStaysInItsScope() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        server.route("GET", "/api/me") { request in
            .json(
                #"{"auth":"\#(request.header("Authorization") ?? "none")"}"#,
                headers: ["Cache-Control": "max-age=600"])
        }
        let cache = try HTTPCache(directory: nil)
        func client(_ user: String) -> APIClient {
            let session = URLSessionTransport.defaultConfiguration()
            session.httpAdditionalHeaders = ["Authorization": "Bearer \(user)"]
            return APIClient(
                configuration: .init(
                    baseURL: server.url("/api"), retryPolicy: nil, allowsInsecureHTTP: true, cache: cache,
                    cacheScope: user),
                transport: URLSessionTransport(configuration: session))
        }
        let alice = try await client("alice").send(Endpoint<Data>(.get, target: .path("me"), decoding: .data))
        let bob = try await client("bob").send(Endpoint<Data>(.get, target: .path("me"), decoding: .data))
        #expect(String(decoding: alice, as: UTF8.self).contains("alice"))
        #expect(
            String(decoding: bob, as: UTF8.self).contains("bob"), "\(String(decoding: bob, as: UTF8.self))")
    }

    // R5: ... and to the redirect delegate, which strips only the request's own headers.
    @Test("A session-level credential does not follow a cross-origin redirect")
    func sessionHeadersAreStrippedOnRedirect() async throws {
        let origins = try TwoLoopbackOrigins()
        defer { origins.stop() }
        let target = origins.other.url("/land", host: "localhost")
        origins.home.route("GET", "/api/go") { _ in
            .init(status: 302, headers: ["Location": target.absoluteString])
        }
        origins.other.route("GET", "/land") { _ in .json("{}") }
        let session = URLSessionTransport.defaultConfiguration()
        session.httpAdditionalHeaders = ["Authorization": "Bearer SESSION-TOKEN", "X-API-Key": "SESSION-KEY"]
        let client = APIClient(
            configuration: .init(
                baseURL: origins.home.url("/api"), retryPolicy: nil, allowsInsecureHTTP: true),
            transport: URLSessionTransport(configuration: session))
        _ = try await client.send(Endpoint<Data>(.get, target: .path("go"), decoding: .data))
        #expect(origins.home.requests.last?.header("Authorization") == "Bearer SESSION-TOKEN")
        let landed = try #require(origins.other.requests.last)
        #expect(landed.header("Authorization") == nil)
        #expect(landed.header("X-API-Key") == nil)
    }

    // R6: only URLCache.shared is dropped; an ephemeral configuration's own cache stays.
    @Test("A transport on an app-made ephemeral configuration keeps no URL-keyed cache")
    func ephemeralURLCacheIsDropped() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        server.route("GET", "/api/me") { request in
            .json(
                #"{"user":"\#(request.header("X-User") ?? "none")"}"#,
                headers: ["Cache-Control": "max-age=600"])
        }
        let transport = URLSessionTransport(configuration: .ephemeral)
        var bodies: [String] = []
        for user in ["alice", "bob"] {
            let client = APIClient(
                configuration: .init(
                    baseURL: server.url("/api"), defaultHeaders: ["X-User": user], retryPolicy: nil,
                    allowsInsecureHTTP: true),
                transport: transport)
            bodies.append(
                String(
                    decoding: try await client.send(
                        Endpoint<Data>(.get, target: .path("me"), decoding: .data)), as: UTF8.self))
        }
        #expect(bodies.last?.contains("bob") == true, "\(bodies)")
        #expect(server.requests.count == 2)
        #expect(transport.session.configuration.urlCache == nil)
    }

    // R7: a credential declared on the transport's RedirectPolicy is not one to the cache.
    @Test("A header the transport's policy declares keeps its response out of the shared partition")
    func transportDeclaredHeaderPartitionsTheCache() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        server.route("GET", "/api/me") { request in
            .json(
                #"{"tenant":"\#(request.header("X-Tenant") ?? "none")"}"#,
                headers: ["Cache-Control": "max-age=600"])
        }
        let cache = try HTTPCache(directory: nil)
        let transport = URLSessionTransport(
            redirectPolicy: RedirectPolicy(credentialHeaders: CredentialHeaders(declaring: ["X-Tenant"])))
        func client(_ user: String) -> APIClient {
            APIClient(
                configuration: .init(
                    baseURL: server.url("/api"), defaultHeaders: ["X-Tenant": "tenant-\(user)"],
                    // Now a credential, the header goes over plain http only when allowed.
                    retryPolicy: nil, credentialScope: CredentialScope(allowsInsecureHTTP: true),
                    allowsInsecureHTTP: true, cache: cache, cacheScope: user),
                transport: transport)
        }
        _ = try await client("alice").send(Endpoint<Data>(.get, target: .path("me"), decoding: .data))
        let bob = try await client("bob").send(Endpoint<Data>(.get, target: .path("me"), decoding: .data))
        #expect(
            String(decoding: bob, as: UTF8.self).contains("tenant-bob"),
            "\(String(decoding: bob, as: UTF8.self))")
    }

    // R8: error texts one step beside APIError.describe.
    @Test("Other error texts show no query value")
    func otherErrorTextsHideQueries() async throws {
        let refused = UploadFailure.uploadURLRefused(
            URL(string: "https://up.evil.test/u?upload_token=UP-SECRET")!)
        #expect(!refused.description.contains("UP-SECRET"), "\(refused)")
        let client = APIClient(configuration: .init(retryPolicy: nil), transport: StubTransport())
        do {
            _ = try await client.send(
                Endpoint<Data>(.get, target: .path("reset?token=PATH-SECRET"), decoding: .data))
            Issue.record("sent without a base URL")
        } catch {
            #expect(!"\(error)".contains("PATH-SECRET"), "\(error)")
        }
        let policy = RedirectPolicy.default.decide(
            from: URL(string: "https://api.test/a")!, to: URL(string: "myapp://cb?code=REDIRECT-SECRET")!)
        if case .refuse(let reason) = policy { #expect(!reason.contains("REDIRECT-SECRET"), "\(reason)") }
    }

    /// The cache's user-info check reads the URL's text (Foundation's `user` parses it again on
    /// every call, which cost the cache's memory hit about a third): an `@` counts only in the
    /// authority.
    @Test("User info is found in the authority only")
    func userInfoIsReadFromTheAuthority() throws {
        let cases: [(String, Bool)] = [
            ("https://u:p@api.test/x", true), ("https://u@api.test", true), ("https://api.test/a@b", false),
            ("https://api.test/?mail=a@b", false), ("https://api.test#a@b", false),
            ("https://api.test", false),
        ]
        for (text, expected) in cases {
            let url = try #require(URL(string: text))
            #expect(CachedExchange.hasUserInfo(url) == expected, "\(text)")
            #expect(CachedExchange.hasUserInfo(url) == (url.user != nil || url.password != nil), "\(text)")
        }
        // Relative to a base: the base's user info counts, and a scheme-relative URL's own.
        let base = try #require(URL(string: "https://u:p@api.test/v1/"))
        for (relative, expected) in [("me", true), ("//other.test/x", false), ("//v@other.test/x", true)] {
            let url = try #require(
                URL(
                    string: relative,
                    relativeTo: URL(
                        string: expected && relative == "me" ? base.absoluteString : "https://api.test/")!))
            #expect(
                CachedExchange.hasUserInfo(url) == (url.user != nil || url.password != nil), "\(relative)")
        }
    }
}
