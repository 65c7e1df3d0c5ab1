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

/// Credentials in logs and error texts: declared headers, provider headers, URL user info and
/// query tokens.
@Suite("Credentials stay out of logs and error descriptions")
struct CredentialLeakTests {
    /// A provider that authenticates with a header of no credential shape.
    struct SessionHeaderProvider: AuthenticationProvider {
        func credential() async throws -> String { "PROVIDER-SESSION-VALUE" }
        func refresh(old: String) async throws -> String { old }
        func apply(_ credential: String, to request: inout URLRequest) {
            request.setValue(credential, forHTTPHeaderField: "X-Session")
        }
    }

    static func logging() -> (LoggingEventMonitor, CapturingLogSink) {
        let sink = CapturingLogSink()
        let system = LogRouter(
            configuration: .init(minimumLevel: .trace, redactsPrivateValues: false, routes: [.init(sink)]))
        return (LoggingEventMonitor(logger: system.logger(subsystem: "t", category: "n")), sink)
    }

    @Test("A header the app declared as a credential is never logged in clear")
    func declaredHeaderIsRedacted() async throws {
        let stub = StubTransport()
        stub.route(.get, "/x", .status(503))
        for curl in [false, true] {
            let (plain, sink) = Self.logging()
            var monitor = plain
            monitor.logsCURL = curl
            let client = APIClient(
                configuration: .init(
                    baseURL: URL(string: "https://api.test")!,
                    defaultHeaders: ["X-Tenant-Signature-V2": "TENANT-SIG-VALUE"], retryPolicy: .never,
                    eventMonitors: [monitor],
                    credentialHeaders: CredentialHeaders(declaring: ["X-Tenant-Signature-V2"])),
                transport: stub)
            await #expect(throws: APIError.self) { try await client.send(Endpoint<Void>(.get, "x")) }
            let text = sink.messages.joined(separator: "\n")
            // The monitor's default redactor knew only the standard set: it used to log the value.
            #expect(text.contains("X-Tenant-Signature-V2"), "\(text)")
            #expect(!text.contains("TENANT-SIG-VALUE"), "\(text)")
        }
        #expect(stub.requests.allSatisfy { $0.header("X-Tenant-Signature-V2") == "TENANT-SIG-VALUE" })
    }

    @Test("A header a provider sets is never logged in clear")
    func providerHeaderIsRedacted() async throws {
        let stub = StubTransport()
        stub.route(.get, "/x", .status(503))
        let (monitor, sink) = Self.logging()
        let client = APIClient(
            configuration: .init(
                baseURL: URL(string: "https://api.test")!,
                interceptors: [AuthenticationInterceptor(provider: SessionHeaderProvider())],
                retryPolicy: .never, eventMonitors: [monitor]),
            transport: stub)
        await #expect(throws: APIError.self) { try await client.send(Endpoint<Void>(.get, "x")) }
        #expect(stub.requests.first?.header("X-Session") == "PROVIDER-SESSION-VALUE")
        let text = sink.messages.joined(separator: "\n")
        // It used to be logged in clear: `X-Session` has no credential shape.
        #expect(text.contains("X-Session"), "\(text)")
        #expect(!text.contains("PROVIDER-SESSION-VALUE"), "\(text)")
    }

