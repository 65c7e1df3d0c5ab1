import Foundation
import KeelSupport
import KeelTestSupport
import Testing

/// swift-corelibs-foundation#5285 (fix proposed in PR #5286): when a server closes the
/// connection in the middle of the response head (or sends a header line that starts with a
/// lone CR, which curl takes for the end of the head), curl reports the transfer as complete and
/// FoundationNetworking stops the process with "Transfer completed, but there's no response"
/// before any delegate callback, so no transport built on URLSession can catch it. These tests
/// run the case in a child process and pin down what happens, so a toolchain with the fix shows
/// up (the typed outcome) and any other outcome fails.
@Suite("Upstream: a server closing mid-headers (swift-corelibs-foundation#5285)")
struct UpstreamAbortTests {
    static let cases: [(name: String, response: String)] = [
        ("status line only", "HTTP/1.1 200 OK\r\n"),
        ("mid header", "HTTP/1.1 200 OK\r\nContent-Type: application/js"),
        ("HTTP/1.0 status line only", "HTTP/1.0 200 OK\r\n"),
        ("a 100 Continue, then a cut final head", "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\n"),
        // curl ends the head at a line starting with CR; FoundationNetworking waits for CRLF.
        ("a header line starting with a lone CR", "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\rX: y\r\n\r\n"),
        ("a header line starting with NUL", "HTTP/1.1 200 OK\r\n\u{0}X: y\r\nContent-Length: 0\r\n\r\n"),
        // A valid response: chunked with a trailer field.
        (
            "a chunked body with a trailer field",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\nX-Trailer: 1\r\n\r\n"
        ),
    ]

    @Test(
        "Closing mid-headers aborts a child process in FoundationNetworking, or (fixed) yields a typed error")
    func midHeaderClose() async throws {
        let helper = try #require(
            ChildProcess.builtExecutable(named: "KeelNetworkingTestHelper"),
            "KeelNetworkingTestHelper is built beside the tests")
        for (name, response) in Self.cases {
            let hex = Data(response.utf8).map { String(format: "%02x", $0) }.joined()
            // No crash backtracer: it can outlive the child (holding its output open) and
            // takes seconds per crash under the thread sanitizer.
            var environment = ProcessInfo.processInfo.environment
            environment["SWIFT_BACKTRACE"] = "enable=no"
            let run = try await ChildProcess.run(
                helper, arguments: ["raw-response", hex], environment: environment)
            let aborted = run.standardError.contains("Transfer completed, but there's no response")
            let typed = run.status == 0 && run.standardOutput.contains("result=apierror")
            print(
                "mid-header close (\(name)): status \(run.status), aborted upstream: \(aborted), typed: \(typed)"
            )
            #expect(
                (aborted && run.status != 0) || typed,
                "\(name): status \(run.status) out: \(run.standardOutput) err: \(run.standardError.suffix(400))"
            )
        }
    }
}
