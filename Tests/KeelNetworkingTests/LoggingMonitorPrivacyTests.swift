import Foundation
import KeelLogging
import KeelNetworking
import KeelNetworkingTesting
import KeelTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Security finding 3 (log privacy): the monitor's messages keep URL paths, queries, headers,
/// bodies and error details private, so a redacting configuration (production) hides them
/// even where the redactor knows no secret name.
@Suite("The logging monitor logs paths and queries as private values")
struct LoggingMonitorPrivacyTests {
    static let url = URL(
        string: "https://api.test:8443/users/ada%40example.com/reset?email=ada%40example.com&token=t0k")!

    /// `text` with each `<hash:…>` mask replaced by `<hash>`: a mask is 16 random-keyed hex
    /// digits, so it can spell `ada` by chance (about 1 in 300 masks), which is not a leak.
    static func unmasked(_ text: String) -> String {
        text.replacing(#/<hash:[0-9a-f]{16}>/#, with: "<hash>")
    }

    static func request() -> URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("ada@example.com", forHTTPHeaderField: "X-User")
        return request
    }

    static func monitor(redacting: Bool) -> (LoggingEventMonitor, CapturingLogSink) {
        let sink = CapturingLogSink()
        let system = LogRouter(
            configuration: .init(minimumLevel: .trace, redactsPrivateValues: redacting, routes: [.init(sink)])
        )
        let monitor = LoggingEventMonitor(
            logger: system.logger(subsystem: "test", category: "net"), logsBodies: true)
        return (monitor, sink)
    }

    static func exerciseEveryCallback(_ monitor: LoggingEventMonitor) {
        let request = request()
        let body = Data(#"{"email":"ada@example.com"}"#.utf8)
        monitor.requestWillSend(request, body: .data(body), attempt: 1)
        let response = HTTPURLResponse(
            url: url, statusCode: 500, httpVersion: "HTTP/1.1",
            headerFields: ["Content-Type": "application/json", "X-Echo": "ada@example.com"])!
        monitor.requestDidReceive(response, data: body, for: request, attempt: 1)
        monitor.requestWillRetry(
            request, attempt: 1, delay: .milliseconds(5), failure: .timedOut(after: .seconds(1)))
        let failure = URLError(
            .timedOut, userInfo: [NSURLErrorFailingURLErrorKey: url, "note": "ada@example.com"])
        monitor.requestDidFinish(request, outcome: .failure(failure), attempts: 2, duration: .seconds(1))
        monitor.requestDidFinish(request, outcome: .success(response), attempts: 2, duration: .seconds(1))
    }

    @Test func withRedactionOnNoPathQueryOrPersonalValueReachesASink() {
        let (monitor, sink) = Self.monitor(redacting: true)
        Self.exerciseEveryCallback(monitor)
        #expect(sink.messages.count == 5)
        for message in sink.messages.map(Self.unmasked) {
            #expect(!message.contains("ada"), "\(message)")
            #expect(!message.contains("reset") && !message.contains("users"), "\(message)")
            #expect(!message.contains("t0k"), "\(message)")
            // The origin stays readable for operations.
            #expect(message.contains("https://api.test:8443"), "\(message)")
        }
        let warning = sink.records(at: .warning).map(\.message.description).joined()
        #expect(warning.contains("failed"), "\(warning)")
        #expect(warning.contains("<hash:"), "the path is masked, still correlatable: \(warning)")
    }

    @Test func aFailedCallInProductionWritesNoURLToTheLogFile() async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("keel-monitor-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = try LoggingConfiguration.production(logDirectory: directory)
        let system = LogRouter(configuration: configuration)
        let stub = StubTransport()
        stub.route(.post, "/users/ada/reset", .status(503))
        let client = APIClient(
            configuration: .init(
                baseURL: URL(string: "https://api.test")!, retryPolicy: .never,
                eventMonitors: [
                    LoggingEventMonitor(logger: system.logger(subsystem: "app", category: "net"))
                ], allowsInsecureHTTP: true
            ),
            transport: stub)
        let endpoint = Endpoint<Void>(
            .post, "users/ada/reset", query: [URLQueryItem(name: "email", value: "ada@example.com")])
        await #expect(throws: APIError.self) { try await client.send(endpoint) }
        system.flush()
        let file = try #require(configuration.sink(ofType: FileSink.self))
        let text = Self.unmasked(try String(contentsOf: file.currentFileURL, encoding: .utf8))
        #expect(text.contains("WARNING") || text.contains("warning"), "\(text)")
        #expect(text.contains("https://api.test") && text.contains("status 503"), "\(text)")
        #expect(!text.contains("ada") && !text.contains("reset"), "\(text)")
    }

    @Test func cURLLinesArePrivateToo() {
        let sink = CapturingLogSink()
        let system = LogRouter(
            configuration: .init(minimumLevel: .trace, redactsPrivateValues: true, routes: [.init(sink)]))
        let monitor = LoggingEventMonitor(
            logger: system.logger(subsystem: "t", category: "n"), logsBodies: true, logsCURL: true)
        monitor.requestWillSend(Self.request(), body: .none, attempt: 1)
        let text = Self.unmasked(sink.messages.joined())
        #expect(!text.contains("ada") && !text.contains("reset"), "\(text)")
    }

    @Test func withRedactionOffTheRedactorStillHidesSecrets() {
        let (monitor, sink) = Self.monitor(redacting: false)
        Self.exerciseEveryCallback(monitor)
        let text = sink.messages.joined(separator: "\n")
        #expect(text.contains("/users/ada%40example.com/reset"), "development shows the path")
        #expect(!text.contains("t0k"), "\(text)")
        #expect(text.contains("token=<redacted>"))
    }
}