    @Test("A header a provider sets is never logged in clear on a streamed call either")
    func providerHeaderIsRedactedWhenStreamed() async throws {
        let stub = StubTransport()
        stub.route(.get, "/x", .status(503))
        stub.route(.get, "/ok", .json("{}"))
        let (monitor, sink) = Self.logging()
        let client = APIClient(
            configuration: .init(
                baseURL: URL(string: "https://api.test")!,
                interceptors: [AuthenticationInterceptor(provider: SessionHeaderProvider())],
                retryPolicy: .never, eventMonitors: [monitor]),
            transport: stub)
        await #expect(throws: APIError.self) {
            try await client.bytes(for: rawEndpoint("x"))
        }
        let streamed = try await client.bytes(for: rawEndpoint("ok"))
        for try await _ in streamed.body {}
        #expect(stub.requests.allSatisfy { $0.header("X-Session") == "PROVIDER-SESSION-VALUE" })
        let text = sink.messages.joined(separator: "\n")
        // Streamed calls used to bind no per-call names: the provider's header was in clear.
        #expect(text.contains("X-Session"), "\(text)")
        #expect(!text.contains("PROVIDER-SESSION-VALUE"), "\(text)")
    }

    @Test("A refused redirect's reason shows the target without its query")
    func refusedRedirectReasonHidesTheQuery() {
        let decision = RedirectPolicy.default.decide(
            from: URL(string: "https://api.test/a")!, to: URL(string: "myapp://cb?code=SECRET-CODE")!)
        guard case .refuse(let reason) = decision else {
            Issue.record("a non-http redirect must be refused")
            return
        }
        // It used to quote the target's absoluteString, code and all.
        #expect(!reason.contains("SECRET-CODE"), "\(reason)")
    }

    @Test("The public kind of an error is a fixed text, never a path")
    func kindIsFixed() {
        let error = APIError.notCached(URL(string: "https://api.test/reset/RESET-TOKEN")!)
        let (kind, _) = LoggingEventMonitor.summary(of: error, redactor: Redactor())
        // It used to be the description up to the first `:`: "nothing cached for /reset/RESET-TOKEN".
        #expect(kind == "not cached")
        let refused = APIError.redirectRefused(
            from: URL(string: "https://api.test/a")!, to: URL(string: "myapp://cb?code=X")!, reason: "r")
        #expect(LoggingEventMonitor.summary(of: refused, redactor: Redactor()).kind == "redirect refused")
        #expect(
            LoggingEventMonitor.summary(of: APIError.timedOut(after: .seconds(3)), redactor: Redactor()).kind
                == "timed out")
        let status = APIError.status(code: 404, headers: [:], body: Data(), isBodyTruncated: false)
        #expect(LoggingEventMonitor.summary(of: status, redactor: Redactor()).kind == "status 404")
    }

    @Test("A production log of a notCached call keeps the path private")
    func notCachedInProduction() async throws {
        let sink = CapturingLogSink()
        let system = LogRouter(
            configuration: .init(minimumLevel: .trace, redactsPrivateValues: true, routes: [.init(sink)]))
        let client = APIClient(
            configuration: .init(
                baseURL: URL(string: "https://api.test")!, retryPolicy: .never,
                eventMonitors: [LoggingEventMonitor(logger: system.logger(subsystem: "t", category: "n"))],
                cache: try HTTPCache(directory: nil), cachePolicy: .cacheOnly),
            transport: StubTransport())
        await #expect(throws: APIError.self) {
            try await client.send(Endpoint<Void>(.get, "reset/RESET-TOKEN"))
        }
        let text = sink.messages.joined(separator: "\n")
        #expect(text.contains("not cached"), "\(text)")
        #expect(!text.contains("RESET-TOKEN"), "\(text)")
    }

    static let secretURL = URL(string: "http://u:pw@api.test/x?access_token=SECRET&page=2#frag")!

    static func expectClean(_ description: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for secret in ["SECRET", "u:pw", "pw@", "frag"] {
            #expect(!description.contains(secret), "\(description)", sourceLocation: sourceLocation)
        }
    }

    @Test("No error description quotes user info or query values")
    func errorDescriptionsHideURLSecrets() async throws {
        let refused = APIError.redirectRefused(from: Self.secretURL, to: Self.secretURL, reason: "test")
        // It used to print both URLs' absoluteString.
        Self.expectClean(refused.description)
        #expect(refused.description.contains("http://<redacted>@api.test/x?access_token=…&page=…"))

        // Plain http without allowsInsecureHTTP: the reason used to quote the whole URL.
        let stub = StubTransport()
        let client = APIClient(
            configuration: .init(baseURL: URL(string: "https://api.test")!, retryPolicy: .never),
            transport: stub)
        for target in [
            EndpointTarget.url(Self.secretURL),
            .url(URL(string: "ftp://u:pw@api.test/x?access_token=SECRET")!),
            .path("http://u:pw@api.test/x?access_token=SECRET"),
            .path("x?access_token=SECRET"),
        ] {
            do {
                _ = try await client.send(Endpoint<Data>(.get, target: target, decoding: .data))
                Issue.record("\(target) was sent")
            } catch {
                Self.expectClean(String(describing: error))
            }
        }
        let base = APIClient(
            configuration: .init(baseURL: URL(string: "ftp://u:pw@api.test/?access_token=SECRET")!),
            transport: stub)
        do {
            try await base.send(Endpoint<Void>(.get, "x"))
            Issue.record("an ftp base URL was used")
        } catch {
            Self.expectClean(String(describing: error))
        }
        #expect(stub.requests.isEmpty)
    }

    @Test("URL text for errors: user info and query values replaced, names and path kept")
    func describeURLText() {
        #expect(
            APIError.describe(urlText: "https://a:b@h:8/p?x=1&y&z=2#f")
                == "https://<redacted>@h:8/p?x=…&y&z=…#…")
        #expect(APIError.describe(urlText: "users/a@b") == "users/a@b")
        #expect(APIError.describe(urlText: "https://h/p#k=v") == "https://h/p#…")
        #expect(APIError.describe(urlText: "") == "")
    }

    @Test("A redirect whose task has no URL is followed without credentials (fail closed)")
    func redirectWithoutSourceStripsCredentials() {
        let router = SessionRouter(redirectPolicy: .default, pinning: nil)
        let task = URLSessionTask()
        #expect(task.currentRequest == nil && task.originalRequest == nil)
        var proposed = URLRequest(url: URL(string: "https://elsewhere.test/next")!)
        proposed.setValue("Bearer SECRET", forHTTPHeaderField: "Authorization")
        proposed.setValue("json", forHTTPHeaderField: "Accept")
        let response = HTTPURLResponse(
            url: URL(string: "https://api.test/a")!, statusCode: 302, httpVersion: "HTTP/1.1",
            headerFields: ["Location": "https://elsewhere.test/next"])!
        let followed = Locked<URLRequest??>(nil)
        router.urlSession(
            URLSession.shared, task: task, willPerformHTTPRedirection: response, newRequest: proposed
        ) { next in followed.withLock { $0 = .some(next) } }
        // It used to be followed unchanged, `Authorization` included.
        let next = followed.withLock { $0 }
        #expect(next != nil)
        #expect(next??.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(next??.value(forHTTPHeaderField: "Accept") == "json")
    }

    @Test("An app configuration keeping URLCache.shared gets no URL cache")
    func sharedURLCacheIsDropped() {
        let configuration = URLSessionConfiguration.default
        configuration.urlCache = URLCache.shared
        let transport = URLSessionTransport(configuration: configuration)
        // It used to keep `URLCache.shared`, a process-wide cache outside the HTTPCache scopes.
        #expect(transport.session.configuration.urlCache == nil)
        #expect(configuration.urlCache === URLCache.shared, "the app's object is left as it is")
    }
}
