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
