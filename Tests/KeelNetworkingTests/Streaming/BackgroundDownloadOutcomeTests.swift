import Foundation
import KeelNetworking
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The rule `BackgroundDownloads` (Apple-only) applies before moving a finished file into
/// place, tested on every platform.
@Suite("Background download outcome")
struct BackgroundDownloadOutcomeTests {
    static let url = URL(string: "https://api.example.com/files/42")!

    static func response(_ status: Int) -> HTTPURLResponse {
        HTTPURLResponse(
            url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: ["X-Trace": "t"])!
    }

    /// A background download used to move whatever arrived over the destination — a `403` or
    /// `500` error page included — and report success.
    @Test(
        "Only a 2xx answer is the file; an error page is its status, typed",
        arguments: [403, 404, 500, 304, 199])
    func errorPageIsNotTheFile(status: Int) {
        guard
            case .failure(.status(let code, let headers, _, _)) = BackgroundDownloadOutcome.decide(
                Self.response(status))
        else {
            Issue.record("\(status) should fail with its status")
            return
        }
        #expect(code == status)
        #expect(headers["X-Trace"] == "t")
    }

    @Test("A 2xx answer is moved into place", arguments: [200, 203, 206, 299])
    func successIsTheFile(status: Int) {
        #expect((try? BackgroundDownloadOutcome.decide(Self.response(status)).get()) != nil)
    }

    @Test("No HTTP response is an invalid response, not a file")
    func noResponse() {
        guard case .failure(.invalidResponse) = BackgroundDownloadOutcome.decide(nil) else {
            Issue.record("a missing response should fail")
            return
        }
        let plain = URLResponse(url: Self.url, mimeType: nil, expectedContentLength: 0, textEncodingName: nil)
        guard case .failure(.invalidResponse) = BackgroundDownloadOutcome.decide(plain) else {
            Issue.record("a response that is not HTTP should fail")
            return
        }
    }

    /// A background download had no size bound: the system wrote whatever the server sent (an
    /// endless chunked body, a 50 GB `Content-Length`) and the file was moved into place.
    @Test("A transfer past the limit stops, by what was written or what is announced")
    func transferPastTheLimitStops() {
        let limit: Int64 = 128 << 20
        #expect(!BackgroundDownloadOutcome.exceedsLimit(written: limit, expected: -1, limit: limit))
        #expect(BackgroundDownloadOutcome.exceedsLimit(written: limit + 1, expected: -1, limit: limit))
        #expect(BackgroundDownloadOutcome.exceedsLimit(written: 10, expected: 50 << 30, limit: limit))
        #expect(!BackgroundDownloadOutcome.exceedsLimit(written: 10, expected: limit, limit: limit))
    }

    @Test("A finished file past the limit is refused as too large, not moved")
    func finishedFilePastTheLimit() {
        guard
            case .failure(.responseTooLarge(let limit)) = BackgroundDownloadOutcome.decide(
                Self.response(200), fileSize: 2049, maximumBytes: 2048)
        else {
            Issue.record("a file over the limit should be refused")
            return
        }
        #expect(limit == 2048)
        #expect(
            (try? BackgroundDownloadOutcome.decide(Self.response(200), fileSize: 2048, maximumBytes: 2048)
                .get()) != nil)
    }
}
