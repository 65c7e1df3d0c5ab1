import Foundation
import KeelLogging
import KeelNetworking
import KeelNetworkingTesting
import KeelTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Redaction in the logging monitor and cURL output")
struct RedactionTests {
    static let secrets = ["s3cr3t-token", "session=abc123", "hunter2", "4321", "qsecret", "setcookie-value"]

    static func makeRequest() -> URLRequest {
        var request = URLRequest(
            url: URL(string: "https://api.test/login?user=ada&token=qsecret&sid=qsecret")!)
        request.httpMethod = "POST"
        request.setValue("Bearer s3cr3t-token", forHTTPHeaderField: "Authorization")
        request.setValue("session=abc123", forHTTPHeaderField: "Cookie")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        return request
    }

    static let body = Data(
        #"{"user":"ada","password":"hunter2","profile":{"pin":"4321","city":"London"}}"#.utf8)
    static let redactor = Redactor(queryItems: ["sid"], jsonFields: ["pin"])

    @Test("12. Authorization, Cookie, Set-Cookie and configured fields are redacted in the logging monitor")
    func loggingMonitor() async throws {
        let sink = CapturingLogSink()
        // Redaction of private values is off (development), so what is checked here is the
        // redactor alone; LoggingMonitorPrivacyTests covers the redacting configurations.
        let system = LogRouter(
            configuration: .init(minimumLevel: .trace, redactsPrivateValues: false, routes: [.init(sink)]))
        let monitor = LoggingEventMonitor(
            logger: system.logger(subsystem: "test", category: "net"), redactor: Self.redactor,
            logsBodies: true)
        let stub = StubTransport()
        stub.route(
            .post, "/login",
            .json(
                #"{"token":"s3cr3t-token","id":1,"name":"ada"}"#, headers: ["Set-Cookie": "setcookie-value"]))
        let client = APIClient(
            configuration: .init(
                baseURL: URL(string: "https://api.test")!,
                defaultHeaders: ["Authorization": "Bearer s3cr3t-token", "Cookie": "session=abc123"],
                eventMonitors: [monitor], allowsInsecureHTTP: true),
            // A test clock: the logged duration is then 0 s, whose digits cannot spell "4321".
            transport: stub, clock: TestClock())
        let endpoint = Endpoint<User>(
            .post, "login",
            query: [
                URLQueryItem(name: "token", value: "qsecret"), URLQueryItem(name: "sid", value: "qsecret"),
            ],
            body: .data(Self.body, contentType: "application/json"))
        _ = try await client.send(endpoint)
        let text = sink.messages.joined(separator: "\n")
        #expect(sink.messages.count >= 3)
        for secret in Self.secrets { #expect(!text.contains(secret), "leaked \(secret): \(text)") }
        #expect(text.contains("Authorization: <redacted>"))
        #expect(text.contains("Cookie: <redacted>"))
        #expect(text.contains("Set-Cookie: <redacted>"))
        #expect(text.contains("token=<redacted>"))
        #expect(text.contains(#""pin":"<redacted>""#))
        #expect(text.contains("London"))
    }

    @Test("12. The cURL renderer redacts the same things")
    func curl() {
        let command = CURLRenderer(redactor: Self.redactor).render(Self.makeRequest(), body: .data(Self.body))
        for secret in Self.secrets { #expect(!command.contains(secret), "leaked \(secret): \(command)") }
        #expect(
            command.hasPrefix(
                "curl -X POST 'https://api.test/login?user=ada&token=<redacted>&sid=<redacted>'"))
        #expect(command.contains("-H 'Authorization: <redacted>'"))
        #expect(command.contains("-H 'Cookie: <redacted>'"))
        #expect(command.contains(#""password":"<redacted>""#))
        #expect(command.contains(#""city":"London""#))
    }

    @Test("The monitor can log cURL commands, still redacted")
    func monitorCURL() {
        let sink = CapturingLogSink()
        let system = LogRouter(
            configuration: .init(minimumLevel: .trace, redactsPrivateValues: false, routes: [.init(sink)]))
        let monitor = LoggingEventMonitor(
            logger: system.logger(subsystem: "t", category: "n"), redactor: Self.redactor, logsBodies: true,
            logsCURL: true)
        monitor.requestWillSend(Self.makeRequest(), body: .data(Self.body), attempt: 1)
        let text = sink.messages.joined()
        #expect(text.contains("curl -X POST"))
        for secret in Self.secrets { #expect(!text.contains(secret)) }
    }

    @Test("Shell quoting survives single quotes")
    func quoting() {
        var request = URLRequest(url: URL(string: "https://api.test/x")!)
        request.setValue("it's", forHTTPHeaderField: "X-Note")
        #expect(CURLRenderer().render(request).contains(#"-H 'X-Note: it'\''s'"#))
    }
}
