import Foundation
import KeelNetworking
import KeelNetworkingTesting
import KeelTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A custom boundary used to be sent as given and unquoted: `----=_Part_0_1234.5678` (the
/// JavaMail style) went out as `boundary=----=_Part_0_1234.5678`, which a strict parser (Go's
/// `mime.ParseMediaType`) rejects; `a;b` silently became boundary `a`; an empty boundary or one
/// of 71+ characters was sent too.
@Suite("Multipart boundaries follow RFC 2046 and are quoted when they are not tokens")
struct MultipartBoundaryTests {
    static func client(_ stub: StubTransport) -> APIClient {
        APIClient(
            baseURL: URL(string: "https://api.test"), transport: stub, retryPolicy: nil, clock: TestClock())
    }

    static let invalid = [
        "", String(repeating: "a", count: 71), "a;b", "a\"b", "ends in a space ", "é-boundary", "a\tb",
        "a\r\nb",
    ]

    @Test(
        "A boundary outside RFC 2046's bchars is refused, naming the body; nothing is sent",
        arguments: invalid)
    func refused(_ boundary: String) async throws {
        let stub = StubTransport()
        var form = MultipartFormData(boundary: boundary)
        form.append("Ada", name: "name")
        let error = try await #require(throws: APIError.self) {
            try await Self.client(stub).send(Endpoint<Void>(.post, "upload", body: .multipart(form)))
        }
        guard case .invalidRequest(let field, let reason) = error else {
            Issue.record("expected invalidRequest, got \(error)")
            return
        }
        #expect(field == "body.multipart", "\(reason)")
        #expect(stub.requests.isEmpty)
        #expect(throws: APIError.self) { try form.encodedData() }
    }

    @Test("A large form with an invalid boundary is refused before a temporary file is written")
    func refusedBeforeFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keel-boundary-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var form = MultipartFormData(boundary: "a;b")
        form.append(Data(count: 64), name: "blob")
        #expect(throws: APIError.self) { try form.encode(memoryThreshold: 1, temporaryDirectory: directory) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test(
        "Valid boundaries go: a token as it is, one with tspecials or a space quoted",
        arguments: [
            ("keel-test-boundary", "multipart/form-data; boundary=keel-test-boundary"),
            ("----=_Part_0_1234.5678", "multipart/form-data; boundary=\"----=_Part_0_1234.5678\""),
            ("a b(c),d/e:f?g", "multipart/form-data; boundary=\"a b(c),d/e:f?g\""),
            ("'+_-.", "multipart/form-data; boundary='+_-."),
            (
                String(repeating: "z", count: 70),
                "multipart/form-data; boundary=" + String(repeating: "z", count: 70)
            ),
        ])
    func accepted(_ boundary: String, _ contentType: String) async throws {
        let stub = StubTransport()
        stub.route(.post, "/upload", .status(204))
        var form = MultipartFormData(boundary: boundary)
        form.append("Ada", name: "name")
        try await Self.client(stub).send(Endpoint<Void>(.post, "upload", body: .multipart(form)))
        let request = try #require(stub.requests.first)
        #expect(request.header("Content-Type") == contentType)
        let body = String(decoding: request.body, as: UTF8.self)
        // The delimiters in the body are the boundary itself, never its quoted form.
        #expect(body.hasPrefix("--\(boundary)\r\n"))
        #expect(body.hasSuffix("\r\n--\(boundary)--\r\n"))
    }
}
